import type { Queryable } from '../db/types.ts';

export const MAX_LOGIN_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;

const WINDOW = `interval '${LOGIN_FAILURE_WINDOW_MINUTES} minutes'`;

export type Attempt = { attemptId: string; refused: boolean };

/**
 * Records a sign-in attempt as a failure *before* the password is checked, then counts.
 * Insert-then-count (two statements, each committed on its own) means that among any number of
 * parallel attempts at most MAX_LOGIN_FAILURES get through: whichever commits its insert 11th
 * counts at least 11 rows. A check-then-insert would let a burst of parallel guesses all pass.
 * The caller then forgets the attempt (refused), clears the failures (success) or keeps it (failure).
 */
export async function beginAttempt(db: Queryable, email: string, ip: string): Promise<Attempt> {
  // Rows older than the window no longer count: drop them as we go so the table stays small.
  const inserted = await db.one<{ id: string }>(
    `with expired as (
       delete from login_failures where email = $1 and ip = $2 and failed_at <= now() - ${WINDOW}
     )
     insert into login_failures (email, ip) values ($1, $2) returning id::text as id`,
    [email, ip],
  );
  if (!inserted) throw new Error('insert into login_failures returned no row');
  const counted = await db.one<{ failures: number }>(
    `select count(*)::integer as failures from login_failures
     where email = $1 and ip = $2 and failed_at > now() - ${WINDOW}`,
    [email, ip],
  );
  return { attemptId: inserted.id, refused: (counted?.failures ?? 0) > MAX_LOGIN_FAILURES };
}

/** Removes a refused attempt, so refusals do not extend the lockout. */
export async function forgetAttempt(db: Queryable, attemptId: string): Promise<void> {
  await db.query('delete from login_failures where id = $1::bigint', [attemptId]);
}

/** After a successful sign-in: this email and IP start from zero again. */
export async function clearFailures(db: Queryable, email: string, ip: string): Promise<void> {
  await db.query('delete from login_failures where email = $1 and ip = $2', [email, ip]);
}
