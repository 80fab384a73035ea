import type {
  AdminReviewRow,
  CreditChange,
  CreditEntryRow,
  MyCreditEntryRow,
  MyCreditsRow,
} from '../../src/contracts/review.ts';
import { rowMapper } from '../db/rows.ts';
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

const toReview = rowMapper<AdminReviewRow>({ dates: ['createdAt'] });
const toCredit = rowMapper<CreditEntryRow>({ dates: ['createdAt'] });

/** Every review, newest first (at most `limit`). */
export async function listReviews(db: Queryable, limit: number): Promise<AdminReviewRow[]> {
  const rows = await db.query<AdminReviewRow>(
    `select r.id, u.name as "userName", u.email as "userEmail", r.rating, r.review_text as "reviewText",
       r.created_at as "createdAt"
     from reviews r join users u on u.id = r.user_id
     order by r.created_at desc, r.id desc limit $1`,
    [limit],
  );
  return rows.map(toReview);
}

const CREDIT_COLUMNS = `c.id, u.name as "userName", u.email as "userEmail", c.credits, c.source, c.description,
  c.created_at as "createdAt"`;

/** Every credit ledger entry, newest first (at most `limit`). */
export async function listCredits(db: Queryable, limit: number): Promise<CreditEntryRow[]> {
  const rows = await db.query<CreditEntryRow>(
    `select ${CREDIT_COLUMNS} from credit_ledger c join users u on u.id = c.user_id
     order by c.created_at desc, c.id desc limit $1`,
    [limit],
  );
  return rows.map(toCredit);
}

const toMyCredit = rowMapper<MyCreditEntryRow>({ dates: ['createdAt'] });

/** One user's credits: the sum of all their entries, and their latest `limit` entries, newest first. */
export async function listUserCredits(db: Queryable, userId: number, limit: number): Promise<MyCreditsRow> {
  // One statement, so the balance and the entries agree: the window sum runs over every entry, before the limit.
  // sum() of integers is a bigint, which both drivers return as text.
  const rows = await db.query<MyCreditEntryRow & { balance: string | number }>(
    `select id, credits, source, description, created_at as "createdAt", sum(credits) over () as balance
     from credit_ledger where user_id = $1 order by created_at desc, id desc limit $2`,
    [userId, limit],
  );
  const balance = Number(rows[0]?.balance ?? 0);
  return { balance, entries: rows.map(({ balance: _, ...entry }) => toMyCredit(entry)) };
}

/** An admin's correction of one entry; returns the entry before and after, or null when there is none. */
export async function updateCredit(
  tx: Queryable,
  id: number,
  change: CreditChange,
): Promise<{ before: CreditEntryRow; after: CreditEntryRow } | null> {
  const row = await tx.one<CreditEntryRow>(
    `select ${CREDIT_COLUMNS} from credit_ledger c join users u on u.id = c.user_id where c.id = $1 for update of c`,
    [id],
  );
  if (!row) return null;
  const before = toCredit(row);
  await tx.query('update credit_ledger set credits = $2, description = $3 where id = $1', [
    id,
    change.credits,
    change.description,
  ]);
  return { before, after: { ...before, ...change } };
}
