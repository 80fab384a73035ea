import type { FastifyPluginAsync } from 'fastify';
import { CONTACT_LIMITS } from '../../../src/contracts/crmFieldRules.ts';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { emitCrmEvent } from '../../crm/crmEvents.ts';
import { cacheByGeneration } from '../../db/generationCache.ts';
import { HttpError, isUniqueViolation } from '../../errors.ts';
import { emitWebhookEvent } from '../../jobs/webhooks.ts';
import { createContactList, listContactLists } from '../../repositories/crm/contactLists.ts';
import {
  type ContactInput,
  type ContactQuery,
  createContact,
  deleteContact,
  findContact,
  listContacts,
  updateContact,
} from '../../repositories/crm/contacts.ts';
import type { CrmDeps } from './crmDeps.ts';
import { crmEdit, crmView, emailOrEmpty, type IdParams, id, idParams, str } from './crmSchemas.ts';

const NOT_FOUND = 'Contact not found';
const NEEDS_NAME = 'A contact needs a name or an email';
const DUPLICATE_EMAIL = 'A contact with this email already exists';

// The limits the Contact dialog checks too (src/contracts/crmFieldRules.ts).
const contactProperties = {
  firstName: str(CONTACT_LIMITS.firstName),
  lastName: str(CONTACT_LIMITS.lastName),
  email: emailOrEmpty,
  phone: str(CONTACT_LIMITS.phone),
  company: str(CONTACT_LIMITS.company),
  tags: {
    type: 'array',
    maxItems: CONTACT_LIMITS.tags,
    items: { type: 'string', transform: ['trim'], minLength: 1, maxLength: CONTACT_LIMITS.tag },
  },
  notes: str(CONTACT_LIMITS.notes),
  contactListIds: { type: 'array', maxItems: 100, uniqueItems: true, items: id },
};

const contact = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    company: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    notes: { type: 'string' },
    contactListIds: { type: 'array', items: { type: 'integer' } },
    orderCount: { type: 'integer' },
    lifetimeValue: { type: 'number' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
} as const;
const errors = { 400: schemas.message, 404: schemas.message, 409: schemas.message } as const;

const listSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      search: { type: 'string', maxLength: 200 },
      contactListId: id,
    },
  },
  response: {
    200: {
      type: 'object',
      properties: { contacts: { type: 'array', items: contact }, totalCount: { type: 'integer' } },
    },
  },
} as const;

const nameOrEmail = (body: ContactInput) => {
  if (!body.firstName && !body.lastName && !body.email) {
    throw new HttpError(400, NEEDS_NAME);
  }
};

/** Contacts and contact lists of the caller's account. */
export const contactsRoutes: FastifyPluginAsync<CrmDeps> = async (app, { db, jobs, queueRun }) => {
  // A page is kept until a contact or a list membership changes (any write of this process; on PostgreSQL
  // also another process's, announced on `contacts_rows`, migration 0015): the same search asked again
  // costs no query.
  const readContacts = cacheByGeneration({
    generation: db.contactsGeneration,
    key: ({ accountId, query }: { accountId: number; query: ContactQuery }) =>
      JSON.stringify([accountId, query.page, query.pageSize, query.search, query.contactListId]),
    read: ({ accountId, query }) => listContacts(db, accountId, query),
    // Pages of up to 100 contacts: at most ~25 MB kept.
    maxEntries: 500,
  });
  app.get<{ Querystring: ContactQuery }>(
    '/api/crm/contacts',
    { config: crmView, schema: listSchema },
    async (request) => readContacts({ accountId: requireAccountId(request), query: request.query }),
  );

  app.post<{ Body: ContactInput }>(
    '/api/crm/contacts',
    {
      config: crmEdit,
      schema: {
        body: { type: 'object', additionalProperties: false, properties: contactProperties },
        response: { 201: contact, ...errors },
      },
    },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      nameOrEmail(request.body);
      try {
        const created = await createContact(db, accountId, request.body);
        await emitCrmEvent(db, queueRun, {
          accountId,
          trigger: 'contact.created',
          eventKey: `contact:${created.id}`,
          subject: { type: 'contact', id: created.id },
          contactId: created.id,
          dealId: null,
          data: {
            ...created,
            tags: created.tags.join(', '),
            contactListIds: created.contactListIds.join(', '),
          },
        });
        await emitWebhookEvent(jobs, db, accountId, 'contact.created', created);
        return reply.code(201).send(created);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_EMAIL);
        throw error;
      }
    },
  );

  // One contact: an opened record's address (/crm/contacts/:id) loads it even when it is on no list page.
  app.get<{ Params: IdParams }>(
    '/api/crm/contacts/:id',
    { config: crmView, schema: { params: idParams, response: { 200: contact, ...errors } } },
    async (request) => {
      const found = await findContact(db, requireAccountId(request), request.params.id);
      if (!found) throw new HttpError(404, NOT_FOUND);
      return found;
    },
  );

  app.put<{ Params: IdParams; Body: ContactInput }>(
    '/api/crm/contacts/:id',
    {
      config: crmEdit,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: contactProperties,
        },
        response: { 200: contact, ...errors },
      },
    },
    async (request) => {
      try {
        const updated = await updateContact(db, requireAccountId(request), request.params.id, request.body);
        if (!updated) throw new HttpError(404, NOT_FOUND);
        return updated;
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_EMAIL);
        if ((error as { code?: string }).code === '23514') throw new HttpError(400, NEEDS_NAME);
        throw error;
      }
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/crm/contacts/:id',
    {
      config: crmEdit,
      schema: { params: idParams, response: { 204: { type: 'null' }, 404: schemas.message } },
    },
    async (request, reply) => {
      if (!(await deleteContact(db, requireAccountId(request), request.params.id))) {
        throw new HttpError(404, NOT_FOUND);
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/crm/contact-lists',
    {
      config: crmView,
      schema: { response: { 200: { type: 'array', items: { type: 'object', additionalProperties: true } } } },
    },
    async (request) => listContactLists(db, requireAccountId(request)),
  );

  app.post<{ Body: { name: string; description?: string } }>(
    '/api/crm/contact-lists',
    {
      config: crmEdit,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: { name: schemas.text(200), description: str(1000) },
        },
        response: { 201: { type: 'object', additionalProperties: true }, 400: schemas.message },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createContactList(db, requireAccountId(request), request.body)),
  );
};
