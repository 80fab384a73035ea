import type { Contact, ContactPage } from '../../../src/contracts/crm.ts';
import type { ContactInput, ContactQuery } from '../../../src/contracts/crmApi.ts';
import { pageWindow, withWindow } from '../../db/paging.ts';
import type { Queryable } from '../../db/types.ts';
import { deleteRow, field, isoOf, selectList, type Table, updateRow } from './crud.ts';

/** Orders that count towards a contact's lifetime value: not cancelled, not an expired card payment. */
const COUNTED_ORDERS = "and o.fulfilment_status <> 'cancelled' and o.payment_status <> 'expired'";

export const CONTACTS: Table = {
  name: 'crm_contacts',
  orderBy: 'id desc',
  touches: true,
  fields: {
    id: field.readOnly('c.id'),
    firstName: field.text('first_name'),
    lastName: field.text('last_name'),
    email: field.text('email'),
    phone: field.text('phone'),
    company: field.text('company'),
    tags: { column: 'tags', cast: 'text[]' },
    notes: field.text('notes'),
    contactListIds: field.readOnly(
      'contact_list_ids',
      `coalesce((select array_agg(m.contact_list_id order by m.contact_list_id) from crm_contact_list_members m
         where m.contact_id = c.id), '{}')`,
    ),
    // The contact's shop orders: index lookups per row of the page (orders_contact_idx, migration 0017).
    orderCount: field.readOnly(
      'order_count',
      `(select count(*)::int from orders o where o.contact_id = c.id ${COUNTED_ORDERS})`,
    ),
    lifetimeValue: field.readOnly(
      'lifetime_value',
      `(select coalesce(sum(o.total_cents), 0)::float8 / 100 from orders o where o.contact_id = c.id ${COUNTED_ORDERS})`,
    ),
    createdAt: field.readOnly('created_at', isoOf('c.created_at')),
    updatedAt: field.readOnly('updated_at', isoOf('c.updated_at')),
  },
};
const SELECT = selectList(CONTACTS);

/**
 * The words of a search as a prefix query for the contacts' tsvector ("ada exa" → 'ada:*' & 'exa:*');
 * null when it has none. Only letters and digits survive, so the text is always a valid tsquery.
 */
