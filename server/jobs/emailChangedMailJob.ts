import type { Mailer, MailMessage } from './mailer.ts';

/** What the profile route queues when the sign-in email changes: the mail goes to the OLD address. */
export type EmailChangedMailData = {
  previousEmail: string;
  newEmail: string;
  changedAt: string;
};

export function emailChangedMessage(data: EmailChangedMailData): MailMessage {
  return {
    to: data.previousEmail,
    subject: 'Your BizSite sign-in email was changed',
    text: [
      `Your BizSite sign-in email was changed to ${data.newEmail} (at ${data.changedAt}).`,
      '',
      'From now on you sign in with that address; this one no longer works.',
      '',
      "If this wasn't you, reply to this message right away so we can secure your account:",
      'someone who knows your password may be signed in to it.',
    ].join('\n'),
  };
}

/** Mails the old address (or logs the message when SMTP_URL is unset, like every mail). */
export async function sendEmailChangedMail(
  mailer: Mailer,
  data: EmailChangedMailData,
): Promise<{ delivered: boolean }> {
  await mailer.send(emailChangedMessage(data));
  return { delivered: mailer.delivers };
}
