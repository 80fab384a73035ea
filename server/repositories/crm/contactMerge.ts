import type { Contact, DuplicateGroup, DuplicatePage } from '../../../src/contracts/crm.ts';
import type { MergeFields } from '../../../src/contracts/crmApi.ts';
import type { Queryable } from '../../db/types.ts';
import { CONTACTS, findContact } from './contacts.ts';
import { selectList, updateRow } from './crud.ts';

// A group's contacts are oldest first; a merge's fields are what the kept contact takes (tags and lists are
// always unioned).

type DuplicateReason = DuplicateGroup['reason'];

// Two keys per contact: its e-mail, case-insensitive; its name (case and spacing ignored) with the digits
// of its phone. Contacts sharing a key are one group; the whole account is scanned, grouped in the database.
const GROUPS = `
  with keyed as (
    select id, 'email' as reason, lower(trim(email)) as key
    from crm_contacts where account_id = $1 and email <> ''
    union all
    select id, 'name+phone',
      lower(regexp_replace(trim(first_name || ' ' || last_name), '\\s+', ' ', 'g')) || ' / '
        || regexp_replace(phone, '[^0-9]', '', 'g')
    from crm_contacts
    where account_id = $1 and trim(first_name || last_name) <> '' and regexp_replace(phone, '[^0-9]', '', 'g') <> ''
  )
  select reason, key, array_agg(id order by id) as ids, count(*) over ()::int as "totalCount"
  from keyed group by reason, key having count(*) > 1
  order by min(id), reason limit $2`;

/** The account's groups of likely duplicates (at most `limit` groups), with how many groups there are. */
export async function findDuplicateContacts(
  db: Queryable,
  accountId: number,
  limit: number,
): Promise<DuplicatePage> {
  const found = await db.query<{ reason: DuplicateReason; key: string; ids: number[]; totalCount: number }>(
    GROUPS,
    [accountId, limit],
  );
  const ids = [...new Set(found.flatMap((group) => group.ids))];
  const contacts = ids.length
    ? await db.query<Contact>(
        `select ${selectList(CONTACTS)} from crm_contacts c where c.account_id = $1 and c.id = any($2::int[])`,
        [accountId, ids],
      )
    : [];
  const byId = new Map(contacts.map((contact) => [contact.id, contact]));
  return {
    groups: found.map(({ reason, key, ids: groupIds }) => ({
      reason,
      key,
      contacts: groupIds.flatMap((id) => byId.get(id) ?? []),
    })),
    totalCount: found[0]?.totalCount ?? 0,
  };
}

/**
 * Merges contact `mergeId` into `keepId` (run it in one transaction): the kept contact takes `fields`,
 * the tags and lists of both, and every deal, activity, lead, shop order and message of the other, which is then
 * deleted. null when either contact is not the account's.
 */
export async function mergeContacts(
  tx: Queryable,
  accountId: number,
  keepId: number,
  mergeId: number,
  fields: MergeFields,
): Promise<Contact | null> {
  const locked = await tx.query<{ id: number; tags: string[] }>(
    'select id, tags from crm_contacts where account_id = $1 and id = any($2::int[]) order by id for update',
    [accountId, [keepId, mergeId]],
  );
  const keep = locked.find((row) => row.id === keepId);
  const merged = locked.find((row) => row.id === mergeId);
  if (!keep || !merged) return null;
  const ids = [accountId, keepId, mergeId];
  await tx.query(
    `insert into crm_contact_list_members (account_id, contact_list_id, contact_id)
     select account_id, contact_list_id, $2 from crm_contact_list_members where account_id = $1 and contact_id = $3
     on conflict do nothing`,
    ids,
  );
  for (const table of ['crm_deals', 'crm_activities', 'crm_leads', 'orders']) {
    await tx.query(`update ${table} set contact_id = $2 where account_id = $1 and contact_id = $3`, ids);
  }
  // One message per (campaign, contact): where both got a campaign, the kept contact's message stays and
  // the other's loses its contact when that contact is deleted.
  await tx.query(
    `update crm_communications m set contact_id = $2 where m.account_id = $1 and m.contact_id = $3
     and (m.campaign_id is null or not exists (
       select 1 from crm_communications k where k.campaign_id = m.campaign_id and k.contact_id = $2))`,
    ids,
  );
  await tx.query('delete from crm_contacts where account_id = $1 and id = $2', [accountId, mergeId]);
  // After the delete, so the kept contact can take the other's e-mail (unique per account).
  const tags = [...new Set([...keep.tags, ...merged.tags])];
  await updateRow(tx, { ...CONTACTS, name: 'crm_contacts c' }, accountId, keepId, { ...fields, tags });
  return findContact(tx, accountId, keepId);
}
