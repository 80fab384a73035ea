import type { Mailer, MailMessage } from './mailer.ts';

/** What the invite route queues: everything the mail needs, nothing to look up again. */
export type InvitationMailData = {
  to: string;
  accountName: string;
  inviterName: string;
  link: string;
  expiresAt: string;
};

export function invitationMessage(data: InvitationMailData): MailMessage {
  return {
    to: data.to,
    subject: `${data.inviterName} invited you to ${data.accountName}`,
    text: [
      `${data.inviterName} invited you to join ${data.accountName} on BizSite.`,
      '',
      `Open this link to accept (it works once, until ${data.expiresAt}):`,
      data.link,
      '',
      'If you have no BizSite account yet, create one with this email address.',
    ].join('\n'),
  };
}

export async function sendInvitationMail(
  mailer: Mailer,
  data: InvitationMailData,
): Promise<{ delivered: boolean }> {
  await mailer.send(invitationMessage(data));
  return { delivered: mailer.delivers };
}
