import { type CsvError, parse } from 'csv-parse';
import { restoreFormula } from '../../src/contracts/csv.ts';
import { CSV_READ_OPTIONS } from '../../src/contracts/csvRead.ts';
import type { Db, Queryable } from '../db/types.ts';
import { deleteChunks, readChunks } from './importChunks.ts';
import {
  columnFields,
  type ImportField,
  type ImportMapping,
  type ImportRow,
  toImportRow,
} from './importMapping.ts';
import { type ImportError, rollbackImport } from './importReports.ts';

export type DuplicateMode = 'skip' | 'update';

// Rows written per transaction. The file is read as a stream (its chunks, one query each) and only one batch of
// rows (and at most MAX_ERRORS bad-row entries) is ever held, so the server's memory does not grow with the file:
// at 100,000 contacts PGlite's WebAssembly memory stays where the start-up left it (see `npm run bench --
// crm-import`). 1,000 keeps each statement's parameter arrays and trigger transition tables small. Exported for the
// tests, which place bad rows and repeated e-mails across batch boundaries.
export const IMPORT_BATCH_ROWS = 1000;
const MAX_ERRORS = 500;
const TAG_SEPARATOR = '\u001f';

type Counts = { created: number; updated: number; skipped: number; processed: number };

/** A pending row of the import, with the CSV line it came from. */
type Pending = ImportRow & { line: number };

export type ImportSettingsInput = {
  mapping: ImportMapping | null;
  duplicates: DuplicateMode;
  contactListId: number | null;
};

/**
 * Records an import whose file is arriving ('receiving': no job runs it, no report shows it); its id tags the
 * file's chunks and, later, every contact it creates.
 */
export async function openImport(db: Queryable, accountId: number, fileName: string): Promise<number> {
  const row = await db.one<{ id: number }>(
    `insert into crm_contact_imports (account_id, file_name, status) values ($1, $2, 'receiving') returning id`,
    [accountId, fileName],
  );
  if (!row) throw new Error('import insert returned no row');
  return row.id;
}

/** The file is in: the import gets its settings and may run. */
export async function queueImport(
  db: Queryable,
  accountId: number,
  importId: number,
  input: ImportSettingsInput,
): Promise<void> {
  await db.query(
    `update crm_contact_imports set mapping = $3::jsonb, duplicates = $4, contact_list_id = $5, status = 'queued'
     where account_id = $1 and id = $2 and status = 'receiving'`,
    [accountId, importId, JSON.stringify(input.mapping ?? {}), input.duplicates, input.contactListId],
  );
}

/** A refused upload: the import and its chunks go (the chunks by their foreign key's cascade). */
export async function discardImport(db: Queryable, accountId: number, importId: number): Promise<void> {
  await db.query(
    `delete from crm_contact_imports where account_id = $1 and id = $2 and status = 'receiving'`,
    [accountId, importId],
  );
}

