import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/types.ts';
import type { Mailer } from '../jobs/mailer.ts';
import { createQueue, type WorkerPolling } from '../jobs/queues.ts';
import type { StripePayments } from '../payments/stripeGateway.ts';
import { expireOverdueCardOrders } from './cardPayments.ts';
import {
  enqueueOutbox,
  findStrandedOutbox,
  OUTBOX_QUEUES,
  OUTBOX_RETRY_DELAY_SECONDS,
  OUTBOX_RETRY_LIMIT,
  type OutboxMailData,
  sendOutboxMail,
} from './mailOutbox.ts';
import { createShopOrderEvents, type ShopJobs } from './shopOrderEvents.ts';

/** The shop's queues: the outbox sender, its sweep, and the expiry of card checkouts whose webhook never came. */
export const SHOP_QUEUES = { ...OUTBOX_QUEUES, cardPaymentExpiry: 'card-payment-expiry' } as const;

/** Every minute: the sweep of queued messages whose job was never queued. */
const SWEEP_SCHEDULE = '* * * * *';

export type ShopWorkerOptions = {
  db: Db;
  mailer: Mailer;
  polling: WorkerPolling;
  schedule: boolean;
  /** Stripe, to close the sessions of overdue card orders; null when not configured. */
  payments: Pick<StripePayments, 'expireCheckout'> | null;
  /** The origin of links in the mails the expiry sends (APP_URL, else localhost). */
  appUrl: string | null;
  port: number;
};

/** The shop's workers: the outbox sender (retried), the minute sweep, the minute card-payment expiry. */
export async function registerShopWorkers(boss: PgBoss, options: ShopWorkerOptions): Promise<void> {
  const { db, mailer, polling } = options;
  const send: ShopJobs['send'] = (queue: string, data: object, sendOptions: object) =>
    boss.send(queue, data, sendOptions);
  const events = createShopOrderEvents({
    db,
    jobs: { send, mailDelivers: mailer.delivers },
    config: { appUrl: options.appUrl, port: options.port },
  });
  await createQueue(boss, OUTBOX_QUEUES.outboxMail, {
    retryLimit: OUTBOX_RETRY_LIMIT,
    retryDelay: OUTBOX_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
  });
  await createQueue(boss, OUTBOX_QUEUES.outboxSweep, { retryLimit: 1, retryDelay: 30 });
  await boss.work<OutboxMailData, unknown, WorkerPolling & { includeMetadata: true }>(
    OUTBOX_QUEUES.outboxMail,
    { ...polling, includeMetadata: true },
    async ([job]) => sendOutboxMail(db, mailer, job.data.ids, { lastTry: job.retryCount >= job.retryLimit }),
  );
  await boss.work(OUTBOX_QUEUES.outboxSweep, polling, async () => {
    const ids = await findStrandedOutbox(db);
    await enqueueOutbox({ send }, ids);
    return { queued: ids.length };
  });
  await createQueue(boss, SHOP_QUEUES.cardPaymentExpiry, { retryLimit: 1, retryDelay: 30 });
  await boss.work(SHOP_QUEUES.cardPaymentExpiry, polling, async () => ({
    expired: await expireOverdueCardOrders(db, events, options.payments),
  }));
  if (options.schedule) {
    await boss.schedule(OUTBOX_QUEUES.outboxSweep, SWEEP_SCHEDULE);
    await boss.schedule(SHOP_QUEUES.cardPaymentExpiry, SWEEP_SCHEDULE);
  }
}
