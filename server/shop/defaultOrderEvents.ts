import type { Db } from '../db/types.ts';
import { emitWebhookEvent, type WebhookQueue } from '../jobs/webhooks.ts';
import type { OrderEvents } from './orderEvents.ts';

/**
 * The order events of a server without the shop's mail and CRM side effects: a placed order goes to the
 * account's 'order.placed' webhooks once committed; nothing is written inside the order's transaction.
 */
export function createWebhookOrderEvents(jobs: WebhookQueue | null, db: Db): OrderEvents {
  return {
    mailsBuyer: false,
    publish: async () => {},
    afterCommit: async (event) => {
      if (event.type !== 'placed') return;
      const { accountId: _account, ...order } = event.order as typeof event.order & { accountId?: number };
      await emitWebhookEvent(jobs, db, event.accountId, 'order.placed', order);
    },
  };
}
