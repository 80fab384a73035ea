import type { ActivityLogRow, ActivityQuery, ActivityType } from '../../src/contracts/admin.ts';
import { pageWindow, readPage } from '../db/paging.ts';
import { isoSql } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';

/** One event worth keeping. `details` must never carry a secret (password, token, link). */
export type ActivityEntry = {
  type: ActivityType;
  userId?: number | null;
  userEmail?: string | null;
  accountId?: number | null;
  ip?: string | null;
  details?: Record<string, string | number | boolean | null>;
};

/** An entry as the admin list reads it (the route adds its sentence). */
export type ActivityLogView = Omit<ActivityLogRow, 'sentence'>;
export type ActivityFilter = ActivityQuery & { page: number; pageSize: number };

export async function logActivity(db: Queryable, entry: ActivityEntry): Promise<void> {
  const { sql, params } = activityInsert(entry, 1);
  await db.query(sql, params);
}

/**
 * The insert of one entry with its parameters numbered from `$first`, for statements that do something
 * else in the same round trip (a data-modifying `with` in front of it).
 */
export function activityInsert(entry: ActivityEntry, first: number): { sql: string; params: unknown[] } {
  const $ = (offset: number) => `$${first + offset}`;
  return {
    sql: `insert into activity_logs (type, user_id, user_email, account_id, ip, details)
     values (${$(0)}, ${$(1)}, ${$(2)}, ${$(3)}, ${$(4)}, ${$(5)}::jsonb)`,
    params: [
      entry.type,
      entry.userId ?? null,
      entry.userEmail ?? null,
      entry.accountId ?? null,
      entry.ip ?? null,
      JSON.stringify(entry.details ?? {}),
    ],
  };
}

/** Newest first, one page, filtered by user (id or email prefix) and type. */
export async function listActivity(
  db: Queryable,
  filter: ActivityFilter,
): Promise<{ items: ActivityLogView[]; totalCount: number }> {
  const where = `where ($1::integer is null or user_id = $1::integer)
      and ($2::text is null or user_email like $2::text || '%')
      and ($3::text is null or type = $3::text)`;
  const params = [filter.userId ?? null, escapeLike(filter.email) ?? null, filter.type ?? null];
  const page = await readPage<ActivityLogView>(db, {
    select: `select id::text as id, type, user_id as "userId", user_email as "userEmail",
       account_id as "accountId", ip, details, ${isoSql('created_at')} as "createdAt"
     from activity_logs ${where}
     order by created_at desc, id desc`,
    count: `select count(*)::integer as total from activity_logs ${where}`,
    params,
    window: pageWindow(filter.page, filter.pageSize, 0),
  });
  return { items: page.rows, totalCount: page.totalCount };
}

// Emails are stored lowercase; % and _ typed into the filter mean themselves.
function escapeLike(value: string | undefined): string | undefined {
  return value?.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
}
