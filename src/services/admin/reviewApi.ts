import type { WithStringIds } from '../../contracts/jsonSchema.ts';
import type {
  AdminReviewRow,
  CreditChange,
  CreditEntryRow,
  MyCreditEntryRow,
  MyCreditsRow,
  ReviewInput,
  ReviewResult,
} from '../../contracts/review.ts';
import type { Http } from '../http/http.ts';

export type { ReviewResult };

/** POST /api/review. */
export async function submitReview(http: Http, input: ReviewInput): Promise<ReviewResult> {
  const raw = await http.post('review', { json: input }).json<Partial<ReviewResult>>();
  return { creditsAwarded: typeof raw.creditsAwarded === 'number' ? raw.creditsAwarded : 0 };
}

/** One of the signed-in user's own credit entries (credits may be negative). */
export type MyCreditEntry = WithStringIds<MyCreditEntryRow>;
/** The signed-in user's credits: the balance (every entry) and the latest entries, newest first. */
export type MyCredits = { balance: number; entries: MyCreditEntry[] };

/** GET /api/review/credits/me: the signed-in user's own credits. */
export async function getMyCredits(http: Http): Promise<MyCredits> {
  const raw = await http.get('review/credits/me').json<MyCreditsRow>();
  return {
    balance: raw.balance,
    entries: raw.entries.map((entry) => ({
      ...entry,
      id: String(entry.id),
      description: entry.description ?? '',
    })),
  };
}

/** A review in the admin list. */
export type AdminReview = WithStringIds<AdminReviewRow>;
/** A credit ledger entry (credits may be negative). */
export type CreditEntry = WithStringIds<CreditEntryRow>;

export type CreditUpdate = CreditChange & { id: string };

/** GET /api/review/admin/reviews (platform admins). */
export async function listAdminReviews(http: Http): Promise<AdminReview[]> {
  const raw = await http.get('review/admin/reviews').json<AdminReviewRow[]>();
  return raw.map((review) => ({ ...review, id: String(review.id), reviewText: review.reviewText ?? '' }));
}

/** GET /api/review/admin/credits (platform admins). */
export async function listAdminCredits(http: Http): Promise<CreditEntry[]> {
  const raw = await http.get('review/admin/credits').json<CreditEntryRow[]>();
  return raw.map((entry) => ({ ...entry, id: String(entry.id), description: entry.description ?? '' }));
}

/** PUT /api/review/admin/credits/{id}. */
export async function updateCredit(http: Http, { id, credits, description }: CreditUpdate): Promise<void> {
  await http.put(`review/admin/credits/${id}`, { json: { credits, description } });
}
