import type { AdminUserRow, UserChanges, UsersQuery } from '../../src/contracts/admin.ts';
import { pageWindow, readPage } from '../db/paging.ts';
import { isoSql } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';

const COLUMNS = `id, email, name, role, plan, status, ${isoSql('created_at')} as "createdAt"`;

/** One page of users, newest first; `search` matches the start of the email or name (any case). */
export async function listUsers(
  db: Queryable,
  filter: UsersQuery & { page: number; pageSize: number },
): Promise<{ items: AdminUserRow[]; totalCount: number }> {
  const search = filter.search ? `${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = '($1::text is null or email like $1::text or lower(name) like $1::text)';
  const page = await readPage<AdminUserRow>(db, {
    select: `select ${COLUMNS} from users where ${where} order by created_at desc, id desc`,
    count: `select count(*)::integer as total from users where ${where}`,
    params: [search],
    window: pageWindow(filter.page, filter.pageSize, 0),
  });
  return { items: page.rows, totalCount: page.totalCount };
}

export type UserUpdate =
  | { status: 'updated'; user: AdminUserRow; before: AdminUserRow }
  | { status: 'notFound' | 'lastAdmin' };

/**
 * Changes role, plan or status in the caller's transaction. Admin demotions are serialised on an
 * advisory lock, so the platform can never be left without an admin, even by two at once.
 */
export async function updateUser(tx: Queryable, userId: number, changes: UserChanges): Promise<UserUpdate> {
  if (changes.role === 'user') await tx.query("select pg_advisory_xact_lock(hashtext('users.admins'))");
  const before = await tx.one<AdminUserRow>(`select ${COLUMNS} from users where id = $1 for update`, [
    userId,
  ]);
  if (!before) return { status: 'notFound' };
  if (before.role === 'admin' && changes.role === 'user') {
    const others = await tx.one<{ admins: number }>(
      "select count(*)::integer as admins from users where role = 'admin' and id <> $1",
      [userId],
    );
    if ((others?.admins ?? 0) === 0) return { status: 'lastAdmin' };
  }
  const user = await tx.one<AdminUserRow>(
    `update users set role = coalesce($2, role), plan = coalesce($3::integer, plan), status = coalesce($4, status)
     where id = $1 returning ${COLUMNS}`,
    [userId, changes.role ?? null, changes.plan ?? null, changes.status ?? null],
  );
  if (!user) return { status: 'notFound' };
  return { status: 'updated', user, before };
}
