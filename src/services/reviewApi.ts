import type { ReviewInput } from './apiTypes.ts';
import type { Http } from './http.ts';

/** What the server grants for a review. */
export type ReviewResult = { creditsAwarded: number };

/** POST /api/review. */
export async function submitReview(http: Http, input: ReviewInput): Promise<ReviewResult> {
  const raw = await http.post('review', { json: input }).json<Partial<ReviewResult>>();
  return { creditsAwarded: typeof raw.creditsAwarded === 'number' ? raw.creditsAwarded : 0 };
}
