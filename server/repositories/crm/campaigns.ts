import type { Campaign } from '../../../src/contracts/crm.ts';
import type { CampaignInput } from '../../../src/contracts/crmApi.ts';
import type { Queryable } from '../../db/types.ts';
import { contactListExists } from './contactLists.ts';
import { findRow, insertRow, listRows, updateRow } from './crud.ts';
import { CAMPAIGNS } from './tables.ts';

/** What a campaign's status becomes with a change: scheduled with a date, a draft again without, else kept. */
export type CampaignStatusChange = 'scheduled' | 'draft' | null;
/**
 * Why a campaign was not written: its contact list is not the account's, it would be scheduled with no list
 * (its send would find nobody and never finish), or it was sent already.
 */
export type CampaignRefusal = 'unknownList' | 'noList' | 'alreadySent';

export const listCampaigns = (db: Queryable, accountId: number) =>
  listRows<Campaign>(db, CAMPAIGNS, accountId);
export const findCampaign = (db: Queryable, accountId: number, id: number) =>
  findRow<Campaign>(db, CAMPAIGNS, accountId, id);

async function knownList(db: Queryable, accountId: number, listId: number | null | undefined) {
  return listId === null || listId === undefined || contactListExists(db, accountId, listId);
}

/** Creates a campaign with its status (scheduled when it has a date). Run it in a transaction. */
export async function createCampaign(
  tx: Queryable,
  accountId: number,
  input: CampaignInput,
  status: CampaignStatusChange,
): Promise<Campaign | CampaignRefusal> {
  if (!(await knownList(tx, accountId, input.contactListId))) return 'unknownList';
  if (status === 'scheduled' && (input.contactListId ?? null) === null) return 'noList';
  const created = await insertRow<Campaign>(tx, CAMPAIGNS, accountId, input);
  if (status !== 'scheduled') return created;
  const row = await tx.one<Pick<Campaign, 'status'>>(
    `update crm_campaigns set status = 'scheduled' where account_id = $1 and id = $2 returning status`,
    [accountId, created.id],
  );
  return { ...created, ...row };
}

/**
 * Edits a campaign that was not sent yet, under its row's lock: a send that starts meanwhile waits, or wins and
 * the edit is refused. Null when the account has no such campaign. Run it in a transaction.
 */
export async function updateCampaign(
  tx: Queryable,
  accountId: number,
  id: number,
  input: CampaignInput,
  status: CampaignStatusChange,
): Promise<Campaign | CampaignRefusal | null> {
  const current = await tx.one<{ status: string; contactListId: number | null }>(
    'select status, contact_list_id as "contactListId" from crm_campaigns where account_id = $1 and id = $2 for update',
    [accountId, id],
  );
  if (!current) return null;
  if (current.status === 'sending' || current.status === 'sent') return 'alreadySent';
  if (!(await knownList(tx, accountId, input.contactListId))) return 'unknownList';
  const list = input.contactListId === undefined ? current.contactListId : input.contactListId;
  if ((status ?? current.status) === 'scheduled' && list === null) return 'noList';
  await tx.query('update crm_campaigns set status = coalesce($3, status) where account_id = $1 and id = $2', [
    accountId,
    id,
    status,
  ]);
  return updateRow<Campaign>(tx, CAMPAIGNS, accountId, id, input);
}

/**
 * Moves a draft or scheduled campaign with a list to sending, in one statement (a double click sends once);
 * null when it is not such a campaign.
 */
export function startSending(db: Queryable, accountId: number, id: number) {
  return db.one<{ id: number; status: string }>(
    `update crm_campaigns set status = 'sending', updated_at = now()
     where account_id = $1 and id = $2 and status in ('draft', 'scheduled') and contact_list_id is not null
     returning id, status`,
    [accountId, id],
  );
}

/** Moves a sent campaign with failed messages back to sending, in one statement; null when it has none. */
export function startRetry(db: Queryable, accountId: number, id: number) {
  return db.one<{ id: number }>(
    `update crm_campaigns c set status = 'sending', updated_at = now()
     where c.account_id = $1 and c.id = $2 and c.status = 'sent'
       and exists (select 1 from crm_communications x
                   where x.account_id = $1 and x.campaign_id = c.id and x.status = 'failed')
     returning c.id`,
    [accountId, id],
  );
}
