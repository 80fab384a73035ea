import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/types.ts';
import type { OAuthSettings } from '../integrations/oauthSettings.ts';
import type { OutboundPolicy } from '../net/safeFetch.ts';
import { handlePostDue, type PostDueData } from './postDueJob.ts';
import { createQueue, type WorkerPolling } from './queues.ts';
import { deliverWebhook, type WebhookDeliveryData } from './webhooks.ts';

export const PLANNER_QUEUES = { webhookDelivery: 'webhook-delivery', postDue: 'post-due' } as const;

/** Creates the webhook and social-post queues and their workers (called once by the job engine). */
export async function registerPlannerIntegrationWorkers(
  boss: PgBoss,
  options: { db: Db; oauth: OAuthSettings | null; outbound: OutboundPolicy; polling: WorkerPolling },
): Promise<void> {
  const { db, oauth, outbound, polling } = options;
  // Retries and their delays are set per job by emitWebhookEvent; a week of log is plenty.
  await createQueue(boss, PLANNER_QUEUES.webhookDelivery, { deleteAfterSeconds: 7 * 24 * 60 * 60 });
  await createQueue(boss, PLANNER_QUEUES.postDue, { retryLimit: 2, retryDelay: 60 });
  await boss.work<WebhookDeliveryData>(PLANNER_QUEUES.webhookDelivery, polling, async ([job]) =>
    deliverWebhook(db, job.data, outbound),
  );
  await boss.work<PostDueData>(PLANNER_QUEUES.postDue, polling, async ([job]) =>
    handlePostDue(db, oauth, job.data, outbound),
  );
}
