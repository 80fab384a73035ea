import type { AuthUser, Plan, Role, UserStatus } from '../auth/authUser.ts';
import type { Queryable } from '../db/types.ts';
import { isUniqueViolation } from '../errors.ts';

export type UserRow = {
  id: number;
  email: string;
  name: string;
  role: Role;
  plan: Plan;
  status: UserStatus;
  token_version: number;
  password_hash: string;
};

export type UserWithSecrets = AuthUser & { tokenVersion: number; passwordHash: string };

const USER_COLUMNS = 'id, email, name, role, plan, status, token_version, password_hash';

export function toUser(row: UserRow): UserWithSecrets {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    plan: row.plan,
    status: row.status,
    tokenVersion: row.token_version,
    passwordHash: row.password_hash,
  };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserWithSecrets | null> {
  const row = await db.one<UserRow>(`select ${USER_COLUMNS} from users where email = $1`, [email]);
  return row && toUser(row);
}

export async function findUserById(db: Queryable, id: number): Promise<UserWithSecrets | null> {
  const row = await db.one<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
  return row && toUser(row);
}

export type NewUser = {
  email: string;
  name: string;
  passwordHash: string;
  adminEmails: readonly string[];
  /** false: someone joining an account by invitation gets no account of their own. */
  personalAccount?: boolean;
};
export type CreatedUser = { user: UserWithSecrets; accountId: number | null };

/**
 * Creates the user, their personal account (unless `personalAccount: false`) and the membership, in the
 * caller's transaction. Returns null when the email is taken. The first user ever (or a listed admin email)
 * is admin.
 */
export async function createUserWithAccount(tx: Queryable, input: NewUser): Promise<CreatedUser | null> {
  // Two first sign-ups at once must not both become admin: serialise registrations.
  await tx.query("select pg_advisory_xact_lock(hashtext('users.register'))");
  const existing = await tx.one<{ taken: boolean }>('select exists (select 1 from users) as taken');
  const role: Role = !existing?.taken || input.adminEmails.includes(input.email) ? 'admin' : 'user';
  const row = await tx.one<UserRow>(
    `insert into users (email, name, password_hash, role)
     values ($1, $2, $3, $4)
     on conflict (email) do nothing
     returning ${USER_COLUMNS}`,
    [input.email, input.name, input.passwordHash, role],
  );
  if (!row) return null;
  if (input.personalAccount === false) return { user: toUser(row), accountId: null };
  const account = await tx.one<{ id: number }>('insert into accounts (name) values ($1) returning id', [
    personalAccountName(input.name),
  ]);
  if (!account) throw new Error('insert into accounts returned no row');
  await tx.query("insert into account_members (account_id, user_id, role_name) values ($1, $2, 'Admin')", [
    account.id,
    row.id,
  ]);
  return { user: toUser(row), accountId: account.id };
}

function personalAccountName(name: string): string {
  return `${name}'s account`;
}

export type AuthRow = {
  user: AuthUser;
  tokenVersion: number;
  accountId: number | null;
  /** The user's role in `accountId` (null with it). */
  accountRole: string | null;
};

/**
 * The user behind a token plus the account the request acts on, in one round trip:
 * `requestedAccountId` when the user is a member of it, else (when none is requested) their
 * first account, with their role in it. `accountId` is null when the requested account is not theirs, or
 * they have none.
 */
export async function loadAuthRow(
  db: Queryable,
  userId: number,
  requestedAccountId: number | null,
): Promise<AuthRow | null> {
  // Two statements rather than one with `$2 is null or …`: each gets an index plan of its own, which
  // doubles the throughput of this query that runs on every authenticated request.
  const row = await db.one<
    Omit<UserRow, 'password_hash'> & { account_id: number | null; role_name: string | null }
  >(
    requestedAccountId === null
      ? `select u.id, u.email, u.name, u.role, u.plan, u.status, u.token_version, m.account_id, m.role_name
         from users u left join lateral (
           select account_id, role_name from account_members
           where user_id = u.id order by joined_at, account_id limit 1
         ) m on true
         where u.id = $1`
      : `select u.id, u.email, u.name, u.role, u.plan, u.status, u.token_version, m.account_id, m.role_name
         from users u left join account_members m on m.user_id = u.id and m.account_id = $2
         where u.id = $1`,
    requestedAccountId === null ? [userId] : [userId, requestedAccountId],
  );
  if (!row) return null;
  const { id, email, name, role, plan, status } = row;
  return {
    user: { id, email, name, role, plan, status },
    tokenVersion: row.token_version,
    accountId: row.account_id,
    accountRole: row.role_name,
  };
}

/** Updates name and email; returns null when the email belongs to someone else. */
export async function updateProfile(
  db: Queryable,
  userId: number,
  profile: { name: string; email: string },
): Promise<UserWithSecrets | null> {
  try {
    const row = await db.one<UserRow>(
      `update users set name = $2, email = $3 where id = $1 returning ${USER_COLUMNS}`,
      [userId, profile.name, profile.email],
    );
    if (!row) throw new Error(`user ${userId} vanished during a profile update`);
    return toUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Revokes every token issued so far; returns the new version (null if the user is gone). */
export async function bumpTokenVersion(
  db: Queryable,
  userId: number,
  newPasswordHash?: string,
): Promise<number | null> {
  const row = await db.one<{ token_version: number }>(
    `update users set token_version = token_version + 1,
       password_hash = coalesce($2, password_hash)
     where id = $1 returning token_version`,
    [userId, newPasswordHash ?? null],
  );
  return row?.token_version ?? null;
}
