import type { PgBoss, Queue } from 'pg-boss';
import { type CampaignSendData, sendCampaign } from '../crm/campaignSender.ts';
import type { WorkflowRunData } from '../crm/crmEvents.ts';
import { flushOutbox } from '../crm/outboxFlush.ts';
import { runWorkflow } from '../crm/workflowRunner.ts';
import type { Db } from '../db/types.ts';
import { type ImportJobData, runImportJob } from './contactImportJob.ts';
import { FORM_SUBMITTED_QUEUE, type FormSubmittedEvent, handleFormSubmitted } from './formSubmittedJob.ts';
import type { Mailer } from './mailer.ts';
import { createQueue, type WorkerPolling } from './queues.ts';

/** The CRM's queues. */
export const CRM_QUEUES = {
  campaignSend: 'crm-campaign-send',
  workflowRun: 'crm-workflow-run',
  contactImport: 'crm-contact-import',
  /** Files the request waits for (contactImportRoutes.ts): a worker of their own, never behind a large import. */
  smallContactImport: 'crm-contact-import-small',
  formSubmitted: FORM_SUBMITTED_QUEUE,
  /** The messages written while there was no mail server, sent once there is one (outboxFlush.ts). */
  outboxFlush: 'crm-outbox-flush',
} as const;

export type CrmJobData = {
  'crm-campaign-send': CampaignSendData;
  'crm-workflow-run': WorkflowRunData;
  'crm-contact-import': ImportJobData;
  'crm-contact-import-small': ImportJobData;
  'form-submitted': FormSubmittedEvent;
  'crm-outbox-flush': Record<string, never>;
};

type Deps = { db: Db; mailer: Mailer; polling: WorkerPolling };

/**
 * An import's job says it is alive every 15 s (pg-boss heartbeats): one whose process died (killed, a host lost)
 * is retried within 30 s and starts again from its file (`requeueInterrupted`), while a long import that is
 * alive is never taken for dead (pg-boss's 15-minute expiry is raised to 3 hours for it).
 */
const IMPORT_LIVENESS = { heartbeatSeconds: 30, expireInSeconds: 3 * 60 * 60 } as const;

const RETRIES = { retryLimit: 3, retryDelay: 10, retryBackoff: true, deleteAfterSeconds: 7 * 24 * 60 * 60 };
const IMPORTS = { ...RETRIES, ...IMPORT_LIVENESS };
const QUEUE_OPTIONS: Record<(typeof CRM_QUEUES)[keyof typeof CRM_QUEUES], Omit<Queue, 'name' | 'notify'>> = {
  'crm-campaign-send': RETRIES,
  'crm-workflow-run': RETRIES,
  'crm-contact-import': IMPORTS,
  'crm-contact-import-small': IMPORTS,
  'form-submitted': RETRIES,
  'crm-outbox-flush': RETRIES,
};

/** Creates the CRM queues and starts their workers on the engine's pg-boss. */
export async function registerCrmWorkers(boss: PgBoss, { db, mailer, polling }: Deps): Promise<void> {
  for (const [name, queueOptions] of Object.entries(QUEUE_OPTIONS))
    await createQueue(boss, name, queueOptions);
  const options = polling;
  const queueRun = (data: WorkflowRunData) => boss.send(CRM_QUEUES.workflowRun, data);

  await boss.work<CampaignSendData>(CRM_QUEUES.campaignSend, options, async ([job]) =>
    sendCampaign(db, mailer, job.data),
  );
  await boss.work<WorkflowRunData>(CRM_QUEUES.workflowRun, options, async ([job]) =>
    runWorkflow(db, mailer, job.data),
  );
  for (const queue of [CRM_QUEUES.contactImport, CRM_QUEUES.smallContactImport]) {
    await boss.work<ImportJobData>(queue, options, async ([job]) => runImportJob(db, job.data));
  }
  await boss.work<FormSubmittedEvent>(CRM_QUEUES.formSubmitted, options, async ([job]) =>
    handleFormSubmitted(db, queueRun, job.data),
  );
  await boss.work(CRM_QUEUES.outboxFlush, options, async () => flushOutbox(db, mailer));
  // A server that can send mail sends what waited in the outbox while it (or another before it) could not.
  if (mailer.delivers) await boss.send(CRM_QUEUES.outboxFlush, {});
}
