import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/types.ts';
import type { WebhookQueue } from '../jobs/webhooks.ts';
import { recordBuyerContact } from './buyerContacts.ts';
import { createWebhookOrderEvents } from './defaultOrderEvents.ts';
import { enqueueOutbox, type OutboxQueue, queueMail } from './mailOutbox.ts';
import type { OrderEvent, OrderEvents } from './orderEvents.ts';
import { buyerConfirmationMail, type MailContext, ownerNoticeMail, statusMail } from './orderMails.ts';

/** The job engine's calls the shop's side effects make: the outbox sender and the webhook deliveries. */
export type ShopJobs = OutboxQueue &
  WebhookQueue & {
    /** True when queued mail really leaves (SMTP_URL set); false: it waits in the outbox, held. */
    readonly mailDelivers: boolean;
  };

type StoreMailFacts = { storeName: string; pickupInstructions: string; noticeEmail: string | null };

/** The store's name and pickup instructions, and where its 'New order' notices go. */
async function storeMailFacts(tx: Queryable, accountId: number, storeId: string): Promise<StoreMailFacts> {
  const row = await tx.one<StoreMailFacts>(
    `select s.store_name as "storeName", coalesce(ss.pickup_instructions, '') as "pickupInstructions",
       coalesce(nullif(ss.order_notice_email, ''), (
         select u.email from account_members m join users u on u.id = m.user_id
         where m.account_id = s.account_id
         order by (m.role_name = 'Admin') desc, m.joined_at, m.user_id limit 1)) as "noticeEmail"
     from stores s left join store_settings ss on ss.store_id = s.store_id
     where s.store_id = $1 and s.account_id = $2`,
    [storeId, accountId],
  );
  return row ?? { storeName: storeId, pickupInstructions: '', noticeEmail: null };
}

/** The public origin of links in mail: APP_URL (required once mail leaves), else this server on localhost. */
export function mailAppUrl(config: Pick<Config, 'appUrl' | 'port'>): string {
  return config.appUrl ?? `http://localhost:${config.port}`;
}

const eventKey = (event: OrderEvent) =>
  `${event.order.id}:${event.type}:${event.type === 'changed' ? event.cause : ''}`;
// Outbox ids written by `publish`, waiting for `afterCommit` (a rolled-back transaction's stay: capped).
const MAX_PENDING = 1000;

/**
 * The shop's side effects of an order. Inside its transaction: a placed order mails the buyer their
 * confirmation and the owner a notice (through the outbox) and makes the buyer a CRM contact with an 'order'
 * activity; a change mails the buyer its status (paid, ready for pickup, shipped, cancelled, payment expired;
 * completing sends nothing). After commit: the outbox job is queued and a placed order goes to the account's
 * 'order.placed' webhooks.
 */
export function createShopOrderEvents({
  db,
  jobs,
  config,
}: {
  db: Db;
  jobs: ShopJobs;
  config: Pick<Config, 'appUrl' | 'port'>;
}): OrderEvents {
  const webhooks = createWebhookOrderEvents(jobs, db);
  const pending = new Map<string, number[]>();
  const appUrl = mailAppUrl(config);

  return {
    mailsBuyer: jobs.mailDelivers,
    publish: async (tx, event) => {
      const { accountId, order } = event;
      const facts = await storeMailFacts(tx, accountId, order.storeId);
      const context: MailContext = {
        storeName: facts.storeName,
        pickupInstructions: facts.pickupInstructions,
        appUrl,
      };
      const ids: number[] = [];
      if (event.type === 'placed') {
        const confirmation = buyerConfirmationMail(order, event.accessToken, context);
        ids.push(
          await queueMail(tx, {
            accountId,
            kind: 'order.confirmation',
            to: order.customer.email,
            ...confirmation,
          }),
        );
        if (facts.noticeEmail) {
          const notice = ownerNoticeMail(order, context);
          ids.push(
            await queueMail(tx, { accountId, kind: 'order.notice', to: facts.noticeEmail, ...notice }),
          );
        }
        await recordBuyerContact(tx, accountId, order);
      } else {
        const mail = statusMail(order, event.cause, context);
        if (mail) {
          ids.push(
            await queueMail(tx, { accountId, kind: 'order.status', to: order.customer.email, ...mail }),
          );
        }
      }
      if (ids.length > 0) {
        if (pending.size >= MAX_PENDING) pending.clear();
        pending.set(eventKey(event), ids);
      }
    },
    afterCommit: async (event) => {
      const key = eventKey(event);
      const ids = pending.get(key) ?? [];
      pending.delete(key);
      // A failure to queue is caught up by the minute sweep: the messages are committed.
      await enqueueOutbox(jobs, ids).catch(() => undefined);
      await webhooks.afterCommit(event);
    },
  };
}
