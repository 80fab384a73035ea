import type { OrderActionName, OrderDetails } from '../../src/contracts/store.ts';
import type { Queryable } from '../db/types.ts';

/**
 * What happened to an order, told to the shop's side effects (buyer and owner mails through the outbox,
 * the buyer's CRM contact and its 'order placed' activity, the account's webhooks).
 *
 * `publish` runs inside the transaction that changed the order, so its rows (outbox messages, the
 * contact, the activity) commit or roll back with the order: nothing acknowledged is ever lost.
 * `afterCommit` runs once that transaction has committed (enqueue jobs, emit webhooks); it must not
 * throw for a reason the buyer could act on.
 */
export type OrderEvent =
  | { type: 'placed'; accountId: number; order: OrderDetails; accessToken: string }
  | {
      type: 'changed';
      accountId: number;
      order: OrderDetails;
      /** An owner's action, or what the payment provider reported. */
      cause: OrderActionName | 'paymentReceived' | 'paymentExpired';
    };

export type OrderEvents = {
  /** True when a placed order's confirmation really reaches the buyer by mail (the shop's mails, SMTP_URL set). */
  readonly mailsBuyer: boolean;
  publish(tx: Queryable, event: OrderEvent): Promise<void>;
  afterCommit(event: OrderEvent): Promise<void>;
};
