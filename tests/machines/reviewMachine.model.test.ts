import { expect, test } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  REVIEW_FAILED_MESSAGE,
  reviewMachine,
  selectCanSubmitReview,
  selectReviewBusy,
  selectReviewOpen,
  selectReviewThanks,
  selectReviewTyped,
  THANK_YOU_DELAY_MS,
} from '../../src/machines/review/reviewMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { FakeCalls } from './fakeActors.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { reviewModel } from './models/review.model.ts';

const coverage = trackCoverage(reviewMachine);

const model = createTestModel(reviewModel, { serializeTransition: serializeEveryTransition });
const paths = model.getShortestPaths();

type Form = { rating: number; reviewText: string; email: string };

for (const path of paths) {
  test(`review: ${path.description}`, async () => {
    let actor!: Actor<typeof reviewMachine>;
    let calls!: FakeCalls;
    let clock!: SimulatedClock;
    // What the popup should hold, kept in step with the events sent.
    let form: Form = { rating: 0, reviewText: '', email: '' };
    let submissions = 0;
    const empty: Form = { rating: 0, reviewText: '', email: '' };

    await path.test({
      events: {
        load: () => {
          calls = new FakeCalls();
          clock = new SimulatedClock();
          actor = createActor(
            reviewMachine.provide({ actors: { submitReview: calls.actor('submitReview') } }),
            {
              clock,
              inspect: coverage.inspect,
            },
          ).start();
        },
        'review.open': () => actor.send({ type: 'review.open' }),
        'review.close': () => {
          actor.send({ type: 'review.close' });
          form = empty;
        },
        'review.rate': () => {
          const rating = (form.rating % 5) + 1;
          actor.send({ type: 'review.rate', rating });
          if (actor.getSnapshot().matches({ open: 'editing' })) form = { ...form, rating };
        },
        'review.unrate': () => {
          actor.send({ type: 'review.rate', rating: 0 });
          form = { ...form, rating: 0 };
        },
        'review.changeText': () => {
          actor.send({ type: 'review.changeText', text: '  Lovely product  ' });
          form = { ...form, reviewText: '  Lovely product  ' };
        },
        'review.changeEmail': () => {
          actor.send({ type: 'review.changeEmail', email: ' fan@example.com ' });
          form = { ...form, email: ' fan@example.com ' };
        },
        'review.submit': () => {
          const allowed = actor.getSnapshot().matches({ open: 'editing' }) && form.rating >= 1;
          actor.send({ type: 'review.submit' });
          if (allowed) submissions += 1;
        },
        'call.succeed': async () => {
          expect(await calls.settle({ creditsAwarded: 10 })).toBe('submitReview');
        },
        'call.fail': async () => {
          expect(await calls.fail(new ApiError(500, 'Internal Server Error'))).toBe('submitReview');
        },
        'clock.almost': () => clock.increment(THANK_YOU_DELAY_MS - 1),
        'clock.elapsed': () => {
          clock.increment(THANK_YOU_DELAY_MS);
          form = empty;
        },
      },
      states: {
        closed: () => {
          const snapshot = actor.getSnapshot();
          expect(selectReviewOpen(snapshot)).toBe(false);
          expect(selectReviewTyped(snapshot)).toBe(false);
          expect(snapshot.context).toEqual({ ...empty, emailError: null, error: null, creditsAwarded: 0 });
        },
        unrated: () => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.matches({ open: 'editing' })).toBe(true);
          expect(snapshot.context).toMatchObject({ ...form, rating: 0, error: null });
          expect(selectCanSubmitReview(snapshot)).toBe(false);
          // Escape keeps the popup open once anything was typed (keepTypedInput.ts).
          expect(selectReviewTyped(snapshot)).toBe(form.reviewText !== '' || form.email !== '');
        },
        rated: () => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.matches({ open: 'editing' })).toBe(true);
          expect(snapshot.context).toMatchObject({ ...form, error: null });
          expect(snapshot.context.rating).toBeGreaterThanOrEqual(1);
          expect(selectCanSubmitReview(snapshot)).toBe(true);
          expect(selectReviewTyped(snapshot)).toBe(true);
        },
        submitting: () => {
          const snapshot = actor.getSnapshot();
          expect(selectReviewBusy(snapshot)).toBe(true);
          expect(selectCanSubmitReview(snapshot)).toBe(false);
          expect(selectReviewTyped(snapshot)).toBe(true);
          expect(calls.calls).toHaveLength(submissions);
          // Text trimmed, a blank email sent as null.
          expect(calls.calls.at(-1)).toEqual({
            name: 'submitReview',
            input: {
              rating: form.rating,
              reviewText: form.reviewText.trim(),
              email: form.email.trim() || null,
            },
          });
        },
        failed: () => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.matches({ open: 'editing' })).toBe(true);
          expect(snapshot.context.error).toBe(REVIEW_FAILED_MESSAGE);
          expect(snapshot.context).toMatchObject(form);
          expect(selectCanSubmitReview(snapshot)).toBe(true);
          expect(selectReviewTyped(snapshot)).toBe(true);
        },
        thanks: () => {
          const snapshot = actor.getSnapshot();
          expect(selectReviewThanks(snapshot)).toBe(true);
          expect(snapshot.context.creditsAwarded).toBe(10);
          // Nothing left to lose: Escape closes the thank-you.
          expect(selectReviewTyped(snapshot)).toBe(false);
        },
      },
    });
  });
}

test('the generated review paths cover every state and transition of the model', () => {
  const { edges, states } = walked(paths, 'loading');
  expect([...declaredStates(reviewModel)].filter((s) => s !== 'reviewModel' && !states.has(s))).toEqual([]);
  expect([...declaredTransitions(reviewModel)].filter((e) => !edges.has(e))).toEqual([]);
});

test('the failure message is the spec’s, word for word', () => {
  expect(REVIEW_FAILED_MESSAGE).toBe('Failed to submit review. Please try again.');
  expect(THANK_YOU_DELAY_MS).toBe(2000);
});

testRealCoverage(coverage, 'reviewMachine');
