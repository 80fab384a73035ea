import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from '../../src/contracts/social.ts';
import type { Db } from '../db/types.ts';
import { OutboundError, type OutboundPolicy, safeFetch } from '../net/safeFetch.ts';
import { createDeliveries, findDeliveryTask, recordAttempt } from '../repositories/webhooks.ts';

export type WebhookDeliveryData = { accountId: number; deliveryId: number };

/** Tries per delivery: the first and this many retries (pg-boss retryLimit). */
export const WEBHOOK_RETRY_LIMIT = 5;
/** Seconds before the first retry; pg-boss doubles it each time (backoff). */
export const WEBHOOK_RETRY_DELAY_SECONDS = 30;
/** The delivery log's note for a URL that does not (or no longer) lead to a public address. */
export const REFUSED_ADDRESS =
  'The webhook URL does not point to a public internet address, so it was not called.';

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

/** The one call of the job engine this module needs (passed in, so the jobs do not import the engine back). */
export type WebhookQueue = {
  send(
    queue: 'webhook-delivery',
    data: WebhookDeliveryData,
    options: { retryLimit: number; retryDelay: number; retryBackoff: boolean },
  ): Promise<string | null>;
};

/**
 * Queues a delivery for each of the account's webhooks subscribed to `event` (or only for
 * `webhookId`, the "Send test" button). Resolves with the delivery ids. Without a job engine
 * the deliveries stay pending in the log.
 */
export async function emitWebhookEvent(
  jobs: WebhookQueue | null,
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
 * One attempt: POSTs the signed JSON body through the guarded client (the address is checked again now, so a
 * name that resolves privately since it was saved is refused). A 2xx marks it delivered. Anything else is recorded
 * (status code or network error) and thrown, so pg-boss retries it until the limit, when the log says failed.
 * Redirects are not followed (a 3xx is a failed attempt): a webhook URL says where the data goes. A refused
 * address fails at once, without a retry and without a status code.
 */
export async function deliverWebhook(
  db: Db,
  data: WebhookDeliveryData,
  outbound: OutboundPolicy,
): Promise<void> {
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
    const response = await safeFetch(
      task.url,
      {
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
      },
      outbound,
    );
    responseCode = response.status;
    if (response.ok) {
      await recordAttempt(db, data.accountId, task.id, { status: 'delivered', responseCode, error: null });
      return;
    }
    error = `The receiver answered ${response.status}`;
  } catch (caught) {
    if (caught instanceof OutboundError && caught.reason === 'refused') {
      await recordAttempt(db, data.accountId, task.id, {
        status: 'failed',
        responseCode: null,
        error: REFUSED_ADDRESS,
      });
      return;
    }
    error =
      caught instanceof OutboundError && caught.reason === 'timeout' ? 'Timed out' : 'Could not connect';
  }
  const last = task.attempts + 1 >= WEBHOOK_RETRY_LIMIT + 1;
  await recordAttempt(db, data.accountId, task.id, {
    status: last ? 'failed' : 'retrying',
    responseCode,
    error,
  });
  throw new Error(error);
}
