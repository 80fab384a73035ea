import type { WebhookEvent } from '../../contracts/social.ts';
import type { Http } from '../http/http.ts';

/** One entry of the integrations catalogue, with this account's connection state. */
export type Integration = {
  id: 'google' | 'facebook' | 'webhooks';
  name: string;
  kind: 'oauth' | 'webhooks';
  /** The server has credentials for it (OAuth); webhooks always are. */
  configured: boolean;
  connected: boolean;
  connectedAt: string | null;
  authorizeUrl: string | null;
};

export type Webhook = { id: number; url: string; events: WebhookEvent[]; createdAt: string };
export type CreatedWebhook = Webhook & { secret: string };

export type Delivery = {
  id: number;
  webhookId: number;
  event: string;
  status: 'pending' | 'retrying' | 'delivered' | 'failed';
  attempts: number;
  responseCode: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
};

export type PermissionMatrix = {
  roles: string[];
  permissions: Array<{ id: string; label: string; roles: Record<string, boolean> }>;
};

export async function listIntegrations(http: Http): Promise<Integration[]> {
  return http.get('integrations').json<Integration[]>();
}

export async function disconnectIntegration(http: Http, provider: 'google' | 'facebook'): Promise<void> {
  await http.delete(`integrations/${provider}`);
}

export async function listWebhooks(http: Http): Promise<Webhook[]> {
  return http.get('webhooks').json<Webhook[]>();
}

export async function createWebhook(
  http: Http,
  input: { url: string; events: WebhookEvent[] },
): Promise<CreatedWebhook> {
  return http.post('webhooks', { json: input }).json<CreatedWebhook>();
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
