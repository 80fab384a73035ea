import { type AccountMember, type AccountRoleRow, ADMIN_ROLE } from '../../src/contracts/accounts.ts';
import { rowMapper } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';

const toMember = rowMapper<AccountMember>({ dates: ['joinedAt'] });

export { ADMIN_ROLE };

/** The caller's role in `accountId`, or null when they are not a member. */
export async function findMemberRole(
  db: Queryable,
  accountId: number,
  userId: number,
): Promise<string | null> {
  const row = await db.one<{ role_name: string }>(
    'select role_name from account_members where account_id = $1 and user_id = $2',
    [accountId, userId],
  );
  return row?.role_name ?? null;
}

export async function listMembers(db: Queryable, accountId: number): Promise<AccountMember[]> {
  const rows = await db.query<AccountMember>(
    `select m.id, m.user_id as "userId", u.name as "userName", u.email as "userEmail",
       m.role_name as "roleName", m.joined_at as "joinedAt"
     from account_members m join users u on u.id = m.user_id
     where m.account_id = $1
     order by m.joined_at, m.id`,
    [accountId],
  );
  return rows.map(toMember);
}

export async function listRoles(db: Queryable): Promise<AccountRoleRow[]> {
  return db.query<AccountRoleRow>('select id, name from roles order by id');
}

export async function roleExists(db: Queryable, name: string): Promise<boolean> {
  return (await db.one('select 1 from roles where name = $1', [name])) !== null;
}

/** Adds `userId` to the account; false when they already belong to it. */
export async function addMember(
  tx: Queryable,
  accountId: number,
  userId: number,
  roleName: string,
): Promise<boolean> {
  const rows = await tx.query(
    `insert into account_members (account_id, user_id, role_name, joined_at)
     values ($1, $2, $3, clock_timestamp())
     on conflict (account_id, user_id) do nothing
     returning id`,
    [accountId, userId, roleName],
  );
  return rows.length > 0;
}

export type MemberChange =
  | { status: 'changed'; previousRole: string }
  | { status: 'notMember' | 'lastAdmin' | 'actorNotAdmin' };

/**
 * Locks the account row, so two Admins demoting or removing each other at the same moment are
 * serialised and the second sees the first's change (a plain count-then-update would let both pass).
 */
async function lockAccount(tx: Queryable, accountId: number): Promise<void> {
  await tx.query('select id from accounts where id = $1 for update', [accountId]);
}

async function otherAdmins(tx: Queryable, accountId: number, userId: number): Promise<number> {
  const row = await tx.one<{ admins: number }>(
    `select count(*)::integer as admins from account_members
     where account_id = $1 and role_name = $2 and user_id <> $3`,
    [accountId, ADMIN_ROLE, userId],
  );
  return row?.admins ?? 0;
}

/**
 * Changes a member's role in the caller's transaction; the last Admin cannot be demoted. The actor's
 * own role is checked again under the lock: an Admin demoted a moment ago can no longer act.
 */
export async function changeMemberRole(
  tx: Queryable,
  accountId: number,
  actorId: number,
  userId: number,
  roleName: string,
): Promise<MemberChange> {
  await lockAccount(tx, accountId);
  if ((await findMemberRole(tx, accountId, actorId)) !== ADMIN_ROLE) return { status: 'actorNotAdmin' };
  const current = await findMemberRole(tx, accountId, userId);
  if (current === null) return { status: 'notMember' };
  if (current === ADMIN_ROLE && roleName !== ADMIN_ROLE && (await otherAdmins(tx, accountId, userId)) === 0) {
    return { status: 'lastAdmin' };
  }
  await tx.query('update account_members set role_name = $3 where account_id = $1 and user_id = $2', [
    accountId,
    userId,
    roleName,
  ]);
  return { status: 'changed', previousRole: current };
}

/** Removes a member in the caller's transaction; the last Admin cannot be removed. */
export async function removeMember(
  tx: Queryable,
  accountId: number,
  actorId: number,
  userId: number,
): Promise<MemberChange> {
  await lockAccount(tx, accountId);
  if ((await findMemberRole(tx, accountId, actorId)) !== ADMIN_ROLE) return { status: 'actorNotAdmin' };
  const current = await findMemberRole(tx, accountId, userId);
  if (current === null) return { status: 'notMember' };
  if (current === ADMIN_ROLE && (await otherAdmins(tx, accountId, userId)) === 0)
    return { status: 'lastAdmin' };
  await tx.query('delete from account_members where account_id = $1 and user_id = $2', [accountId, userId]);
  return { status: 'changed', previousRole: current };
}