// One batch in one transaction: existing e-mails are snapshotted (update) or skipped, the rest inserted.
async function writeBatch(
  tx: Queryable,
  accountId: number,
  importId: number,
  mode: DuplicateMode,
  listId: number | null,
  rows: Pending[],
): Promise<Omit<Counts, 'processed'>> {
  const emails = rows.map((r) => r.email).filter(Boolean);
  const existing = new Set(
    (
      await tx.query<{ email: string }>(
        // `email <> ''` lets the planner use the partial unique index (account_id, email) where email <> ''.
        "select email from crm_contacts where account_id = $1 and email <> '' and email = any($2::text[])",
        [accountId, emails],
      )
    ).map((r) => r.email),
  );
  const fresh = rows.filter((r) => !r.email || !existing.has(r.email));
  const dupes = rows.filter((r) => r.email && existing.has(r.email));
  const columns = (list: Pending[]) => [
    list.map((r) => r.firstName),
    list.map((r) => r.lastName),
    list.map((r) => r.email),
    list.map((r) => r.phone),
    list.map((r) => r.company),
    list.map((r) => r.tags.join(TAG_SEPARATOR)),
    list.map((r) => r.notes),
  ];
  // The seven columns as parallel arrays from parameter $first on.
  const unnest = (first: number) =>
    `unnest(${Array.from({ length: 7 }, (_, i) => `$${first + i}::text[]`).join(', ')})
     as u(first_name, last_name, email, phone, company, tags, notes)`;
  const tags = `case when u.tags = '' then '{}'::text[] else string_to_array(u.tags, E'\\x1f') end`;
  const touched: number[] = [];
  if (mode === 'update' && dupes.length > 0) {
    await tx.query(
      `insert into crm_contact_import_changes (import_id, account_id, contact_id, previous)
       select $2, $1, c.id, jsonb_build_object('first_name', c.first_name, 'last_name', c.last_name,
         'phone', c.phone, 'company', c.company, 'tags', to_jsonb(c.tags), 'notes', c.notes)
       from crm_contacts c where c.account_id = $1 and c.email <> '' and c.email = any($3::text[])
         and c.import_id is distinct from $2
       on conflict do nothing`,
      [accountId, importId, dupes.map((r) => r.email)],
    );
    // Only the cells the file fills overwrite what the contact had.
    const updated = await tx.query<{ id: number }>(
      `update crm_contacts c set
         first_name = coalesce(nullif(u.first_name, ''), c.first_name),
         last_name = coalesce(nullif(u.last_name, ''), c.last_name),
         phone = coalesce(nullif(u.phone, ''), c.phone),
         company = coalesce(nullif(u.company, ''), c.company),
         tags = case when u.tags = '' then c.tags else ${tags} end,
         notes = coalesce(nullif(u.notes, ''), c.notes),
         updated_at = now()
       from ${unnest(2)}
       where c.account_id = $1 and c.email <> '' and c.email = u.email
       returning c.id`,
      [accountId, ...columns(dupes)],
    );
    touched.push(...updated.map((r) => r.id));
  }
  // Inserted after the updates: the insert takes the account's row in crm_contact_counts (migration 0015)
  // until the batch commits, and every other writer of contacts (a merge, a rollback) also takes it last,
  // after its contacts' row locks, so two of them never wait on each other in a circle.
  if (fresh.length > 0) {
    const inserted = await tx.query<{ id: number }>(
      `insert into crm_contacts (account_id, import_id, first_name, last_name, email, phone, company, tags, notes)
       select $1, $2, u.first_name, u.last_name, u.email, u.phone, u.company, ${tags}, u.notes from ${unnest(3)}
       returning id`,
      [accountId, importId, ...columns(fresh)],
    );
    touched.push(...inserted.map((r) => r.id));
  }
  if (listId !== null && touched.length > 0) {
    await tx.query(
      `insert into crm_contact_list_members (account_id, contact_list_id, contact_id)
       select $1, $2, unnest($3::int[]) on conflict do nothing`,
      [accountId, listId, touched],
    );
  }
  const updatedCount = mode === 'update' ? dupes.length : 0;
  return { created: fresh.length, updated: updatedCount, skipped: dupes.length - updatedCount };
}

// Rows of one batch with the same e-mail: the first stays; later ones are skipped, or merged in (update).
function dedupe(rows: Pending[], mode: DuplicateMode): { rows: Pending[]; merged: number; skipped: number } {
  const byEmail = new Map<string, Pending>();
  const out: Pending[] = [];
  let merged = 0;
  let skipped = 0;
  for (const row of rows) {
    const first = row.email ? byEmail.get(row.email) : undefined;
    if (!first) {
      if (row.email) byEmail.set(row.email, row);
      out.push(row);
    } else if (mode === 'update') {
      for (const key of ['firstName', 'lastName', 'phone', 'company', 'notes'] as const) {
        if (row[key]) first[key] = row[key];
      }
      if (row.tags.length > 0) first.tags = row.tags;
      merged += 1;
    } else {
      skipped += 1;
    }
  }
  return { rows: out, merged, skipped };
}

type ImportSettings = { duplicates: DuplicateMode; mapping: ImportMapping; contactListId: number | null };

/**
 * Reads the CSV file from the import's chunks and writes its contacts in batches, keeping the import's counters
 * and progress current. Bad rows land in the error report; a failure of the whole import undoes what it wrote.
 * Once it ends (completed or failed), its chunks go.
 */
export async function runImport(db: Db, accountId: number, importId: number): Promise<void> {
  const settings = await db.one<ImportSettings>(
    // A run starts from nothing: also when an interrupted run was undone and queued again (contactImportJob.ts).
    `update crm_contact_imports set status = 'running',
       bytes_total = (select coalesce(sum(length(bytes)), 0) from crm_import_chunks where import_id = $2),
       bytes_done = 0, total_rows = 0, processed_rows = 0, created_count = 0, updated_count = 0, skipped_count = 0,
       errors = '[]'::jsonb, message = null, finished_at = null
     where account_id = $1 and id = $2 and status = 'queued'
     returning duplicates, mapping, contact_list_id as "contactListId"`,
    [accountId, importId],
  );
  if (!settings) return; // already ran (a retried job) or rolled back
  try {
    await readAndWrite(db, accountId, importId, settings);
  } finally {
    await deleteChunks(db, importId);
  }
}

