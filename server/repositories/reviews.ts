import type { Queryable } from '../db/types.ts';

export const FIRST_REVIEW_CREDITS = 10;

export type NewReview = { userId: number; rating: number; reviewText: string; email: string | null };

/**
 * Stores the review and, for the user's first review, awards credits — in the caller's
 * transaction. The partial unique index on credit_ledger makes the award happen once even when
 * several first reviews arrive at the same time. Returns the credits awarded.
 */
export async function addReview(tx: Queryable, review: NewReview): Promise<number> {
  await tx.query('insert into reviews (user_id, rating, review_text, email) values ($1, $2, $3, $4)', [
    review.userId,
    review.rating,
    review.reviewText,
    review.email,
  ]);
  const awarded = await tx.query<{ id: number }>(
    `insert into credit_ledger (user_id, credits, source, description)
     values ($1, $2, 'review', 'Thank you for your review')
     on conflict (user_id) where source = 'review' do nothing
     returning id`,
    [review.userId, FIRST_REVIEW_CREDITS],
  );
  return awarded.length > 0 ? FIRST_REVIEW_CREDITS : 0;
}
