import type { Queryable } from '../db/types.ts';
import type { Mailer } from '../jobs/mailer.ts';
import { deliver } from './campaignSender.ts';

const BATCH = 100;

/**
 * Sends the CRM messages that wait in the outbox (campaigns and workflow e-mails written while the server had no
 * mail server) once it has one: the job engine queues this at start when mail really leaves. Each batch is claimed
 * (`outbox` → `sending`, rows locked, others skipped) before it is sent, so two processes starting together never
 * mail one message twice. Returns how many were sent and how many failed (those stay for the campaign's Retry).
 */
export async function flushOutbox(db: Queryable, mailer: Mailer): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  if (!mailer.delivers) return result;
  for (;;) {
    const claimed = await db.query<{
      id: number;
      accountId: number;
      toAddress: string;
      subject: string;
      body: string;
    }>(
      `update crm_communications set status = 'sending'
       where id in (select id from crm_communications where status = 'outbox' order by id limit ${BATCH}
                    for update skip locked)
       returning id, account_id as "accountId", to_address as "toAddress", subject, body`,
    );
    for (const { accountId, ...message } of claimed) {
      const outcome = await deliver(db, mailer, accountId, message);
      if (outcome !== 'outbox') result[outcome] += 1;
    }
    if (claimed.length < BATCH) return result;
  }
}
