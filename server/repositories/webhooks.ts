import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '../../src/contracts/social.ts';
import type { CreatedWebhook, Delivery, DeliveryStatus, Webhook } from '../../src/contracts/webhooks.ts';
import { rowMapper } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';

const HOOK = `id, url, events, created_at as "createdAt"`;
const DELIVERY = `id, webhook_id as "webhookId", event, status, attempts, response_code as "responseCode",
  last_error as "lastError", created_at as "createdAt", updated_at as "updatedAt"`;

const hookRow = <T extends Webhook>(row: T): T => rowMapper<T>({ dates: ['createdAt'] })(row);
const deliveryRow = rowMapper<Delivery>({ dates: ['createdAt', 'updatedAt'] });

/** Creates a webhook with a fresh signing secret (returned this once, for the receiver's setup). */
export async function createWebhook(
  db: Queryable,
  accountId: number,
  input: { url: string; events: WebhookEvent[] },
): Promise<CreatedWebhook> {
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const row = await db.one<CreatedWebhook>(
    `insert into webhooks (account_id, url, events, secret) values ($1, $2, $3, $4) returning ${HOOK}, secret`,
    [accountId, input.url, input.events, secret],
  );
  if (!row) throw new Error('insert returned no row');
  return hookRow(row);
}

export async function listWebhooks(db: Queryable, accountId: number): Promise<Webhook[]> {
  const rows = await db.query<Webhook>(`select ${HOOK} from webhooks where account_id = $1 order by id`, [
    accountId,
  ]);
  return rows.map(hookRow);
}

export async function deleteWebhook(db: Queryable, accountId: number, id: number): Promise<boolean> {
  const rows = await db.query('delete from webhooks where account_id = $1 and id = $2 returning id', [
    accountId,
    id,
  ]);
  return rows.length > 0;
}

export async function webhookExists(db: Queryable, accountId: number, id: number): Promise<boolean> {
  return (
    (await db.one('select id from webhooks where account_id = $1 and id = $2', [accountId, id])) !== null
  );
}

/** Records one pending delivery per webhook of the account that listens to `event` (or only `onlyId`). */
export async function createDeliveries(
  db: Queryable,
  accountId: number,
  event: string,
  payload: unknown,
  onlyId: number | null = null,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `insert into webhook_deliveries (account_id, webhook_id, event, payload)
     select account_id, id, $2, $3::jsonb from webhooks
     where account_id = $1 and ($4::integer is null and $2 = any(events) or id = $4::integer)
     returning id`,
    [accountId, event, JSON.stringify(payload), onlyId],
  );
  return rows.map((row) => row.id);
}

export async function listDeliveries(
  db: Queryable,
  accountId: number,
  webhookId: number,
): Promise<Delivery[]> {
  const rows = await db.query<Delivery>(
    `select ${DELIVERY} from webhook_deliveries where account_id = $1 and webhook_id = $2
     order by id desc limit 50`,
    [accountId, webhookId],
  );
  return rows.map(deliveryRow);
}

/** What the delivery job needs: the target, its secret and the stored payload. */
export type DeliveryTask = {
  id: number;
  event: string;
  payload: unknown;
  url: string;
  secret: string;
  attempts: number;
};

export async function findDeliveryTask(
  db: Queryable,
  accountId: number,
  id: number,
): Promise<DeliveryTask | null> {
  return db.one<DeliveryTask>(
    `select d.id, d.event, d.payload, d.attempts, w.url, w.secret from webhook_deliveries d
     join webhooks w on w.id = d.webhook_id and w.account_id = d.account_id
     where d.account_id = $1 and d.id = $2`,
    [accountId, id],
  );
}

export async function recordAttempt(
  db: Queryable,
  accountId: number,
  id: number,
  result: { status: DeliveryStatus; responseCode: number | null; error: string | null },
): Promise<void> {
  await db.query(
    `update webhook_deliveries set attempts = attempts + 1, status = $3, response_code = $4, last_error = $5,
       updated_at = now() where account_id = $1 and id = $2`,
    [accountId, id, result.status, result.responseCode, result.error],
  );
}