export function toPrefixQuery(search: string | undefined): string | null {
  const words = (search ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** One page of an account's contacts, newest first, with the count of all that match. */
export async function listContacts(
  db: Queryable,
  accountId: number,
  query: ContactQuery,
): Promise<ContactPage> {
  const params: unknown[] = [accountId];
  const where = ['c.account_id = $1'];
  const tsquery = toPrefixQuery(query.search);
  if (tsquery) {
    params.push(tsquery);
    where.push(`c.search @@ to_tsquery('simple', $${params.length})`);
  }
  if (query.contactListId !== undefined) {
    params.push(query.contactListId);
    where.push(
      `exists (select 1 from crm_contact_list_members m where m.contact_list_id = $${params.length} and m.contact_id = c.id)`,
    );
  }
  // A distinct SQL text per filter combination: each keeps its own plan (the GIN index when searching).
  const whereSql = where.join(' and ');
  const window = pageWindow(query.page, query.pageSize);
  const { clause: paging, params: pageParams } = withWindow(params, window);
  if (tsquery) {
    // A search matches few rows: one pass through the index yields both the page's ids and the count.
    // Only the page's rows are then read in full: the list memberships and timestamps of every match
    // would cost more than the search itself.
    const rows = await db.query<Contact & { totalCount: number }>(
      `with page as (
         select c.id, count(*) over ()::int as total from crm_contacts c where ${whereSql}
         order by c.id desc ${paging}
       )
       select ${SELECT}, page.total as "totalCount" from page join crm_contacts c on c.id = page.id
       order by c.id desc`,
      pageParams,
    );
    if (rows.length > 0 || query.page === 1) {
      return {
        contacts: rows.map(({ totalCount: _, ...contact }) => contact),
        totalCount: rows[0]?.totalCount ?? 0,
      };
    }
  }
  // All of the account's contacts: their number is kept in crm_contact_counts (migration 0015).
  const [counted] = await db.query<{ count: number }>(
    where.length === 1
      ? 'select coalesce((select contacts from crm_contact_counts where account_id = $1), 0) as count'
      : `select count(*)::int as count from crm_contacts c where ${whereSql}`,
    params,
  );
  const contacts = await db.query<Contact>(
    `select ${SELECT} from crm_contacts c where ${whereSql} order by c.id desc ${paging}`,
    pageParams,
  );
  return { contacts, totalCount: counted?.count ?? 0 };
}

export async function findContact(db: Queryable, accountId: number, id: number): Promise<Contact | null> {
  return db.one<Contact>(`select ${SELECT} from crm_contacts c where c.account_id = $1 and c.id = $2`, [
    accountId,
    id,
  ]);
}

export async function findContactByEmail(
  db: Queryable,
  accountId: number,
  email: string,
): Promise<Contact | null> {
  if (!email) return null;
  return db.one<Contact>(
    `select ${SELECT} from crm_contacts c where c.account_id = $1 and c.email <> '' and c.email = $2`,
    [accountId, email],
  );
}

/** Sets the lists a contact is on to exactly `listIds` (lists of other accounts are ignored). */
async function setLists(
  db: Queryable,
  accountId: number,
  contactId: number,
  listIds: number[],
): Promise<void> {
  await db.query(
    'delete from crm_contact_list_members where account_id = $1 and contact_id = $2 and contact_list_id <> all($3::int[])',
    [accountId, contactId, listIds],
  );
  await db.query(
    `insert into crm_contact_list_members (account_id, contact_list_id, contact_id)
     select $1, l.id, $2 from crm_contact_lists l where l.account_id = $1 and l.id = any($3::int[])
     on conflict do nothing`,
    [accountId, contactId, listIds],
  );
}

export async function addToList(
  db: Queryable,
  accountId: number,
  contactId: number,
  listId: number,
): Promise<boolean> {
  const rows = await db.query(
    `insert into crm_contact_list_members (account_id, contact_list_id, contact_id)
     select $1, l.id, c.id from crm_contact_lists l, crm_contacts c
     where l.account_id = $1 and l.id = $3 and c.account_id = $1 and c.id = $2
     on conflict do nothing returning contact_id`,
    [accountId, contactId, listId],
  );
  return rows.length > 0;
}

export async function createContact(db: Queryable, accountId: number, input: ContactInput): Promise<Contact> {
  const row = await db.one<{ id: number }>(
    `insert into crm_contacts (account_id, first_name, last_name, email, phone, company, tags, notes)
     values ($1, $2, $3, $4, $5, $6, $7::text[], $8) returning id`,
    [
      accountId,
      input.firstName ?? '',
      input.lastName ?? '',
      input.email ?? '',
      input.phone ?? '',
      input.company ?? '',
      input.tags ?? [],
      input.notes ?? '',
    ],
  );
  if (!row) throw new Error('contact insert returned no row');
  if (input.contactListIds) await setLists(db, accountId, row.id, input.contactListIds);
  const contact = await findContact(db, accountId, row.id);
  if (!contact) throw new Error('contact vanished after insert');
  return contact;
}

export async function updateContact(
  db: Queryable,
  accountId: number,
  id: number,
  input: ContactInput,
): Promise<Contact | null> {
  const { contactListIds, ...fields } = input;
  const updated = await updateRow<{ id: number }>(
    db,
    { ...CONTACTS, name: 'crm_contacts c' },
    accountId,
    id,
    fields,
  );
  if (!updated) return null;
  if (contactListIds) await setLists(db, accountId, id, contactListIds);
  return findContact(db, accountId, id);
}

export const deleteContact = (db: Queryable, accountId: number, id: number) =>
  deleteRow(db, CONTACTS, accountId, id);
