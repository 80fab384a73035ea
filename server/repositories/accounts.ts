import type { Queryable } from '../db/types.ts';

export type AccountView = {
  id: number;
  name: string;
  industry: string;
  description: string;
  isActive: boolean;
};

/** The accounts `userId` belongs to, in the order they joined them (the first is the default). */
export async function listAccountsOfUser(db: Queryable, userId: number): Promise<AccountView[]> {
  return db.query<AccountView>(
    `select a.id, a.name, a.industry, a.description, a.is_active as "isActive"
     from account_members m join accounts a on a.id = m.account_id
     where m.user_id = $1
     order by m.joined_at, a.id`,
    [userId],
  );
}
