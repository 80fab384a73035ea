import type { Campaign } from '../../contracts/crm.ts';

const contacts = (n: number) => `${n} ${n === 1 ? 'contact' : 'contacts'}`;

/**
 * What became of a sent campaign, as sentences: delivered ("Sent to 41 contacts."), not delivered
 * ("1 could not be delivered."), and kept in the outbox because no mail server is set up.
 */
export function campaignResult(stats: Pick<Campaign['stats'], 'sent' | 'outbox' | 'failed'>): string {
  const { sent, outbox, failed } = stats;
  if (sent + outbox + failed === 0)
    return 'Nobody was sent this campaign: its audience has no email addresses.';
  const parts: string[] = [];
  if (sent > 0) parts.push(`Sent to ${contacts(sent)}.`);
  if (failed > 0) parts.push(`${failed} could not be delivered.`);
  if (outbox > 0) {
    parts.push(
      outbox === 1
        ? '1 message is waiting in the outbox: no mail server is set up yet.'
        : `${outbox} messages are waiting in the outbox: no mail server is set up yet.`,
    );
  }
  return parts.join(' ');
}
