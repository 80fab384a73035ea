import type { FastifyPluginAsync } from 'fastify';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../../src/contracts/social.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { emitWebhookEvent } from '../../jobs/webhooks.ts';
import { checkOutboundUrl, OutboundError, type OutboundPolicy, outboundPolicy } from '../../net/safeFetch.ts';
import { logActivity } from '../../repositories/activityLogs.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  webhookExists,
} from '../../repositories/webhooks.ts';
import type { RouteDeps } from '../routeDeps.ts';

const NOT_FOUND = 'Webhook not found';
export const PRIVATE_WEBHOOK_URL =
  'The webhook URL must point to a public internet address, not a private, local or reserved one.';
type Body = { url: string; events: WebhookEvent[] };
type Params = { id: number };

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

const webhookProperties = {
  id: { type: 'integer' },
  url: { type: 'string' },
  events: { type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENTS] } },
  createdAt: { type: 'string' },
} as const;
/** `Webhook` of repositories/webhooks.ts: never its secret. */
const webhook = {
  type: 'object',
  required: ['id', 'url', 'events', 'createdAt'],
  properties: webhookProperties,
} as const;
/** `Delivery` of repositories/webhooks.ts. */
const delivery = {
  type: 'object',
  required: [
    'id',
    'webhookId',
    'event',
    'status',
    'attempts',
    'responseCode',
    'lastError',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: { type: 'integer' },
    webhookId: { type: 'integer' },
    event: { type: 'string', description: 'A webhook event, or webhook.test' },
    status: { type: 'string', enum: ['pending', 'retrying', 'delivered', 'failed'] },
    attempts: { type: 'integer' },
    responseCode: { type: ['integer', 'null'] },
    lastError: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
} as const;
const notFound = { 404: schemas.message } as const;

const listSchema = { response: { 200: { type: 'array', items: webhook } } } as const;
const deleteSchema = { params: idParams, response: { 204: schemas.noContent, ...notFound } } as const;
const deliveriesSchema = {
  params: idParams,
  response: {
    200: { description: 'The 50 latest, newest first', type: 'array', items: delivery },
    ...notFound,
  },
} as const;
const testSchema = {
  params: idParams,
  body: schemas.noBody,
  response: {
    202: {
      description: 'A test delivery is queued',
      type: 'object',
      required: ['deliveryId'],
      properties: { deliveryId: { type: 'integer' } },
    },
    ...notFound,
  },
} as const;

const createSchema = {
  response: {
    201: {
      description: 'The webhook with its signing secret, shown this once',
      type: 'object',
      required: ['id', 'url', 'events', 'createdAt', 'secret'],
      properties: { ...webhookProperties, secret: { type: 'string' } },
    },
    400: schemas.message,
  },
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['url', 'events'],
    properties: {
      url: { type: 'string', transform: ['trim'], minLength: 1, maxLength: 2000 },
      events: {
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: { type: 'string', enum: [...WEBHOOK_EVENTS] },
      },
    },
  },
} as const;

/** Only http(s) URLs with a host; no credentials in them (they would land in logs). */
function checkUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HttpError(400, 'The webhook URL must be a full http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpError(400, 'The webhook URL must start with http:// or https://');
  }
  if (url.username || url.password)
    throw new HttpError(400, 'The webhook URL must not contain a user or password');
  return url.toString();
}

/**
 * Refuses a URL whose host is, or now resolves to, an address the outgoing client would refuse. A name that does
 * not resolve yet is kept: every delivery checks the address again before it connects.
 */
async function checkReachable(url: string, policy: OutboundPolicy): Promise<void> {
  try {
    await checkOutboundUrl(url, policy);
  } catch (error) {
    if (error instanceof OutboundError && error.reason === 'refused')
      throw new HttpError(400, PRIVATE_WEBHOOK_URL);
    if (!(error instanceof OutboundError && error.reason === 'not-found')) throw error;
  }
}

/** Outgoing webhooks of the account, their delivery log, and a test delivery. */
export const webhooksRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, jobs, config }) => {
  // Every member sees the webhooks and their deliveries (never a secret); the account's Admins manage them.
  const view = { permission: 'account.view' } as const;
  const manage = { permission: 'integrations.manage' } as const;

  app.get('/api/webhooks', { config: view, schema: listSchema }, async (request) =>
    listWebhooks(db, requireAccountId(request)),
  );

  app.post<{ Body: Body }>(
    '/api/webhooks',
    { config: manage, schema: createSchema },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      const url = checkUrl(request.body.url);
      await checkReachable(url, outboundPolicy(config));
      const hook = await createWebhook(db, accountId, { url, events: request.body.events });
      await logActivity(db, {
        type: 'webhook.created',
        userId: request.user.id,
        userEmail: request.user.email,
        accountId,
        ip: request.ip,
        details: { webhookId: hook.id, events: hook.events.join(',') },
      });
      return reply.code(201).send(hook);
    },
  );

  app.delete<{ Params: Params }>(
    '/api/webhooks/:id',
    { config: manage, schema: deleteSchema },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      if (!(await deleteWebhook(db, accountId, request.params.id))) throw new HttpError(404, NOT_FOUND);
      await logActivity(db, {
        type: 'webhook.deleted',
        userId: request.user.id,
        userEmail: request.user.email,
        accountId,
        ip: request.ip,
        details: { webhookId: request.params.id },
      });
      return reply.code(204).send();
    },
  );

  app.get<{ Params: Params }>(
    '/api/webhooks/:id/deliveries',
    { config: view, schema: deliveriesSchema },
    async (request) => {
      const accountId = requireAccountId(request);
      if (!(await webhookExists(db, accountId, request.params.id))) throw new HttpError(404, NOT_FOUND);
      return listDeliveries(db, accountId, request.params.id);
    },
  );

  app.post<{ Params: Params }>(
    '/api/webhooks/:id/test',
    { config: manage, schema: testSchema },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      if (!(await webhookExists(db, accountId, request.params.id))) throw new HttpError(404, NOT_FOUND);
      const [deliveryId] = await emitWebhookEvent(
        jobs,
        db,
        accountId,
        'webhook.test',
        { message: 'A test delivery from BizSite' },
        { webhookId: request.params.id },
      );
      return reply.code(202).send({ deliveryId });
    },
  );
};
