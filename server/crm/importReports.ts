import type { ImportReport } from '../../src/contracts/crm.ts';
import type { Db, Queryable } from '../db/types.ts';

export type ImportError = ImportReport['errors'][number];

/** Undoes an import: the contacts it created go, the ones it updated get their earlier values back. */
export async function rollbackImport(
  db: Db,
  accountId: number,
  importId: number,
  status: 'failed' | 'rolled-back' | 'queued' = 'rolled-back',
  message: string | null = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await tx.one(
      'select 1 from crm_contact_imports where account_id = $1 and id = $2 for update',
      [accountId, importId],
    );
    if (!found) return false;
    await tx.query(
      `update crm_contacts c set first_name = p.previous->>'first_name', last_name = p.previous->>'last_name',
         phone = p.previous->>'phone', company = p.previous->>'company', notes = p.previous->>'notes',
         tags = array(select jsonb_array_elements_text(p.previous->'tags')), updated_at = now()
       from crm_contact_import_changes p
       where p.import_id = $2 and p.account_id = $1 and c.id = p.contact_id and c.account_id = $1`,
      [accountId, importId],
    );
    await tx.query('delete from crm_contact_import_changes where account_id = $1 and import_id = $2', [
      accountId,
      importId,
    ]);
    await tx.query('delete from crm_contacts where account_id = $1 and import_id = $2', [
      accountId,
      importId,
    ]);
    await tx.query(
      `update crm_contact_imports set status = $3, message = coalesce($4, message), finished_at = now()
       where account_id = $1 and id = $2`,
      [accountId, importId, status, message],
    );
    return true;
  });
}

export async function findImport(
  db: Queryable,
  accountId: number,
  importId: number,
): Promise<ImportReport | null> {
  return db.one<ImportReport>(
    `select id, status, file_name as "fileName", total_rows as "totalRows", processed_rows as "processedRows",
       created_count as created, updated_count as updated, skipped_count as skipped, errors, message,
       case when status in ('completed', 'rolled-back') then 100 when bytes_total = 0 then 0
         else floor(100 * bytes_done / bytes_total)::int end as progress
     from crm_contact_imports where account_id = $1 and id = $2 and status <> 'receiving'`,
    [accountId, importId],
  );
}
