import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { inboxApi } from '../../../src/contracts/crmApi.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { findInboxItem, listInbox } from '../../repositories/crm/inbox.ts';
import { type CrmDeps, crmView } from './crmDeps.ts';

/** The Unified Inbox: the account's form submissions and CRM messages in one list, newest first. */
export const inboxRoutes: FastifyPluginAsync<CrmDeps> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get('/api/crm/inbox', { config: crmView, schema: inboxApi.list }, (request) =>
    listInbox(db, requireAccountId(request), request.query),
  );
  app.get('/api/crm/inbox/:kind/:id', { config: crmView, schema: inboxApi.item }, async (request) => {
    const { kind, id } = request.params;
    const item = await findInboxItem(db, requireAccountId(request), kind, id);
    if (!item) throw new HttpError(404, kind === 'form' ? 'Form submission not found' : 'Message not found');
    return item;
  });
};
