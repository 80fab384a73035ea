import type { FastifyPluginAsync } from 'fastify';
import { requireAccountId } from '../../auth/authenticate.ts';
import { type InboxQuery, listInbox } from '../../repositories/crm/inbox.ts';
import type { CrmDeps } from './crmDeps.ts';
import { crmView } from './crmSchemas.ts';

const item = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    kind: { type: 'string' },
    sourceId: { type: 'integer' },
    at: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    subject: { type: 'string' },
    data: { type: ['object', 'null'], additionalProperties: { type: 'string' } },
    body: { type: 'string' },
    status: { type: 'string' },
  },
} as const;

const inboxSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
      kind: { type: 'string', enum: ['form', 'message'] },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: { items: { type: 'array', items: item }, totalCount: { type: 'integer' } },
    },
  },
} as const;

/** The Unified Inbox: the account's form submissions and CRM messages in one list, newest first. */
export const inboxRoutes: FastifyPluginAsync<CrmDeps> = async (app, { db }) => {
  app.get<{ Querystring: InboxQuery }>(
    '/api/crm/inbox',
    { config: crmView, schema: inboxSchema },
    (request) => listInbox(db, requireAccountId(request), request.query),
  );
};
