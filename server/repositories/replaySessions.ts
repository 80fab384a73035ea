import type {
  ReplayEntry,
  ReplayEntryInput,
  ReplaySession,
  ReplaySessionDetail,
  ReplaySessionsPage,
  ReplaySessionsQuery,
} from '../../src/contracts/replay.ts';
import { pageWindow, readPage } from '../db/paging.ts';
import type { Queryable } from '../db/types.ts';

/** A session as read: its times as the database's dates. */
type SessionRow = Omit<ReplaySession, 'startedAt' | 'lastEventAt'> & { startedAt: Date; lastEventAt: Date };

const toSession = (row: SessionRow): ReplaySession => ({
  ...row,
  startedAt: row.startedAt.toISOString(),
  lastEventAt: row.lastEventAt.toISOString(),
});

export type AppendResult = 'stored' | 'optedOut' | 'notOwner' | 'full';

const SESSION_COLUMNS = `s.id, s.user_id as "userId", u.email as "userEmail", s.account_id as "accountId",
  s.started_at as "startedAt", s.last_event_at as "lastEventAt", s.entry_count as "entryCount"`;

/** Whether the user turned session recording off. */
export async function findReplayOptOut(db: Queryable, userId: number): Promise<boolean> {
  const row = await db.one<{ optOut: boolean }>(
    'select replay_opt_out as "optOut" from users where id = $1',
    [userId],
  );
  return row?.optOut ?? false;
}

/** Stores the choice; turning recording off also deletes what was recorded so far. */
export async function setReplayOptOut(tx: Queryable, userId: number, optOut: boolean): Promise<boolean> {
  const row = await tx.one<{ optOut: boolean }>(
    'update users set replay_opt_out = $2 where id = $1 returning replay_opt_out as "optOut"',
    [userId, optOut],
  );
  if (optOut) await tx.query('delete from replay_sessions where user_id = $1', [userId]);
  return row?.optOut ?? optOut;
}

/**
 * Appends steps to a session of `userId`, creating it on its first batch. Runs in the caller's
 * transaction: the opt-out is read under a share lock of the user's row, so a batch racing with
 * "turn recording off" either lands before the deletion or is refused. Steps already stored (a retried
 * batch) are skipped, so sending a batch twice stores it once.
 */
export async function appendReplayEntries(
  tx: Queryable,
  input: {
    sessionId: string;
    userId: number;
    accountId: number | null;
    startedAt: Date;
    entries: ReplayEntryInput[];
    maxEntries: number;
  },
): Promise<AppendResult> {
  const user = await tx.one<{ optOut: boolean }>(
    'select replay_opt_out as "optOut" from users where id = $1 for share',
    [input.userId],
  );
  if (!user || user.optOut) return 'optedOut';
  await tx.query(
    `insert into replay_sessions (id, user_id, account_id, started_at) values ($1, $2, $3, $4)
     on conflict (id) do nothing`,
    [input.sessionId, input.userId, input.accountId, input.startedAt.toISOString()],
  );
  const session = await tx.one<{ userId: number; entryCount: number }>(
    'select user_id as "userId", entry_count as "entryCount" from replay_sessions where id = $1 for update',
    [input.sessionId],
  );
  if (!session || session.userId !== input.userId) return 'notOwner';
  if (session.entryCount + input.entries.length > input.maxEntries) return 'full';
  const inserted = await tx.one<{ count: number }>(
    `with rows as (
       select (e->>'seq')::integer as seq, e as entry from jsonb_array_elements($2::jsonb) as e
     ), stored as (
       insert into replay_entries (session_id, seq, entry)
       select $1, seq, entry from rows
       on conflict (session_id, seq) do nothing
       returning 1
     )
     select count(*)::integer as count from stored`,
    [input.sessionId, JSON.stringify(input.entries)],
  );
  await tx.query(
    `update replay_sessions set entry_count = entry_count + $2, last_event_at = now() where id = $1`,
    [input.sessionId, inserted?.count ?? 0],
  );
  return 'stored';
}

/** One page of sessions, most recently active first, optionally of one user (id or email prefix). */
export async function listReplaySessions(
  db: Queryable,
  filter: ReplaySessionsQuery,
): Promise<ReplaySessionsPage> {
  const where = `where ($1::integer is null or s.user_id = $1::integer)
      and ($2::text is null or u.email like $2::text || '%')`;
  const email = filter.email?.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`) ?? null;
  const params = [filter.userId ?? null, email];
  const page = await readPage<SessionRow>(db, {
    select: `select ${SESSION_COLUMNS} from replay_sessions s join users u on u.id = s.user_id ${where}
     order by s.last_event_at desc, s.id`,
    count: `select count(*)::integer as total from replay_sessions s join users u on u.id = s.user_id ${where}`,
    params,
    window: pageWindow(filter.page, filter.pageSize, 0),
  });
  return { items: page.rows.map(toSession), totalCount: page.totalCount };
}

/** A session and its steps in order, or null. */
export async function findReplaySession(db: Queryable, id: string): Promise<ReplaySessionDetail | null> {
  const session = await db.one<SessionRow>(
    `select ${SESSION_COLUMNS} from replay_sessions s join users u on u.id = s.user_id where s.id = $1`,
    [id],
  );
  if (!session) return null;
  const rows = await db.query<{ entry: ReplayEntry }>(
    'select entry from replay_entries where session_id = $1 order by seq',
    [id],
  );
  return { session: toSession(session), entries: rows.map((row) => row.entry) };
}

/** Deletes sessions inactive for `days`, and older steps of sessions still running. */
export async function purgeReplaySessions(
  db: Queryable,
  days: number,
): Promise<{ sessions: number; entries: number }> {
  const sessions = await db.one<{ count: number }>(
    `with gone as (delete from replay_sessions where last_event_at <= now() - make_interval(days => $1)
       returning 1)
     select count(*)::integer as count from gone`,
    [days],
  );
  const entries = await db.one<{ count: number }>(
    `with gone as (
       delete from replay_entries where received_at <= now() - make_interval(days => $1) returning session_id
     ), counted as (
       select session_id, count(*)::integer as n from gone group by session_id
     ), recounted as (
       update replay_sessions s set entry_count = s.entry_count - c.n from counted c where s.id = c.session_id
       returning 1
     )
     select coalesce(sum(n), 0)::integer as count from counted`,
    [days],
  );
  return { sessions: sessions?.count ?? 0, entries: entries?.count ?? 0 };
}
