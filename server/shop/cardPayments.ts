import type { Db, Queryable } from '../db/types.ts';
import type { CheckoutSessionEvent, StripePayments } from '../payments/stripeGateway.ts';
import { findOrderDetails, releaseOrderStock } from '../repositories/storeOrders.ts';
import type { OrderEvent, OrderEvents } from './orderEvents.ts';

/** The expiry job leaves an awaiting order this long past its reservation to Stripe's own webhook. */
export const EXPIRY_GRACE_MS = 5 * 60_000;

export type WebhookOutcome = 'paid' | 'expired' | 'duplicate' | 'ignored';

/** An awaiting card order becomes expired and its stock returns; the 'paymentExpired' event, or null. */
async function expireAwaiting(tx: Queryable, orderId: string): Promise<OrderEvent | null> {
  const rows = await tx.query<{ accountId: number }>(
    `update orders set payment_status = 'expired', reserved_until = null, updated_at = now()
     where id = $1 and payment_status = 'awaiting' returning account_id as "accountId"`,
    [orderId],
  );
  const accountId = rows[0]?.accountId;
  if (accountId === undefined) return null;
  await releaseOrderStock(tx, accountId, orderId);
  const order = await findOrderDetails(tx, orderId);
  if (!order) return null;
  return { type: 'changed', accountId, order, cause: 'paymentExpired' };
}

/**
 * A verified Stripe event, handled once: its id is recorded first, in the transaction that applies it, so
 * a replay (or a parallel delivery) finds it and changes nothing. checkout.session.completed with the
 * money there → the order is paid; checkout.session.expired → a still-awaiting order expires and its stock
 * returns. Other events are recorded and ignored.
 */
export async function applyStripeEvent(
  db: Db,
  events: OrderEvents,
  event: CheckoutSessionEvent,
): Promise<WebhookOutcome> {
  const result = await db.transaction(async (tx) => {
    const order =
      event.type === 'other'
        ? null
        : await tx.one<{ id: string; accountId: number }>(
            `select id, account_id as "accountId" from orders
             where ($1::text is not null and id = $1::text) or ($2::text is not null and stripe_session_id = $2::text)
             order by (id = $1::text) desc limit 1`,
            [event.orderId, event.sessionId],
          );
    const recorded = await tx.query(
      `insert into payment_events (event_id, order_id, type) values ($1, $2, $3)
       on conflict (event_id) do nothing returning event_id`,
      [event.eventId, order?.id ?? null, event.type],
    );
    if (recorded.length === 0) return { outcome: 'duplicate' as const, changed: null };
    if (!order) return { outcome: 'ignored' as const, changed: null };

    if (event.type === 'checkout.session.completed') {
      if (event.paymentStatus !== 'paid') return { outcome: 'ignored' as const, changed: null };
      const rows = await tx.query(
        `update orders set payment_status = 'paid', paid_at = now(), reserved_until = null, updated_at = now()
         where id = $1 and payment_status = 'awaiting' returning id`,
        [order.id],
      );
      if (rows.length === 0) return { outcome: 'ignored' as const, changed: null };
      const details = await findOrderDetails(tx, order.id);
      if (!details) return { outcome: 'ignored' as const, changed: null };
      const changed: OrderEvent = {
        type: 'changed',
        accountId: order.accountId,
        order: details,
        cause: 'paymentReceived',
      };
      await events.publish(tx, changed);
      return { outcome: 'paid' as const, changed };
    }
    const changed = await expireAwaiting(tx, order.id);
    if (!changed) return { outcome: 'ignored' as const, changed: null };
    await events.publish(tx, changed);
    return { outcome: 'expired' as const, changed };
  });
  if (result.changed) await events.afterCommit(result.changed);
  return result.outcome;
}

/**
 * The webhook that never came: awaiting card orders whose reservation ended more than EXPIRY_GRACE_MS ago.
 * Stripe is asked to close the session (so it can no longer be paid; its answer is not waited on for the
 * decision), then the order expires and its stock returns, as the expired webhook would have done.
 */
export async function expireOverdueCardOrders(
  db: Db,
  events: OrderEvents,
  payments: Pick<StripePayments, 'expireCheckout'> | null,
  now: Date = new Date(),
): Promise<number> {
  const overdue = await db.query<{ id: string; sessionId: string | null }>(
    `select id, stripe_session_id as "sessionId" from orders
     where payment_status = 'awaiting' and reserved_until < $1
     order by reserved_until limit 100`,
    [new Date(now.getTime() - EXPIRY_GRACE_MS)],
  );
  let expired = 0;
  for (const { id, sessionId } of overdue) {
    if (payments && sessionId) await payments.expireCheckout(sessionId).catch(() => undefined);
    const changed = await db.transaction(async (tx) => {
      const event = await expireAwaiting(tx, id);
      if (event) await events.publish(tx, event);
      return event;
    });
    if (changed) {
      expired += 1;
      await events.afterCommit(changed);
    }
  }
  return expired;
}
