import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { webhooksApi, webhookUrlProblem } from '../../../src/contracts/webhooks.ts';
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

/** The address as kept, once the shared rule (contracts/webhooks.ts) lets it through. */
function checkUrl(raw: string): string {
  const problem = webhookUrlProblem(raw);
  if (problem) throw new HttpError(400, problem);
  return new URL(raw.trim()).toString();
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
export const webhooksRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db, jobs, config }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  // Every member sees the webhooks and their deliveries (never a secret); the account's Admins manage them.
  const view = { permission: 'account.view' } as const;
  const manage = { permission: 'integrations.manage' } as const;

  app.get('/api/webhooks', { config: view, schema: webhooksApi.list }, async (request) =>
    listWebhooks(db, requireAccountId(request)),
  );

  app.post('/api/webhooks', { config: manage, schema: webhooksApi.create }, async (request, reply) => {
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
  });

  app.delete('/api/webhooks/:id', { config: manage, schema: webhooksApi.delete }, async (request, reply) => {
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
    return reply.code(204).send(null);
  });

  app.get(
    '/api/webhooks/:id/deliveries',
    { config: view, schema: webhooksApi.deliveries },
    async (request) => {
      const accountId = requireAccountId(request);
      if (!(await webhookExists(db, accountId, request.params.id))) throw new HttpError(404, NOT_FOUND);
      return listDeliveries(db, accountId, request.params.id);
    },
  );

  app.post('/api/webhooks/:id/test', { config: manage, schema: webhooksApi.test }, async (request, reply) => {
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
  });
};
