import type { Queryable } from '../db/types.ts';
import type { Mailer } from '../jobs/mailer.ts';
import { personalise, type Recipient } from './personalise.ts';

/**
 * `scheduledAt`: the send a schedule queued, which runs only if the campaign is still scheduled for then.
 * `retryFailed`: a Retry, which sends the campaign's failed messages again (and nobody else).
 */
export type CampaignSendData = {
  accountId: number;
  campaignId: number;
  scheduledAt?: string;
  retryFailed?: boolean;
};
export type CampaignSendResult = { sent: number; outbox: number; failed: number; alreadyDone: number };

const BATCH = 500;

type Message = { id: number; toAddress: string; subject: string; body: string };

/** Delivers one recorded message (or leaves it in the outbox without SMTP) and notes the outcome. */
export async function deliver(
  db: Queryable,
  mailer: Mailer,
  accountId: number,
  message: Message,
): Promise<'sent' | 'outbox' | 'failed'> {
  if (!mailer.delivers) return 'outbox';
  try {
    await mailer.send({ to: message.toAddress, subject: message.subject, text: message.body });
    await db.query(
      `update crm_communications set status = 'sent', sent_at = now() where account_id = $1 and id = $2`,
      [accountId, message.id],
    );
    return 'sent';
  } catch (error) {
    await db.query(
      `update crm_communications set status = 'failed', error = $3 where account_id = $1 and id = $2`,
      [accountId, message.id, (error as Error).message.slice(0, 500)],
    );
    return 'failed';
  }
}

/**
 * Sends a campaign to every contact with an e-mail on its list. Each message is recorded before it is
 * sent, under the unique (campaign, contact) pair: a retried job skips everyone already recorded, so no
 * contact gets the campaign twice.
 */
export async function sendCampaign(
  db: Queryable,
  mailer: Mailer,
  data: CampaignSendData,
): Promise<CampaignSendResult> {
  const { accountId, campaignId } = data;
  const result: CampaignSendResult = { sent: 0, outbox: 0, failed: 0, alreadyDone: 0 };
  if (data.retryFailed) return retryFailed(db, mailer, accountId, campaignId, result);
  if (data.scheduledAt) {
    const due = await db.one(
      `update crm_campaigns set status = 'sending', updated_at = now()
       where account_id = $1 and id = $2 and status = 'scheduled' and date_trunc('milliseconds', scheduled_at) = $3::timestamptz returning id`,
      [accountId, campaignId, data.scheduledAt],
    );
    if (!due) return result; // rescheduled, unscheduled or sent by hand meanwhile
  }
  const campaign = await db.one<{ subject: string; content: string; contactListId: number | null }>(
    `select subject, content, contact_list_id as "contactListId" from crm_campaigns where account_id = $1 and id = $2`,
    [accountId, campaignId],
  );
  if (!campaign) return result;
  if (campaign.contactListId === null) {
    // Nobody to send to: a draft again for its owner to pick a list, not "Sending…" for ever (see migration 0029).
    await db.query(
      `update crm_campaigns set status = 'draft', scheduled_at = null, updated_at = now()
       where account_id = $1 and id = $2 and status = 'sending'`,
      [accountId, campaignId],
    );
    return result;
  }
  const status = mailer.delivers ? 'sending' : 'outbox';
  let after = 0;
  for (;;) {
    const recipients = await db.query<Recipient & { id: number; done: boolean }>(
      `select c.id, c.first_name as "firstName", c.last_name as "lastName", c.email, c.company, c.phone,
         exists (select 1 from crm_communications x where x.campaign_id = $2 and x.contact_id = c.id) as done
       from crm_contact_list_members m join crm_contacts c on c.id = m.contact_id and c.account_id = $1
       where m.account_id = $1 and m.contact_list_id = $3 and c.email <> '' and c.id > $4
       order by c.id limit ${BATCH}`,
      [accountId, campaignId, campaign.contactListId, after],
    );
    for (const to of recipients) {
      if (to.done) {
        result.alreadyDone += 1;
        continue;
      }
      const message = await db.one<Message>(
        `insert into crm_communications (account_id, campaign_id, contact_id, to_address, subject, body, status)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (campaign_id, contact_id) do nothing
         returning id, to_address as "toAddress", subject, body`,
        [
          accountId,
          campaignId,
          to.id,
          to.email,
          personalise(campaign.subject, to),
          personalise(campaign.content, to),
          status,
        ],
      );
      if (!message) {
        result.alreadyDone += 1;
        continue;
      }
      result[await deliver(db, mailer, accountId, message)] += 1;
    }
    if (recipients.length < BATCH) break;
    after = recipients[recipients.length - 1]?.id ?? after;
  }
  await db.query(
    `update crm_campaigns set status = 'sent', sent_at = now(), updated_at = now() where account_id = $1 and id = $2`,
    [accountId, campaignId],
  );
  return result;
}

/** Delivers the campaign's failed messages again (each once more); the campaign is then sent again. */
async function retryFailed(
  db: Queryable,
  mailer: Mailer,
  accountId: number,
  campaignId: number,
  result: CampaignSendResult,
): Promise<CampaignSendResult> {
  const failed = await db.query<Message>(
    `select id, to_address as "toAddress", subject, body from crm_communications
     where account_id = $1 and campaign_id = $2 and status = 'failed' order by id`,
    [accountId, campaignId],
  );
  for (const message of failed) {
    const outcome = await deliver(db, mailer, accountId, message);
    if (outcome === 'outbox') {
      await db.query(
        `update crm_communications set status = 'outbox', error = null where account_id = $1 and id = $2`,
        [accountId, message.id],
      );
    } else if (outcome === 'sent') {
      await db.query(`update crm_communications set error = null where account_id = $1 and id = $2`, [
        accountId,
        message.id,
      ]);
    }
    result[outcome] += 1;
  }
  await db.query(
    `update crm_campaigns set status = 'sent', updated_at = now() where account_id = $1 and id = $2`,
    [accountId, campaignId],
  );
  return result;
}
