import type { Campaign } from '../../contracts/crm.ts';

type Stats = Pick<Campaign['stats'], 'sent' | 'outbox' | 'failed'>;

/** Said only when messages wait in the outbox, which happens only when the server has no mail server. */
export const NO_MAIL_SERVER =
  "No mail server is configured, so messages wait in the outbox (CRM › Communications). To send mail, set SMTP_URL (for example smtp://user:password@mail.example.com:587) in the server's environment and restart it.";

/**
 * What became of a sent campaign, plainly: 'Sent to 120 · 3 failed', or '2 in the outbox' when no mail
 * server is configured (see NO_MAIL_SERVER for how to configure one).
 */
export function campaignResult(stats: Stats): string {
  const { sent, outbox, failed } = stats;
  if (sent + outbox + failed === 0)
    return 'Nobody was sent this campaign: its audience has no email addresses.';
  const parts: string[] = [];
  if (sent > 0 || failed > 0) parts.push(`Sent to ${sent}`);
  if (failed > 0) parts.push(`${failed} failed`);
  if (outbox > 0) parts.push(`${outbox} in the outbox`);
  return parts.join(' · ');
}

/** Whether the failed messages can be sent again (Retry). */
export const canRetry = (stats: Stats): boolean => stats.failed > 0;
