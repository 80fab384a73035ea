import type { ReviewInput } from '../contracts/auth.ts';
import type { Http } from './http.ts';

/** What the server grants for a review. */
export type ReviewResult = { creditsAwarded: number };

/** POST /api/review. */
export async function submitReview(http: Http, input: ReviewInput): Promise<ReviewResult> {
  const raw = await http.post('review', { json: input }).json<Partial<ReviewResult>>();
  return { creditsAwarded: typeof raw.creditsAwarded === 'number' ? raw.creditsAwarded : 0 };
}

/** A review in the admin list. */
export type AdminReview = {
  id: string;
  userName: string;
  userEmail: string;
  rating: number;
  reviewText: string;
  createdAt: string;
};

/** A credit ledger entry (credits may be negative). */
export type CreditEntry = {
  id: string;
  userName: string;
  userEmail: string;
  credits: number;
  source: string;
  description: string;
  createdAt: string;
};

export type CreditUpdate = { id: string; credits: number; description: string };

/** GET /api/review/admin/reviews (platform admins). */
export async function listAdminReviews(http: Http): Promise<AdminReview[]> {
  const raw = await http
    .get('review/admin/reviews')
    .json<Array<Omit<AdminReview, 'id'> & { id: string | number }>>();
  return raw.map((review) => ({ ...review, id: String(review.id), reviewText: review.reviewText ?? '' }));
}

/** GET /api/review/admin/credits (platform admins). */
export async function listAdminCredits(http: Http): Promise<CreditEntry[]> {
  const raw = await http
    .get('review/admin/credits')
    .json<Array<Omit<CreditEntry, 'id'> & { id: string | number }>>();
  return raw.map((entry) => ({ ...entry, id: String(entry.id), description: entry.description ?? '' }));
}

/** PUT /api/review/admin/credits/{id}. */
export async function updateCredit(http: Http, { id, credits, description }: CreditUpdate): Promise<void> {
  await http.put(`review/admin/credits/${id}`, { json: { credits, description } });
}
