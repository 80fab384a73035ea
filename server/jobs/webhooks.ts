import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from '../../src/services/socialRules.ts';
import type { Db } from '../db/types.ts';
import { createDeliveries, findDeliveryTask, recordAttempt } from '../repositories/webhooks.ts';
import type { JobEngine } from './jobEngine.ts';

export type WebhookDeliveryData = { accountId: number; deliveryId: number };

/** Tries per delivery: the first and this many retries (pg-boss retryLimit). */
export const WEBHOOK_RETRY_LIMIT = 5;
/** Seconds before the first retry; pg-boss doubles it each time (backoff). */
export const WEBHOOK_RETRY_DELAY_SECONDS = 30;
const TIMEOUT_MS = 10_000;

export const SIGNATURE_HEADER = 'x-webhook-signature';
export const TIMESTAMP_HEADER = 'x-webhook-timestamp';

/** `v1=` + hex HMAC-SHA256 of `${timestamp}.${body}` under the webhook's secret. */
export function signPayload(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does: recompute and compare in constant time (and refuse old timestamps itself). */
export function verifySignature(secret: string, timestamp: number, body: string, signature: string): boolean {
  const expected = Buffer.from(signPayload(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Queues a delivery for each of the account's webhooks subscribed to `event` (or only for
 * `webhookId`, the "Send test" button). Resolves with the delivery ids. Without a job engine
 * the deliveries stay pending in the log.
 */
export async function emitWebhookEvent(
  jobs: JobEngine | null,
  db: Db,
  accountId: number,
  event: WebhookEvent | 'webhook.test',
  payload: unknown,
  options: { webhookId?: number; retryDelaySeconds?: number } = {},
): Promise<number[]> {
  const ids = await createDeliveries(db, accountId, event, payload, options.webhookId ?? null);
  if (jobs) {
    for (const deliveryId of ids) {
      await jobs.send(
        'webhook-delivery',
        { accountId, deliveryId },
        {
          retryLimit: WEBHOOK_RETRY_LIMIT,
          retryDelay: options.retryDelaySeconds ?? WEBHOOK_RETRY_DELAY_SECONDS,
          retryBackoff: true,
        },
      );
    }
  }
  return ids;
}

/**
 * One attempt: POSTs the signed JSON body; a 2xx marks it delivered. Anything else is recorded
 * (status code or network error) and thrown, so pg-boss retries it until the limit, when the log
 * says failed. Redirects are not followed: a webhook URL says where the data goes.
 */
export async function deliverWebhook(db: Db, data: WebhookDeliveryData): Promise<void> {
  const task = await findDeliveryTask(db, data.accountId, data.deliveryId);
  if (!task) return; // the webhook was deleted meanwhile
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    id: task.id,
    event: task.event,
    createdAt: new Date().toISOString(),
    data: task.payload,
  });
  let responseCode: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetch(task.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'BizSite-Webhooks/1',
        'x-webhook-event': task.event,
        'x-webhook-delivery': String(task.id),
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signPayload(task.secret, timestamp, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    responseCode = response.status;
    await response.body?.cancel();
    if (response.ok) {
      await recordAttempt(db, data.accountId, task.id, { status: 'delivered', responseCode, error: null });
      return;
    }
    error = `The receiver answered ${response.status}`;
  } catch (caught) {
    error = caught instanceof Error && caught.name === 'TimeoutError' ? 'Timed out' : 'Could not connect';
  }
  const last = task.attempts + 1 >= WEBHOOK_RETRY_LIMIT + 1;
  await recordAttempt(db, data.accountId, task.id, {
    status: last ? 'failed' : 'retrying',
    responseCode,
    error,
  });
  throw new Error(error);
}
