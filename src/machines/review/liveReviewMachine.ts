import { fromPromise } from 'xstate';
import type { ReviewInput } from '../../contracts/review.ts';
import { adminQueryKeys, reviewQueryKeys } from '../../services/admin/adminKeys.ts';
import type { Http } from '../../services/http/http.ts';
import type { QueryClientSource } from '../../services/http/queryClientSource.ts';
import { reviewMachine } from './reviewMachine.ts';

// The review call's module loads when a review is sent.
const reviews = () => import('../../services/admin/reviewApi.ts');

// What a review changes: the user's own credits (Settings › Profile) and the admin's lists of reviews and credits.
const TOUCHED = [reviewQueryKeys.myCredits, adminQueryKeys.reviews, adminQueryKeys.credits];

/** The review popup with its call: POST /api/review through `http`; a sent review refreshes what it touched. */
export function createLiveReviewMachine(http: Http, queries: QueryClientSource) {
  return reviewMachine.provide({
    actors: {
      submitReview: fromPromise(async ({ input }: { input: ReviewInput }) => {
        const result = await (await reviews()).submitReview(http, input);
        // No cache yet: nothing was read, so nothing is stale.
        const queryClient = queries.current();
        for (const queryKey of TOUCHED) void queryClient?.invalidateQueries({ queryKey });
        return result;
      }),
    },
  });
}
