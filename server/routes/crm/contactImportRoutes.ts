import { setTimeout } from 'node:timers/promises';
import multipart from '@fastify/multipart';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type ImportReport, importEnded } from '../../../src/contracts/crm.ts';
import { type ContactListQuery, contactsApi } from '../../../src/contracts/crmApi.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { exportContacts } from '../../crm/contactExport.ts';
import {
  type DuplicateMode,
  discardImport,
  openImport,
  queueImport,
  runImport,
} from '../../crm/contactImporter.ts';
import { storeChunks } from '../../crm/importChunks.ts';
import { IMPORT_FIELDS, type ImportMapping } from '../../crm/importMapping.ts';
import { findImport, rollbackImport } from '../../crm/importReports.ts';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../errors.ts';
import { contactListExists } from '../../repositories/crm/contactLists.ts';
import { assertStorableText } from '../../textGuard.ts';
import { type CrmDeps, crmEdit, crmView } from './crmDeps.ts';

/**
 * Every import runs as a job (a server stopped mid-way leaves it to the job's retry, never 'running' for ever).
 * A file up to this size is waited for, up to SMALL_IMPORT_WAIT_MS, and answered with its report; a larger one
 * is answered at once, queued, and the client polls its progress.
 */
export const SMALL_IMPORT_BYTES = 256 * 1024;
const SMALL_IMPORT_WAIT_MS = 5000;
const MAX_IMPORT_BYTES = 100 * 1024 * 1024;
const SEND_FILE = 'Send the CSV file as multipart field "file"';

type Upload = { importId: number; bytes: number; fileName: string; fields: Record<string, string> };

// Streams the multipart body: its text fields, and the file into the chunks of a new import still 'receiving'
// (never whole in memory, nothing on disk). Text fields may follow the file, so they are checked by the caller;
// a body refused here (too large, the client gone) takes its import and chunks with it.
async function receive(request: FastifyRequest, db: Db, accountId: number): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(400, SEND_FILE);
  const fields: Record<string, string> = {};
  let upload: Upload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'file' && !upload) {
        const fileName = part.filename.slice(0, 200);
        assertStorableText({ filename: fileName }, '');
        upload = { importId: await openImport(db, accountId, fileName), bytes: 0, fileName, fields };
        upload.bytes = await storeChunks(db, upload.importId, part.file);
        if (part.file.truncated) throw new HttpError(413, 'The CSV file must be at most 100 MB');
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (upload) await discardImport(db, accountId, upload.importId);
    throw error;
  }
  if (!upload) throw new HttpError(400, SEND_FILE);
  return upload;
}

// The import's report (`read`) once its job has ended, or as it stands after `waitMs`.
async function reportWhenEnded(read: () => Promise<ImportReport>, waitMs: number): Promise<ImportReport> {
  const deadline = Date.now() + waitMs;
  for (let pause = 10; ; pause = Math.min(2 * pause, 200)) {
    const report = await read();
    if (importEnded(report) || Date.now() + pause > deadline) return report;
    await setTimeout(pause);
  }
}

function parseMapping(raw: string | undefined): ImportMapping | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'mapping must be a JSON object of column header → contact field');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'mapping must be a JSON object of column header → contact field');
  }
  assertStorableText(value, 'mapping');
  for (const [header, target] of Object.entries(value)) {
    if (target !== '' && !IMPORT_FIELDS.includes(target as never)) {
      throw new HttpError(400, `mapping of "${header}" must be one of: ${IMPORT_FIELDS.join(', ')} (or "")`);
    }
  }
  return value as ImportMapping;
}

/** CSV import (inline for small files, a job for large ones), its report and rollback; CSV export. */
export const contactImportRoutes: FastifyPluginAsync<CrmDeps> = async (fastify, { db, jobs }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6 } });
  const requireImport = async (accountId: number, importId: number) => {
    const found = await findImport(db, accountId, importId);
    if (!found) throw new HttpError(404, 'Import not found');
    return found;
  };

  app.post(
    '/api/crm/contacts/import',
    { config: crmEdit, schema: contactsApi.import },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      const upload = await receive(request, db, accountId);
      try {
        // Multipart text is read here, out of the app-level text guard's sight: the same rule, by hand (the file's
        // name was checked as it arrived, before the import row took it).
        assertStorableText(upload.fields, '');
        const duplicates = (upload.fields.duplicates ?? 'skip') as DuplicateMode;
        if (duplicates !== 'skip' && duplicates !== 'update')
          throw new HttpError(400, 'duplicates must be skip or update');
        const mapping = parseMapping(upload.fields.mapping);
        const listId = upload.fields.contactListId ? Number(upload.fields.contactListId) : null;
        if (
          listId !== null &&
          !(Number.isInteger(listId) && (await contactListExists(db, accountId, listId)))
        ) {
          throw new HttpError(400, `Contact list ${upload.fields.contactListId} does not exist`);
        }
        await queueImport(db, accountId, upload.importId, { mapping, duplicates, contactListId: listId });
      } catch (error) {
        await discardImport(db, accountId, upload.importId);
        throw error;
      }
      // The job runs from the chunks in the database: on any server.
      if (!jobs) {
        await runImport(db, accountId, upload.importId); // a server without a job engine (some tests)
        return reply.code(200).send(await requireImport(accountId, upload.importId));
      }
      const small = upload.bytes <= SMALL_IMPORT_BYTES;
      const job = { accountId, importId: upload.importId };
      await jobs.send(small ? 'crm-contact-import-small' : 'crm-contact-import', job);
      const read = () => requireImport(accountId, upload.importId);
      const report = small ? await reportWhenEnded(read, SMALL_IMPORT_WAIT_MS) : await read();
      return reply.code(importEnded(report) ? 200 : 202).send(report);
    },
  );

  app.get(
    '/api/crm/contacts/imports/:id',
    { config: crmView, schema: contactsApi.importReport },
    async (request) => requireImport(requireAccountId(request), request.params.id),
  );

  app.post(
    '/api/crm/contacts/imports/:id/rollback',
    { config: crmEdit, schema: contactsApi.rollbackImport },
    async (request) => {
      const accountId = requireAccountId(request);
      const found = await requireImport(accountId, request.params.id);
      if (found.status !== 'completed')
        throw new HttpError(409, `An import that is ${found.status} cannot be rolled back`);
      await rollbackImport(db, accountId, found.id);
      return requireImport(accountId, found.id);
    },
  );

  // A streamed CSV, not a JSON answer: the untyped instance, its query typed from the contract.
  fastify.get<{ Querystring: ContactListQuery }>(
    '/api/crm/contacts/export',
    { config: crmView, schema: contactsApi.export },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      const listId = request.query.contactListId ?? null;
      if (listId !== null && !(await contactListExists(db, accountId, listId))) {
        throw new HttpError(404, 'Contact list not found');
      }
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="contacts.csv"');
      return reply.send(exportContacts(db, accountId, listId));
    },
  );
};
