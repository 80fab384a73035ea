import { assign, setup } from 'xstate';
import { isWellFormedEmail } from '../../contracts/common.ts';
import { type ReviewInput, reviewTextFits } from '../../contracts/review.ts';
import type { ReviewResult } from '../../services/admin/reviewApi.ts';
import { notProvided } from '../app/notProvided.ts';
import { EMPTY_REVIEW, type ReviewContext, reviewReady } from './reviewSelectors.ts';

export type { ReviewContext } from './reviewSelectors.ts';
export {
  selectCanSubmitReview,
  selectReviewBusy,
  selectReviewOpen,
  selectReviewThanks,
  selectReviewTyped,
} from './reviewSelectors.ts';

/** Spec §9: how long the thank-you shows before the popup closes. */
export const THANK_YOU_DELAY_MS = 2000;
export const REVIEW_FAILED_MESSAGE = 'Failed to submit review. Please try again.';

export type ReviewEvent =
  | { type: 'review.open' }
  | { type: 'review.close' }
  | { type: 'review.rate'; rating: number }
  | { type: 'review.changeText'; text: string }
  | { type: 'review.changeEmail'; email: string }
  | { type: 'review.submit' };

/** The optional email, when typed, must be an address the server takes (it refused it with a bare 400). */
export const REVIEW_EMAIL_INVALID = 'Enter a valid email address';
const emailErrorOf = (email: string): string | null =>
  email.trim() === '' || isWellFormedEmail(email) ? null : REVIEW_EMAIL_INVALID;

/** The review popup (systemId `review`): rating starts at 0 and must be 1-5 before submitting. */
export const reviewMachine = setup({
  types: { context: {} as ReviewContext, events: {} as ReviewEvent },
  actors: {
    /** POST /api/review. */
    submitReview: notProvided<ReviewResult, ReviewInput>('submitReview'),
  },
  actions: {
    reset: assign(() => EMPTY_REVIEW),
  },
  guards: {
    ready: ({ context }) => reviewReady(context) && reviewTextFits(context.reviewText),
  },
  delays: {
    thankYouDelay: THANK_YOU_DELAY_MS,
  },
}).createMachine({
  id: 'review',
  context: EMPTY_REVIEW,
  initial: 'closed',
  states: {
    closed: {
      on: { 'review.open': { target: 'open' } },
    },
    open: {
      initial: 'editing',
      on: { 'review.close': { target: 'closed', actions: 'reset' } },
      states: {
        editing: {
          on: {
            'review.rate': {
              actions: assign(({ event }) => ({
                rating: Math.min(5, Math.max(0, Math.round(event.rating))),
              })),
            },
            'review.changeText': { actions: assign(({ event }) => ({ reviewText: event.text })) },
            'review.changeEmail': {
              actions: assign(({ event }) => ({ email: event.email, emailError: emailErrorOf(event.email) })),
            },
            'review.submit': { guard: 'ready', target: 'submitting', actions: assign({ error: null }) },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'submitReview',
            input: ({ context }) => ({
              rating: context.rating,
              reviewText: context.reviewText.trim(),
              email: context.email.trim() || null,
            }),
            onDone: {
              target: 'thanks',
              actions: assign(({ event }) => ({ creditsAwarded: event.output.creditsAwarded })),
            },
            onError: { target: 'editing', actions: assign({ error: REVIEW_FAILED_MESSAGE }) },
          },
        },
        thanks: {
          after: { thankYouDelay: { target: '#review.closed', actions: 'reset' } },
        },
      },
    },
  },
});
