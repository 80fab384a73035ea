import type { Queryable } from '../db/types.ts';
import { type ActivityEntry, activityInsert } from './activityLogs.ts';
import { toUser, type UserRow, type UserWithSecrets } from './users.ts';

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

/** The attempt, the verdict of its counts, and the user the email names (null: none) with their first account. */
export type SignInStart = Attempt & { user: UserWithSecrets | null; accountId: number | null };

/**
 * Starts a sign-in in one round trip: records the attempt as a failure *before* the password is checked,
 * counts it twice — per email+IP and per IP across emails — and reads the user row (with their first
 * account) that the password is then checked against. The counting is `begin_login_attempt` (migration
 * 0015): attempts from one IP take turns on an advisory lock, so each counts every attempt before it and
 * among any number of parallel attempts at most the limit get through (a check-then-insert would let a
 * burst of parallel guesses all pass). The caller then forgets the attempt (refused), clears this email's
 * failures (success) or keeps it (failure). Rows live in the database, so every process counts together.
 * (A SELECT that writes, but only login_failures, which no in-process cache keeps: it need not, and does
 * not, make those caches forget anything.)
 */
export async function beginAttempt(db: Queryable, email: string, ip: string): Promise<SignInStart> {
  type Row = { attemptId: string; emailFailures: number; ipFailures: number; accountId: number | null };
  // The user's columns are null when no user has this email.
  const row = await db.one<Row & (UserRow | { [column in keyof UserRow]: null })>(
    `select a.attempt_id::text as "attemptId", a.email_failures as "emailFailures",
       a.ip_failures as "ipFailures", u.id, u.email, u.name, u.role, u.plan, u.status, u.token_version,
       u.password_hash,
       (select m.account_id from account_members m where m.user_id = u.id
        order by m.joined_at, m.account_id limit 1) as "accountId"
     from begin_login_attempt($1, $2, ${WINDOW}) a left join users u on u.email = $1`,
    [email, ip],
  );
  if (!row) throw new Error('begin_login_attempt returned no row');
  const { attemptId, emailFailures, ipFailures, accountId } = row;
  const user = row.id === null ? null : toUser(row);
  if (emailFailures > MAX_LOGIN_FAILURES) {
    const retryAfterSeconds = await secondsUntilBelow(db, { ip, email, attemptId }, MAX_LOGIN_FAILURES);
    return { attemptId, refused: 'email', retryAfterSeconds, user, accountId };
  }
  if (ipFailures > MAX_IP_LOGIN_FAILURES) {
    const retryAfterSeconds = await secondsUntilBelow(
      db,
      { ip, email: null, attemptId },
      MAX_IP_LOGIN_FAILURES,
    );
    return { attemptId, refused: 'ip', retryAfterSeconds, user, accountId };
  }
  return { attemptId, refused: false, user, accountId };
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

/** Removes a refused attempt, so refusals do not extend the lockout; records `entry` in the same statement. */
export async function forgetAttempt(db: Queryable, attemptId: string, entry: ActivityEntry): Promise<void> {
  const log = activityInsert(entry, 2);
  await db.query(`with forgotten as (delete from login_failures where id = $1::bigint) ${log.sql}`, [
    attemptId,
    ...log.params,
  ]);
}

/**
 * After a successful sign-in: this email and IP start from zero again, and `entry` is recorded, in one
 * statement. Only this email's rows go, so signing in to one's own account does not wipe the IP's
 * failures against other emails.
 */
export async function clearFailures(
  db: Queryable,
  email: string,
  ip: string,
  entry: ActivityEntry,
): Promise<void> {
  const log = activityInsert(entry, 3);
  await db.query(`with cleared as (delete from login_failures where email = $1 and ip = $2) ${log.sql}`, [
    email,
    ip,
    ...log.params,
  ]);
}
