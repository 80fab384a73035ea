import type { Campaign, CampaignStatus } from '../../contracts/crm.ts';

type Stats = Pick<Campaign['stats'], 'sent' | 'outbox' | 'failed'>;

/** Said only when messages wait in the outbox, which happens only when the server has no mail server. */
export const NO_MAIL_SERVER =
  "No mail server is configured, so messages wait in the outbox (CRM › Communications). To send mail, set SMTP_URL (for example smtp://user:password@mail.example.com:587) in the server's environment and restart it.";

const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending…',
  sent: 'Sent',
};

const waiting = (n: number) =>
  `${n} ${n === 1 ? 'message waits' : 'messages wait'} in the outbox until a mail server is set up`;

/**
 * A campaign's status in words. The server marks a campaign sent once its messages are written, but "Sent" is
 * said only when none of them still waits in the outbox (no mail server) and some were delivered.
 */
export function campaignStatus(campaign: { status: CampaignStatus; stats: Stats }): string {
  const { status, stats } = campaign;
  if (status !== 'sent') return STATUS_LABELS[status];
  if (stats.outbox > 0) return 'Waiting to send';
  if (stats.sent === 0) return stats.failed > 0 ? 'Not delivered' : 'Not sent';
  return STATUS_LABELS.sent;
}

/**
 * What became of a sent campaign, plainly: 'Sent to 120 · 3 failed', or 'Queued — 2 messages wait in the outbox
 * until a mail server is set up' when no mail server is configured (see NO_MAIL_SERVER for how to configure one).
 */
export function campaignResult(stats: Stats): string {
  const { sent, outbox, failed } = stats;
  if (sent + outbox + failed === 0)
    return 'Nobody was sent this campaign: its audience has no email addresses.';
  if (sent + failed === 0) return `Queued — ${waiting(outbox)}`;
  const parts = [`Sent to ${sent}`];
  if (failed > 0) parts.push(`${failed} failed`);
  if (outbox > 0) parts.push(waiting(outbox));
  return parts.join(' · ');
}

/** Whether the failed messages can be sent again (Retry). */
export const canRetry = (stats: Stats): boolean => stats.failed > 0;
