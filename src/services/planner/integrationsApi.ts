import type { Integration, OAuthProvider, PermissionMatrix } from '../../contracts/integrations.ts';
import type { CreatedWebhook, Delivery, Webhook, WebhookInput } from '../../contracts/webhooks.ts';
import type { CallContext, Http } from '../http/http.ts';

export async function listIntegrations(http: Http): Promise<Integration[]> {
  return http.get('integrations').json<Integration[]>();
}

export async function disconnectIntegration(http: Http, provider: OAuthProvider): Promise<void> {
  await http.delete(`integrations/${provider}`);
}

export async function listWebhooks(http: Http): Promise<Webhook[]> {
  return http.get('webhooks').json<Webhook[]>();
}

// A refused address is shown in the webhook form (what to fix), not as the generic "Data Issue" toast too.
const CREATE_CONTEXT: CallContext = { quietStatuses: [400] };

export async function createWebhook(http: Http, input: WebhookInput): Promise<CreatedWebhook> {
  return http.post('webhooks', { json: input, context: CREATE_CONTEXT }).json<CreatedWebhook>();
}

export async function deleteWebhook(http: Http, id: number): Promise<void> {
  await http.delete(`webhooks/${id}`);
}

export async function sendTestDelivery(http: Http, id: number): Promise<void> {
  await http.post(`webhooks/${id}/test`);
}

export async function listDeliveries(http: Http, id: number): Promise<Delivery[]> {
  return http.get(`webhooks/${id}/deliveries`).json<Delivery[]>();
}

/** GET /api/permissions: the role matrix the server enforces. */
export async function getPermissions(http: Http): Promise<PermissionMatrix> {
  return http.get('permissions').json<PermissionMatrix>();
}
