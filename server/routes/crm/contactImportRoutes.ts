import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { exportContacts } from '../../crm/contactExport.ts';
import { createImport, type DuplicateMode, runImport } from '../../crm/contactImporter.ts';
import { IMPORT_FIELDS, type ImportMapping } from '../../crm/importMapping.ts';
import { findImport, rollbackImport } from '../../crm/importReports.ts';
import { HttpError } from '../../errors.ts';
import { contactListExists } from '../../repositories/crm/contactLists.ts';
import { assertStorableText } from '../../textGuard.ts';
import type { CrmDeps } from './crmDeps.ts';
import { crmEdit, crmView, type IdParams, id, idParams } from './crmSchemas.ts';

/** Files above this size are imported by a job while the client polls its progress. */
export const INLINE_IMPORT_BYTES = 256 * 1024;
const MAX_IMPORT_BYTES = 100 * 1024 * 1024;
const SEND_FILE = 'Send the CSV file as multipart field "file"';
const report = { type: 'object', additionalProperties: true } as const;
const errors = { 400: schemas.message, 404: schemas.message, 413: schemas.message } as const;

// The parts of an import, for the OpenAPI document (the handler streams them: Fastify validates no body here).
const importParts = schemas.multipart(
  {
    file: { type: 'string', format: 'binary', description: 'The CSV file, 100 MB at most' },
    duplicates: {
      type: 'string',
      enum: ['skip', 'update'],
      default: 'skip',
      description: 'What a row whose email is already a contact does',
    },
    mapping: {
      type: 'string',
      description: `A JSON object of column header → contact field (${IMPORT_FIELDS.join(', ')}, or "" to skip the column); guessed from the headers when absent`,
    },
    contactListId: {
      type: 'string',
      pattern: '^[0-9]+$',
      description: 'A contact list the imported contacts join',
    },
  },
  ['file'],
);

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
export const contactImportRoutes: FastifyPluginAsync<CrmDeps> = async (app, { db, jobs, config }) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6 } });
  const dir = path.join(config.dataDir, 'imports');

  app.post(
    '/api/crm/contacts/import',
    { config: crmEdit, schema: { ...importParts, response: { 200: report, 202: report, ...errors } } },
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
          return reply.code(202).send(await findImport(db, accountId, importId));
        }
        await runImport(db, accountId, importId, upload.filePath);
        await rm(upload.filePath, { force: true });
        return reply.code(200).send(await findImport(db, accountId, importId));
      } catch (error) {
        await rm(upload.filePath, { force: true });
        throw error;
      }
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/crm/contacts/imports/:id',
    { config: crmView, schema: { params: idParams, response: { 200: report, 404: schemas.message } } },
    async (request) => {
      const found = await findImport(db, requireAccountId(request), request.params.id);
      if (!found) throw new HttpError(404, 'Import not found');
      return found;
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/crm/contacts/imports/:id/rollback',
    {
      config: crmEdit,
      schema: {
        params: idParams,
        body: schemas.noBody,
        response: { 200: report, ...errors, 409: schemas.message },
      },
    },
    async (request) => {
      const accountId = requireAccountId(request);
      const found = await findImport(db, accountId, request.params.id);
      if (!found) throw new HttpError(404, 'Import not found');
      if (found.status !== 'completed')
        throw new HttpError(409, `An import that is ${found.status} cannot be rolled back`);
      await rollbackImport(db, accountId, found.id);
      return findImport(db, accountId, found.id);
    },
  );

  app.get<{ Querystring: { contactListId?: number } }>(
    '/api/crm/contacts/export',
    {
      config: crmView,
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { contactListId: id } },
        response: {
          200: {
            description: 'The contacts as CSV (an attachment, streamed)',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          404: schemas.message,
        },
      },
    },
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
