import {
  PRESENCE_TTL_SECONDS,
  type Presence,
  type PresenceRecordKind,
} from '../../src/contracts/liveEvents.ts';
import type { Queryable } from '../db/types.ts';

// The table holding each kind of record a member may have open (account-scoped, integer ids).
const RECORD_TABLES: Record<PresenceRecordKind, string> = {
  'crm.contact': 'crm_contacts',
  'crm.lead': 'crm_leads',
  'crm.deal': 'crm_deals',
};

/** Who is editing what in the account now (expired presences left out). */
export async function listPresence(db: Queryable, accountId: number): Promise<Presence[]> {
  return db.query<Presence>(
    `select p.record_kind as "recordKind", p.record_id as "recordId", p.user_id as "userId", u.name
       from record_presence p join users u on u.id = p.user_id
      where p.account_id = $1 and p.expires_at > now()
      order by p.record_kind, p.record_id, u.name`,
    [accountId],
  );
}

/**
 * Marks (or keeps) `userId` as editing the record for PRESENCE_TTL_SECONDS; false when the account has no such
 * record. A refresh only moves the expiry, which announces nothing (migration 0019 watches inserts and deletes).
 */
export async function markEditing(
  db: Queryable,
  accountId: number,
  userId: number,
  recordKind: PresenceRecordKind,
  recordId: number,
): Promise<boolean> {
  const rows = await db.query<{ found: boolean }>(
    `with record as (select 1 from ${RECORD_TABLES[recordKind]} where account_id = $1 and id = $4),
          expired as (
            delete from record_presence
             where account_id = $1 and expires_at <= now()
               and not (user_id = $2 and record_kind = $3 and record_id = $4::text)
          ),
          marked as (
            insert into record_presence (account_id, user_id, record_kind, record_id, expires_at)
            select $1, $2, $3, $4::text, now() + make_interval(secs => $5) where exists (select 1 from record)
            on conflict (account_id, record_kind, record_id, user_id) do update set expires_at = excluded.expires_at
            returning 1
          )
     select exists (select 1 from marked) as found`,
    [accountId, userId, recordKind, recordId, PRESENCE_TTL_SECONDS],
  );
  return rows[0]?.found ?? false;
}

/** The member closed the record. */
export async function stopEditing(
  db: Queryable,
  accountId: number,
  userId: number,
  recordKind: PresenceRecordKind,
  recordId: number,
): Promise<void> {
  await db.query(
    `delete from record_presence
      where account_id = $1 and user_id = $2 and record_kind = $3 and record_id = $4::text`,
    [accountId, userId, recordKind, recordId],
  );
}
