import { describe, expect, test } from 'vitest';
import { campaignResult, campaignStatus, canRetry } from '../../src/views/crm/campaignResult.ts';

describe('campaignResult: what became of a sent campaign, plainly', () => {
  test.each([
    [{ sent: 120, outbox: 0, failed: 3 }, 'Sent to 120 · 3 failed'],
    [{ sent: 41, outbox: 0, failed: 0 }, 'Sent to 41'],
    [{ sent: 0, outbox: 0, failed: 2 }, 'Sent to 0 · 2 failed'],
    [
      { sent: 0, outbox: 2, failed: 0 },
      'Queued — 2 messages wait in the outbox until a mail server is set up',
    ],
    [
      { sent: 0, outbox: 1, failed: 0 },
      'Queued — 1 message waits in the outbox until a mail server is set up',
    ],
    [
      { sent: 2, outbox: 1, failed: 1 },
      'Sent to 2 · 1 failed · 1 message waits in the outbox until a mail server is set up',
    ],
    [
      { sent: 0, outbox: 0, failed: 0 },
      'Nobody was sent this campaign: its audience has no email addresses.',
    ],
  ])('%o reads "%s"', (stats, sentence) => {
    expect(campaignResult(stats)).toBe(sentence);
  });

  test.each([
    ['draft', { sent: 0, outbox: 0, failed: 0 }, 'Draft'],
    ['sending', { sent: 1, outbox: 0, failed: 0 }, 'Sending…'],
    ['sent', { sent: 0, outbox: 3, failed: 0 }, 'Waiting to send'],
    ['sent', { sent: 5, outbox: 1, failed: 0 }, 'Waiting to send'],
    ['sent', { sent: 0, outbox: 0, failed: 2 }, 'Not delivered'],
    ['sent', { sent: 0, outbox: 0, failed: 0 }, 'Not sent'],
    ['sent', { sent: 4, outbox: 0, failed: 1 }, 'Sent'],
  ] as const)('a %s campaign with %o has the status "%s"', (status, stats, words) => {
    expect(campaignStatus({ status, stats })).toBe(words);
  });

  test('Retry is offered only when some failed', () => {
    expect(canRetry({ sent: 120, outbox: 0, failed: 3 })).toBe(true);
    expect(canRetry({ sent: 120, outbox: 0, failed: 0 })).toBe(false);
    expect(canRetry({ sent: 0, outbox: 2, failed: 0 })).toBe(false);
  });
});
