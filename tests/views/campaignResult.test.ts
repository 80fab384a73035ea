import { describe, expect, test } from 'vitest';
import { campaignResult } from '../../src/views/crm/campaignResult.ts';

describe('campaignResult: what became of a sent campaign, as a sentence', () => {
  test.each([
    [{ sent: 0, outbox: 1, failed: 0 }, '1 message is waiting in the outbox: no mail server is set up yet.'],
    [
      { sent: 0, outbox: 3, failed: 0 },
      '3 messages are waiting in the outbox: no mail server is set up yet.',
    ],
    [{ sent: 41, outbox: 0, failed: 0 }, 'Sent to 41 contacts.'],
    [{ sent: 1, outbox: 0, failed: 0 }, 'Sent to 1 contact.'],
    [{ sent: 41, outbox: 0, failed: 1 }, 'Sent to 41 contacts. 1 could not be delivered.'],
    [{ sent: 0, outbox: 0, failed: 2 }, '2 could not be delivered.'],
    [
      { sent: 2, outbox: 1, failed: 1 },
      'Sent to 2 contacts. 1 could not be delivered. 1 message is waiting in the outbox: no mail server is set up yet.',
    ],
    [
      { sent: 0, outbox: 0, failed: 0 },
      'Nobody was sent this campaign: its audience has no email addresses.',
    ],
  ])('%o reads "%s"', (stats, sentence) => {
    expect(campaignResult(stats)).toBe(sentence);
  });
});
