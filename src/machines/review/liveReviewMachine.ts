import { fromPromise } from 'xstate';
import type { ReviewInput } from '../../contracts/review.ts';
import type { Http } from '../../services/http/http.ts';
import { reviewMachine } from './reviewMachine.ts';

// The review call's module loads when a review is sent.
const reviews = () => import('../../services/admin/reviewApi.ts');

/** The review popup with its call: POST /api/review through `http`. */
export function createLiveReviewMachine(http: Http) {
  return reviewMachine.provide({
    actors: {
      submitReview: fromPromise(async ({ input }: { input: ReviewInput }) =>
        (await reviews()).submitReview(http, input),
      ),
    },
  });
}
