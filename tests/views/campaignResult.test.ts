import { describe, expect, test } from 'vitest';
import { campaignResult, canRetry } from '../../src/views/crm/campaignResult.ts';

describe('campaignResult: what became of a sent campaign, plainly', () => {
  test.each([
    [{ sent: 120, outbox: 0, failed: 3 }, 'Sent to 120 · 3 failed'],
    [{ sent: 41, outbox: 0, failed: 0 }, 'Sent to 41'],
    [{ sent: 0, outbox: 0, failed: 2 }, 'Sent to 0 · 2 failed'],
    [{ sent: 0, outbox: 2, failed: 0 }, '2 in the outbox'],
    [{ sent: 2, outbox: 1, failed: 1 }, 'Sent to 2 · 1 failed · 1 in the outbox'],
    [
      { sent: 0, outbox: 0, failed: 0 },
      'Nobody was sent this campaign: its audience has no email addresses.',
    ],
  ])('%o reads "%s"', (stats, sentence) => {
    expect(campaignResult(stats)).toBe(sentence);
  });

  test('Retry is offered only when some failed', () => {
    expect(canRetry({ sent: 120, outbox: 0, failed: 3 })).toBe(true);
    expect(canRetry({ sent: 120, outbox: 0, failed: 0 })).toBe(false);
    expect(canRetry({ sent: 0, outbox: 2, failed: 0 })).toBe(false);
  });
});