async function readAndWrite(
  db: Db,
  accountId: number,
  importId: number,
  settings: ImportSettings,
): Promise<void> {
  const sentMapping = Object.keys(settings.mapping).length > 0 ? settings.mapping : null;
  const counts: Counts = { created: 0, updated: 0, skipped: 0, processed: 0 };
  const errors: ImportError[] = [];
  const input = readChunks(db, importId);
  // Read as the contracts say (relaxed quoting; an unreadable row is a bad row of the report, never the failure
  // of the whole file).
  const parser = input.stream.pipe(
    parse({
      ...CSV_READ_OPTIONS,
      on_skip: (error) => {
        counts.processed += 1;
        counts.skipped += 1;
        if (errors.length < MAX_ERRORS) errors.push(unreadableRow(error));
        return undefined;
      },
      info: true,
    }),
  );
  // A chunk that cannot be read fails the import (pipe does not pass errors on).
  input.stream.on('error', (error) => parser.destroy(error));
  let fields: (ImportField | null)[] | null = null;
  let batch: Pending[] = [];

  const flush = async () => {
    const { rows, merged, skipped } = dedupe(batch, settings.duplicates);
    batch = [];
    const written = await db.transaction((tx) =>
      writeBatch(tx, accountId, importId, settings.duplicates, settings.contactListId, rows),
    );
    counts.created += written.created;
    counts.updated += written.updated + merged;
    counts.skipped += written.skipped + skipped;
    await saveCounts(db, accountId, importId, counts, errors, input.bytesRead());
  };

  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!fields) {
        fields = columnFields(record, sentMapping);
        continue;
      }
      counts.processed += 1;
      // A file this app exported: its neutralised cells (`'+39 …`) come back as they were stored.
      const row = toImportRow(record.map(restoreFormula), fields);
      if (typeof row === 'string') {
        if (errors.length < MAX_ERRORS) errors.push({ row: info.lines, message: row });
        counts.skipped += 1;
      } else {
        batch.push({ ...row, line: info.lines });
      }
      if (batch.length >= IMPORT_BATCH_ROWS) await flush();
    }
    if (!fields) throw new Error('The file is empty: it needs a header row');
    await flush();
    // Bulk inserts park their search entries in the GIN index's pending list, which every search would
    // then scan linearly: merge them into the index now rather than at the next autovacuum.
    await db.query(`select gin_clean_pending_list('crm_contacts_search_idx'::regclass)`);
    // Fresh statistics after a large import, so plans see the table as it now is.
    if (counts.created > 10_000) await db.query('analyze crm_contacts');
    await db.query(
      `update crm_contact_imports set status = 'completed', finished_at = now(), bytes_done = bytes_total,
         total_rows = processed_rows where account_id = $1 and id = $2`,
      [accountId, importId],
    );
  } catch (error) {
    input.stream.destroy();
    await rollbackImport(db, accountId, importId, 'failed', (error as Error).message);
  }
}

/** The report's entry for a row the CSV parser could not read: its line and why, in words. */
export function unreadableRow(error: CsvError | undefined): ImportError {
  const row = typeof error?.lines === 'number' ? error.lines : 0;
  switch (error?.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return { row, message: 'a quoted value is never closed (a " is missing)' };
    case 'CSV_INVALID_CLOSING_QUOTE':
      return { row, message: 'a quoted value has more text after its closing quote' };
    default:
      return { row, message: `the row could not be read (${error?.message ?? 'malformed CSV'})` };
  }
}

async function saveCounts(
  db: Queryable,
  accountId: number,
  importId: number,
  counts: Counts,
  errors: ImportError[],
  bytesDone: number,
): Promise<void> {
  await db.query(
    `update crm_contact_imports set processed_rows = $3, created_count = $4, updated_count = $5,
       skipped_count = $6, errors = $7::jsonb, bytes_done = least($8, bytes_total)
     where account_id = $1 and id = $2`,
    [
      accountId,
      importId,
      counts.processed,
      counts.created,
      counts.updated,
      counts.skipped,
      JSON.stringify(errors),
      bytesDone,
    ],
  );
}
