import type { AccountRow, MemberAccount } from '../../src/contracts/accounts.ts';
import type { Queryable } from '../db/types.ts';

/** The accounts `userId` belongs to, in the order they joined them (the first is the default). */
export async function listAccountsOfUser(db: Queryable, userId: number): Promise<MemberAccount[]> {
  return db.query<MemberAccount>(
    `select a.id, a.name, a.industry, a.description, a.is_active as "isActive", m.role_name as "roleName"
     from account_members m join accounts a on a.id = m.account_id
     where m.user_id = $1
     order by m.joined_at, a.id`,
    [userId],
  );
}

const ACCOUNT_COLUMNS = 'id, name, industry, description, is_active as "isActive"';

export type NewAccount = { name: string; industry: string; description: string };

/** Creates an account with `userId` as its first Admin, in the caller's transaction. */
export async function createAccount(tx: Queryable, input: NewAccount, userId: number): Promise<AccountRow> {
  const account = await tx.one<AccountRow>(
    `insert into accounts (name, industry, description) values ($1, $2, $3) returning ${ACCOUNT_COLUMNS}`,
    [input.name, input.industry, input.description],
  );
  if (!account) throw new Error('insert into accounts returned no row');
  await tx.query(
    `insert into account_members (account_id, user_id, role_name, joined_at)
     values ($1, $2, 'Admin', clock_timestamp())`,
    [account.id, userId],
  );
  return account;
}

export async function findAccount(db: Queryable, accountId: number): Promise<AccountRow | null> {
  return db.one<AccountRow>(`select ${ACCOUNT_COLUMNS} from accounts where id = $1`, [accountId]);
}
