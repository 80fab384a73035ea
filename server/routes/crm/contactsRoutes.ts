import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { type ContactInput, type ContactQuery, contactsApi } from '../../../src/contracts/crmApi.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { emitCrmEvent } from '../../crm/crmEvents.ts';
import { cacheByGeneration } from '../../db/generationCache.ts';
import { HttpError, isUniqueViolation } from '../../errors.ts';
import { emitWebhookEvent } from '../../jobs/webhooks.ts';
import { createContactList, listContactLists } from '../../repositories/crm/contactLists.ts';
import {
  createContact,
  deleteContact,
  findContact,
  listContacts,
  updateContact,
} from '../../repositories/crm/contacts.ts';
import { type CrmDeps, crmEdit, crmView } from './crmDeps.ts';

const NOT_FOUND = 'Contact not found';
const NEEDS_NAME = 'A contact needs a name or an email';
const DUPLICATE_EMAIL = 'A contact with this email already exists';

const nameOrEmail = (body: ContactInput) => {
  if (!body.firstName && !body.lastName && !body.email) {
    throw new HttpError(400, NEEDS_NAME);
  }
};

/** Contacts and contact lists of the caller's account. */
export const contactsRoutes: FastifyPluginAsync<CrmDeps> = async (fastify, { db, jobs, queueRun }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
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
  app.get('/api/crm/contacts', { config: crmView, schema: contactsApi.list }, async (request) =>
    readContacts({ accountId: requireAccountId(request), query: request.query }),
  );

  app.post('/api/crm/contacts', { config: crmEdit, schema: contactsApi.create }, async (request, reply) => {
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
  });

  // One contact: an opened record's address (/crm/contacts/:id) loads it even when it is on no list page.
  app.get('/api/crm/contacts/:id', { config: crmView, schema: contactsApi.get }, async (request) => {
    const found = await findContact(db, requireAccountId(request), request.params.id);
    if (!found) throw new HttpError(404, NOT_FOUND);
    return found;
  });

  app.put('/api/crm/contacts/:id', { config: crmEdit, schema: contactsApi.update }, async (request) => {
    try {
      const updated = await updateContact(db, requireAccountId(request), request.params.id, request.body);
      if (!updated) throw new HttpError(404, NOT_FOUND);
      return updated;
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_EMAIL);
      if ((error as { code?: string }).code === '23514') throw new HttpError(400, NEEDS_NAME);
      throw error;
    }
  });

  app.delete(
    '/api/crm/contacts/:id',
    { config: crmEdit, schema: contactsApi.remove },
    async (request, reply) => {
      if (!(await deleteContact(db, requireAccountId(request), request.params.id))) {
        throw new HttpError(404, NOT_FOUND);
      }
      return reply.code(204).send(null);
    },
  );

  app.get('/api/crm/contact-lists', { config: crmView, schema: contactsApi.lists }, async (request) =>
    listContactLists(db, requireAccountId(request)),
  );

  app.post(
    '/api/crm/contact-lists',
    { config: crmEdit, schema: contactsApi.createList },
    async (request, reply) =>
      reply.code(201).send(await createContactList(db, requireAccountId(request), request.body)),
  );
};
