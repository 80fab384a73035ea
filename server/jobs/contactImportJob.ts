import { createReadStream, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { runImport } from '../crm/contactImporter.ts';
import { deleteChunks, hasChunks, storeChunks } from '../crm/importChunks.ts';
import { rollbackImport } from '../crm/importReports.ts';
import type { Db } from '../db/types.ts';

/**
 * The `crm-contact-import` job: the import's file is in its chunks (migration 0031). `filePath` is only in jobs
 * queued before that, when the file lay on the disk of the server that received it.
 */
export type ImportJobData = { accountId: number; importId: number; filePath?: string };

export const LOST_IMPORT_FILE =
  'The file of this import was lost while the server was upgraded: import it again';

/**
 * Runs a queued import from its chunks. A retried job finds it finished and does nothing, or finds it still
 * 'running' with its chunks: the server that ran it stopped mid-way (a deploy's shutdown fails the job, a dead
 * process stops its heartbeat), so what it wrote is undone and it runs again from the start.
 */
export async function runImportJob(db: Db, { accountId, importId, filePath }: ImportJobData): Promise<void> {
  if (filePath !== undefined) await adoptFile(db, accountId, importId, filePath);
  await requeueInterrupted(db, accountId, importId);
  await runImport(db, accountId, importId);
}

async function requeueInterrupted(db: Db, accountId: number, importId: number): Promise<void> {
  const running = await db.one(
    `select 1 from crm_contact_imports where account_id = $1 and id = $2 and status = 'running'`,
    [accountId, importId],
  );
  if (!running || !(await hasChunks(db, importId))) return;
  // Queued again; its run starts its counters from nothing (runImport).
  await rollbackImport(db, accountId, importId, 'queued');
}

// A job of the old shape: its file is read into chunks once, if this server has it; if not, the import fails
// with a message saying so (the other servers cannot have it either once the upgrade is done).
async function adoptFile(db: Db, accountId: number, importId: number, filePath: string): Promise<void> {
  const queued = await db.one(
    `select 1 from crm_contact_imports where account_id = $1 and id = $2 and status = 'queued'`,
    [accountId, importId],
  );
  if (!queued || (await hasChunks(db, importId))) return;
  if (!existsSync(filePath)) {
    await db.query(
      `update crm_contact_imports set status = 'failed', message = $3, finished_at = now()
       where account_id = $1 and id = $2 and status = 'queued'`,
      [accountId, importId, LOST_IMPORT_FILE],
    );
    return;
  }
  try {
    await storeChunks(db, importId, createReadStream(filePath));
  } catch (error) {
    await deleteChunks(db, importId); // half a file must not run: the retry starts again from the file
    throw error;
  }
  await rm(filePath, { force: true });
}
