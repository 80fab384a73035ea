import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { ReviewInput } from '../../src/contracts/review.ts';
import {
  REVIEW_FAILED_MESSAGE,
  reviewMachine,
  selectCanSubmitReview,
  selectReviewOpen,
  selectReviewThanks,
} from '../../src/machines/review/reviewMachine.ts';
import { flush } from './fakeActors.ts';

function startReview(outcome: 'succeed' | 'fail') {
  const clock = new SimulatedClock();
  const sent: ReviewInput[] = [];
  const machine = reviewMachine.provide({
    actors: {
      submitReview: fromPromise(async ({ input }: { input: ReviewInput }) => {
        sent.push(input);
        if (outcome === 'fail') throw new Error('500');
        return { creditsAwarded: 5 };
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, sent };
}

describe('reviewMachine', () => {
  test('opens with rating 0 and submit disabled until a star is chosen', () => {
    const { actor } = startReview('succeed');

    actor.send({ type: 'review.open' });
    expect(actor.getSnapshot().context.rating).toBe(0);
    expect(selectCanSubmitReview(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'review.submit' });
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    actor.send({ type: 'review.rate', rating: 4 });

    expect(selectCanSubmitReview(actor.getSnapshot())).toBe(true);
  });

  test('a malformed email keeps it editing and sends nothing; a well-formed one is sent trimmed', async () => {
    const { actor, sent } = startReview('succeed');
    actor.send({ type: 'review.open' });
    actor.send({ type: 'review.rate', rating: 3 });
    actor.send({ type: 'review.changeEmail', email: 'fan at example' });
    expect(selectCanSubmitReview(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'review.submit' });
    await flush();
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(sent).toEqual([]);

    actor.send({ type: 'review.changeEmail', email: ' fan@example.com ' });
    actor.send({ type: 'review.submit' });
    await flush();
    expect(sent).toEqual([{ rating: 3, reviewText: '', email: 'fan@example.com' }]);
  });

  test('a text longer than the API takes sends nothing; shortened, it is sent', async () => {
    const { actor, sent } = startReview('succeed');
    actor.send({ type: 'review.open' });
    actor.send({ type: 'review.rate', rating: 2 });
    actor.send({ type: 'review.changeText', text: 'a'.repeat(2001) });
    actor.send({ type: 'review.submit' });
    await flush();
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(sent).toEqual([]);

    actor.send({ type: 'review.changeText', text: 'a'.repeat(2000) });
    actor.send({ type: 'review.submit' });
    await flush();
    expect(sent.map((review) => review.reviewText.length)).toEqual([2000]);
  });

  test('sends rating, text and email (null when blank), thanks for 2000 ms, then closes and resets', async () => {
    const { actor, clock, sent } = startReview('succeed');
    actor.send({ type: 'review.open' });
    actor.send({ type: 'review.rate', rating: 5 });
    actor.send({ type: 'review.changeText', text: ' Great ' });

    actor.send({ type: 'review.submit' });
    await flush();

    expect(sent).toEqual([{ rating: 5, reviewText: 'Great', email: null }]);
    expect(selectReviewThanks(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.creditsAwarded).toBe(5);
    clock.increment(1999);
    expect(selectReviewOpen(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(selectReviewOpen(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({
      rating: 0,
      reviewText: '',
      email: '',
      creditsAwarded: 0,
    });
  });

  test('a failed submission keeps the popup open with the spec message', async () => {
    const { actor } = startReview('fail');
    actor.send({ type: 'review.open' });
    actor.send({ type: 'review.rate', rating: 3 });
    actor.send({ type: 'review.changeEmail', email: 'me@example.com' });

    actor.send({ type: 'review.submit' });
    await flush();

    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(REVIEW_FAILED_MESSAGE);
    expect(REVIEW_FAILED_MESSAGE).toBe('Failed to submit review. Please try again.');
  });

  test('closing discards what was typed', () => {
    const { actor } = startReview('succeed');
    actor.send({ type: 'review.open' });
    actor.send({ type: 'review.rate', rating: 2 });

    actor.send({ type: 'review.close' });
    actor.send({ type: 'review.open' });

    expect(actor.getSnapshot().context.rating).toBe(0);
  });
});
