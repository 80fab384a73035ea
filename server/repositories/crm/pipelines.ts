import type { Pipeline } from '../../../src/contracts/crm.ts';
import type { Queryable } from '../../db/types.ts';
import { HttpError } from '../../errors.ts';
import { findRow, insertRow, listRows, selectList, updateRow } from './crud.ts';
import { PIPELINES } from './tables.ts';

/** The stages of every account's first pipeline, in order. */
export const DEFAULT_STAGES = ['lead', 'qualified', 'proposal', 'negotiation', 'closed-won', 'closed-lost'];
export const DEFAULT_PIPELINE_NAME = 'Sales Pipeline';

/** The account's default pipeline, created on first use (the unique index makes a race create one). */
export async function defaultPipeline(db: Queryable, accountId: number): Promise<Pipeline> {
  const select = `select ${selectList(PIPELINES)} from crm_pipelines where account_id = $1 and is_default`;
  const found = await db.one<Pipeline>(select, [accountId]);
  if (found) return found;
  await db.query(
    `insert into crm_pipelines (account_id, name, stages, is_default) values ($1, $2, $3::jsonb, true)
     on conflict (account_id) where is_default do nothing`,
    [accountId, DEFAULT_PIPELINE_NAME, JSON.stringify(DEFAULT_STAGES)],
  );
  const created = await db.one<Pipeline>(select, [accountId]);
  if (!created) throw new Error('default pipeline missing after insert');
  return created;
}

export async function listPipelines(db: Queryable, accountId: number): Promise<Pipeline[]> {
  await defaultPipeline(db, accountId);
  return listRows<Pipeline>(db, PIPELINES, accountId);
}

export const findPipeline = (db: Queryable, accountId: number, id: number) =>
  findRow<Pipeline>(db, PIPELINES, accountId, id);

export const createPipeline = (db: Queryable, accountId: number, input: { name: string; stages: string[] }) =>
  insertRow<Pipeline>(db, PIPELINES, accountId, input);

/** Stages that still hold deals cannot disappear: a 409 names the first one. */
export async function updatePipeline(
  db: Queryable,
  accountId: number,
  id: number,
  input: { name?: string; stages?: string[] },
): Promise<Pipeline | null> {
  if (input.stages) {
    const orphan = await db.one<{ stage: string }>(
      `select stage from crm_deals where account_id = $1 and pipeline_id = $2 and stage <> all($3::text[]) limit 1`,
      [accountId, id, input.stages],
    );
    if (orphan) throw new HttpError(409, `Stage "${orphan.stage}" still has deals: move them first`);
  }
  return updateRow<Pipeline>(db, PIPELINES, accountId, id, input);
}

export async function deletePipeline(db: Queryable, accountId: number, id: number): Promise<boolean> {
  const pipeline = await findPipeline(db, accountId, id);
  if (!pipeline) return false;
  if (pipeline.isDefault) throw new HttpError(409, 'The default pipeline cannot be deleted');
  const used = await db.one('select 1 from crm_deals where account_id = $1 and pipeline_id = $2 limit 1', [
    accountId,
    id,
  ]);
  if (used) throw new HttpError(409, 'This pipeline still has deals: move or delete them first');
  await db.query('delete from crm_pipelines where account_id = $1 and id = $2', [accountId, id]);
  return true;
}
