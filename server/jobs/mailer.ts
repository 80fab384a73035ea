import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string };

export type Mailer = {
  /** Sends the message; rejects when the SMTP server refuses it (the job then fails and retries). */
  send(message: MailMessage): Promise<void>;
  /** True when mail really leaves (SMTP_URL set), false when messages are only logged. */
  readonly delivers: boolean;
};

export type MailConfig = { smtpUrl: string | null; from: string };

type Log = { info: (object: object, message: string) => void };

/** SMTP through nodemailer when `smtpUrl` is set; otherwise each message is written to the log. */
export function createMailer({ smtpUrl, from }: MailConfig, log: Log): Mailer {
  if (!smtpUrl) {
    return {
      delivers: false,
      send: async (message) => {
        log.info(
          { to: message.to, subject: message.subject, text: message.text },
          'mail not sent: SMTP_URL is unset',
        );
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    delivers: true,
    send: async (message) => {
      await transport.sendMail({ from, ...message });
    },
  };
}
