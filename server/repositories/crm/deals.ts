import type { Deal } from '../../../src/contracts/crm.ts';
import type { DealInput } from '../../../src/contracts/crmApi.ts';
import type { Queryable } from '../../db/types.ts';
import { HttpError } from '../../errors.ts';
import { findRow, insertRow, listRows, updateRow } from './crud.ts';
import { defaultPipeline, findPipeline } from './pipelines.ts';
import { DEALS } from './tables.ts';

export const listDeals = (db: Queryable, accountId: number) => listRows<Deal>(db, DEALS, accountId);
export const findDeal = (db: Queryable, accountId: number, id: number) =>
  findRow<Deal>(db, DEALS, accountId, id);

/** A contact or deal id sent by the client must be one of the account's own. */
export async function requireOwned(
  db: Queryable,
  accountId: number,
  table: 'crm_contacts' | 'crm_deals',
  id: number | null | undefined,
): Promise<void> {
  if (id === null || id === undefined) return;
  const row = await db.one(`select 1 from ${table} where account_id = $1 and id = $2`, [accountId, id]);
  if (!row) throw new HttpError(400, `${table === 'crm_contacts' ? 'Contact' : 'Deal'} ${id} does not exist`);
}

async function placement(
  db: Queryable,
  accountId: number,
  pipelineId: number | undefined,
  stage: string | undefined,
) {
  const pipeline =
    pipelineId === undefined
      ? await defaultPipeline(db, accountId)
      : await findPipeline(db, accountId, pipelineId);
  if (!pipeline) throw new HttpError(400, `Pipeline ${pipelineId} does not exist`);
  const chosen = stage ?? pipeline.stages[0] ?? '';
  if (!pipeline.stages.includes(chosen)) {
    throw new HttpError(400, `Stage must be one of: ${pipeline.stages.join(', ')}`);
  }
  return { pipelineId: pipeline.id, stage: chosen };
}

export async function createDeal(
  db: Queryable,
  accountId: number,
  input: DealInput & { title: string },
): Promise<Deal> {
  await requireOwned(db, accountId, 'crm_contacts', input.contactId);
  const where = await placement(db, accountId, input.pipelineId, input.stage);
  return insertRow<Deal>(db, DEALS, accountId, { ...input, ...where });
}

/**
 * The updated deal and its stage before (read under the row's lock), or null when the account has no such
 * deal. Run it in a transaction: a concurrent change then waits, and its "before" is this one's "after".
 */
export async function updateDeal(
  db: Queryable,
  accountId: number,
  id: number,
  input: DealInput,
): Promise<{ deal: Deal; previousStage: string } | null> {
  await db.query('select id from crm_deals where account_id = $1 and id = $2 for update', [accountId, id]);
  const current = await findDeal(db, accountId, id);
  if (!current) return null;
  await requireOwned(db, accountId, 'crm_contacts', input.contactId);
  const moving = input.stage !== undefined || input.pipelineId !== undefined;
  const where = moving
    ? await placement(db, accountId, input.pipelineId ?? current.pipelineId, input.stage ?? current.stage)
    : {};
  const deal = await updateRow<Deal>(db, DEALS, accountId, id, { ...input, ...where });
  return deal ? { deal, previousStage: current.stage } : null;
}
