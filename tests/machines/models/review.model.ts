import { createMachine } from 'xstate';

// Effect-free model of the review popup (spec §4, §5, §8, §9): rating starts at 0; submit only after a
// star; thank-you for 2000 ms, then the popup closes and resets; a failure keeps what was typed and
// says "Failed to submit review. Please try again.". Ignored events are self-loops.
export const reviewModel = createMachine({
  id: 'reviewModel',
  initial: 'loading',
  states: {
    loading: { on: { load: 'closed' } },
    closed: { on: { 'review.open': 'unrated', 'review.submit': 'closed' } },
    unrated: {
      on: {
        'review.rate': 'rated',
        'review.submit': 'unrated',
        'review.changeText': 'unrated',
        'review.changeEmail': 'unrated',
        'review.close': 'closed',
      },
    },
    rated: {
      on: {
        'review.rate': 'rated',
        'review.unrate': 'unrated',
        'review.changeText': 'rated',
        'review.changeEmail': 'rated',
        'review.submit': 'submitting',
        'review.close': 'closed',
      },
    },
    submitting: {
      on: {
        'call.succeed': 'thanks',
        'call.fail': 'failed',
        'review.submit': 'submitting',
        'review.rate': 'submitting',
        'review.close': 'closed',
      },
    },
    failed: {
      on: { 'review.submit': 'submitting', 'review.close': 'closed', 'review.changeText': 'failed' },
    },
    thanks: {
      on: {
        'clock.almost': 'thanks',
        'clock.elapsed': 'closed',
        'review.submit': 'thanks',
        'review.close': 'closed',
      },
    },
  },
});
