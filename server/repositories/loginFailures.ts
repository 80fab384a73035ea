import type { Queryable } from '../db/types.ts';

/** Failures of one email from one IP before that pair is refused. */
export const MAX_LOGIN_FAILURES = 10;
/** Failures from one IP across all emails before the IP is refused (password spraying). */
export const MAX_IP_LOGIN_FAILURES = 30;
/** Both keys count over this window; the purge job drops rows older than it. */
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;

const WINDOW = `interval '${LOGIN_FAILURE_WINDOW_MINUTES} minutes'`;

/** Which key refused the attempt, and in how many seconds it would be let through. */
export type Attempt =
  | { attemptId: string; refused: false }
  | { attemptId: string; refused: 'email' | 'ip'; retryAfterSeconds: number };

/**
 * Records a sign-in attempt as a failure *before* the password is checked, then counts it twice:
 * per email+IP and per IP across emails. Insert-then-count (two statements, each committed on its
 * own) means that among any number of parallel attempts at most the limit get through: whichever
 * commits its insert past the limit counts past it. A check-then-insert would let a burst of
 * parallel guesses all pass. The caller then forgets the attempt (refused), clears this email's
 * failures (success) or keeps it (failure). Rows live in the database, so every process counts together.
 */
export async function beginAttempt(db: Queryable, email: string, ip: string): Promise<Attempt> {
  // Rows older than the window no longer count: drop this IP's as we go so the table stays small.
  const inserted = await db.one<{ id: string }>(
    `with expired as (
       delete from login_failures where ip = $2 and failed_at <= now() - ${WINDOW}
     )
     insert into login_failures (email, ip) values ($1, $2) returning id::text as id`,
    [email, ip],
  );
  if (!inserted) throw new Error('insert into login_failures returned no row');
  const attemptId = inserted.id;
  // One scan of this IP's recent rows (index on ip, failed_at) answers both counts.
  const counted = await db.one<{ emailFailures: number; ipFailures: number }>(
    `select count(*) filter (where email = $1)::integer as "emailFailures",
            count(*)::integer as "ipFailures"
     from login_failures where ip = $2 and failed_at > now() - ${WINDOW}`,
    [email, ip],
  );
  if ((counted?.emailFailures ?? 0) > MAX_LOGIN_FAILURES) {
    const retryAfterSeconds = await secondsUntilBelow(db, { ip, email, attemptId }, MAX_LOGIN_FAILURES);
    return { attemptId, refused: 'email', retryAfterSeconds };
  }
  if ((counted?.ipFailures ?? 0) > MAX_IP_LOGIN_FAILURES) {
    const retryAfterSeconds = await secondsUntilBelow(
      db,
      { ip, email: null, attemptId },
      MAX_IP_LOGIN_FAILURES,
    );
    return { attemptId, refused: 'ip', retryAfterSeconds };
  }
  return { attemptId, refused: false };
}

/**
 * How long until enough of the key's other failures leave the window for one more attempt to pass:
 * with n failures besides this attempt, the (n - limit + 1)-th oldest must expire.
 */
async function secondsUntilBelow(
  db: Queryable,
  key: { ip: string; email: string | null; attemptId: string },
  limit: number,
): Promise<number> {
  const row = await db.one<{ seconds: number | null }>(
    `with others as (
       select failed_at from login_failures
       where ip = $1 and ($2::text is null or email = $2) and id <> $3::bigint
         and failed_at > now() - ${WINDOW}
     )
     select ceil(extract(epoch from (
       select failed_at from others order by failed_at
       offset greatest((select count(*) from others) - $4, 0) limit 1
     ) + ${WINDOW} - now()))::integer as seconds`,
    [key.ip, key.email, key.attemptId, limit],
  );
  return Math.max(1, row?.seconds ?? 1);
}

/** Removes a refused attempt, so refusals do not extend the lockout. */
export async function forgetAttempt(db: Queryable, attemptId: string): Promise<void> {
  await db.query('delete from login_failures where id = $1::bigint', [attemptId]);
}

/**
 * After a successful sign-in: this email and IP start from zero again. Only this email's rows go,
 * so signing in to one's own account does not wipe the IP's failures against other emails.
 */
export async function clearFailures(db: Queryable, email: string, ip: string): Promise<void> {
  await db.query('delete from login_failures where email = $1 and ip = $2', [email, ip]);
}
