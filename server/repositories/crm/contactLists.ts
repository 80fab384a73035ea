import type { ContactList } from '../../../src/contracts/crm.ts';
import type { Queryable } from '../../db/types.ts';

const SELECT = `l.id, l.name, l.description,
  (select count(*)::int from crm_contact_list_members m where m.contact_list_id = l.id) as "contactCount"`;

export async function listContactLists(db: Queryable, accountId: number): Promise<ContactList[]> {
  return db.query<ContactList>(
    `select ${SELECT} from crm_contact_lists l where l.account_id = $1 order by l.id`,
    [accountId],
  );
}

export async function createContactList(
  db: Queryable,
  accountId: number,
  input: { name: string; description?: string },
): Promise<ContactList> {
  const row = await db.one<ContactList>(
    `insert into crm_contact_lists (account_id, name, description) values ($1, $2, $3)
     returning id, name, description, 0 as "contactCount"`,
    [accountId, input.name, input.description ?? ''],
  );
  if (!row) throw new Error('contact list insert returned no row');
  return row;
}

export async function contactListExists(db: Queryable, accountId: number, id: number): Promise<boolean> {
  return (
    (await db.one('select 1 from crm_contact_lists where account_id = $1 and id = $2', [accountId, id])) !==
    null
  );
}
