import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type ContactListQuery, contactsApi } from '../../../src/contracts/crmApi.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { exportContacts } from '../../crm/contactExport.ts';
import { createImport, type DuplicateMode, runImport } from '../../crm/contactImporter.ts';
import { IMPORT_FIELDS, type ImportMapping } from '../../crm/importMapping.ts';
import { findImport, rollbackImport } from '../../crm/importReports.ts';
import { HttpError } from '../../errors.ts';
import { contactListExists } from '../../repositories/crm/contactLists.ts';
import { assertStorableText } from '../../textGuard.ts';
import { type CrmDeps, crmEdit, crmView } from './crmDeps.ts';

/** Files above this size are imported by a job while the client polls its progress. */
export const INLINE_IMPORT_BYTES = 256 * 1024;
const MAX_IMPORT_BYTES = 100 * 1024 * 1024;
const SEND_FILE = 'Send the CSV file as multipart field "file"';

type Upload = { filePath: string; fileName: string; fields: Record<string, string> };

// Streams the multipart body: its text fields, and the file written to disk (never whole in memory).
async function receive(request: FastifyRequest, dir: string): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(400, SEND_FILE);
  const fields: Record<string, string> = {};
  let upload: Upload | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
    } else if (part.fieldname === 'file' && !upload) {
      await mkdir(dir, { recursive: true });
      const filePath = path.join(dir, `${randomBytes(12).toString('hex')}.csv`);
      await pipeline(part.file, createWriteStream(filePath));
      if (part.file.truncated) {
        await rm(filePath, { force: true });
        throw new HttpError(413, 'The CSV file must be at most 100 MB');
      }
      upload = { filePath, fileName: part.filename.slice(0, 200), fields };
    } else {
      part.file.resume();
    }
  }
  if (!upload) throw new HttpError(400, SEND_FILE);
  return upload;
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
export const contactImportRoutes: FastifyPluginAsync<CrmDeps> = async (fastify, { db, jobs, config }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6 } });
  const dir = path.join(config.dataDir, 'imports');
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
      const upload = await receive(request, dir);
      try {
        // Multipart text is read here, out of the app-level text guard's sight: the same rule, by hand.
        assertStorableText({ ...upload.fields, filename: upload.fileName }, '');
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
        const importId = await createImport(db, accountId, {
          fileName: upload.fileName,
          mapping,
          duplicates,
          contactListId: listId,
        });
        if (jobs && (await stat(upload.filePath)).size > INLINE_IMPORT_BYTES) {
          await jobs.send('crm-contact-import', { accountId, importId, filePath: upload.filePath });
          return reply.code(202).send(await requireImport(accountId, importId));
        }
        await runImport(db, accountId, importId, upload.filePath);
        await rm(upload.filePath, { force: true });
        return reply.code(200).send(await requireImport(accountId, importId));
      } catch (error) {
        await rm(upload.filePath, { force: true });
        throw error;
      }
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
