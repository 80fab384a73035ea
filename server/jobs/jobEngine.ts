import { fromPglite, PgBoss } from 'pg-boss';
import {
  type QueueName as ContractQueueName,
  JOB_STATES,
  type JobState,
  type JobSummary,
  type JobsOverview,
  QUEUE_NAMES,
} from '../../src/contracts/admin.ts';
import { isoDate, isoDateOrNull } from '../db/rows.ts';
import type { Db } from '../db/types.ts';
import type { OAuthSettings } from '../integrations/oauthSettings.ts';
import type { OutboundPolicy } from '../net/safeFetch.ts';
import type { StripePayments } from '../payments/stripeGateway.ts';
import { createSystemTxtResolver, type TxtResolver } from '../publishing/txtResolver.ts';
import type { OutboxMailData } from '../shop/mailOutbox.ts';
import { registerShopWorkers, SHOP_QUEUES } from '../shop/shopWorkers.ts';
import { CRM_QUEUES, type CrmJobData, registerCrmWorkers } from './crmJobs.ts';
import { DOMAIN_QUEUES, registerDomainWorkers } from './domainRecheckJob.ts';
import { type EmailChangedMailData, sendEmailChangedMail } from './emailChangedMailJob.ts';
import { type InvitationMailData, sendInvitationMail } from './invitationMailJob.ts';
import { createMailer, type MailConfig } from './mailer.ts';
import { PLANNER_QUEUES, registerPlannerIntegrationWorkers } from './plannerIntegrationWorkers.ts';
import type { PostDueData } from './postDueJob.ts';
import { purgeExpired } from './purgeJob.ts';
import { createQueue, WORKER_POLLING } from './queues.ts';
import { REPLAY_QUEUES, registerReplayWorkers } from './replayPurgeJob.ts';
import type { WebhookDeliveryData } from './webhooks.ts';

/** The queues of this product, by purpose. */
export const QUEUES = {
  invitationMail: 'invitation-mail',
  purge: 'purge-expired',
  ...CRM_QUEUES,
  ...PLANNER_QUEUES,
  ...REPLAY_QUEUES,
  ...DOMAIN_QUEUES,
  emailChangedMail: 'email-changed-mail',
  ...SHOP_QUEUES,
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
// The admin contract lists the same queues (its retry route accepts only those): a queue added here or there
// without the other fails the type check.
const sameQueues: [QueueName, ContractQueueName] extends [ContractQueueName, QueueName] ? true : never = true;
void sameQueues;

export { JOB_STATES, type JobState, QUEUE_NAMES };

type JobData = {
  'invitation-mail': InvitationMailData;
  'purge-expired': Record<string, never>;
  'webhook-delivery': WebhookDeliveryData;
  'post-due': PostDueData;
  'replay-purge': Record<string, never>;
  'domain-recheck': Record<string, never>;
  'email-changed-mail': EmailChangedMailData;
  'outbox-mail': OutboxMailData;
  'outbox-sweep': Record<string, never>;
  'card-payment-expiry': Record<string, never>;
} & CrmJobData;

type JobRow = Omit<JobSummary, 'createdOn' | 'startedOn' | 'completedOn'> & {
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
};

export type JobEngine = {
  /** Queues a job; `retryLimit` overrides the queue's for this job; `startAfter` delays it. Resolves with its id. */
  send<Q extends QueueName>(
    queue: Q,
    data: JobData[Q],
    options?: { retryLimit?: number; retryDelay?: number; retryBackoff?: boolean; startAfter?: Date },
  ): Promise<string | null>;
  /** Counts by state per queue, and the most recent jobs (only failed ones when `state` says so). */
  overview(options?: { state?: JobState; limit?: number }): Promise<JobsOverview>;
  /** Puts a failed job back in line; false when there is no failed job with that id. */
  retry(queue: QueueName, id: string): Promise<boolean>;
  /** One job's state (tests wait on it). */
  stateOf(queue: QueueName, id: string): Promise<JobState | null>;
  /** Calls `listener` whenever a job changed which custom domains are served; returns the unsubscribe. */
  onDomainsChanged(listener: () => void): () => void;
  /** True when this engine's mail really leaves (SMTP_URL set); false: messages wait in the outbox, held. */
  readonly mailDelivers: boolean;
  /** Lets running jobs finish (up to `timeoutMs`), then stops polling. Call before closing the database. */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * Stops taking jobs and lets running ones finish (up to `timeoutMs`; the rest are failed, to be retried), but
   * keeps the engine's pool so jobs can still be queued until `stop`. For a shutdown while requests finish.
   */
  drain(timeoutMs: number): Promise<void>;
};

type Log = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type JobEngineOptions = {
  db: Db;
  /** PostgreSQL: pg-boss keeps a small pool of its own. null: PGlite, through the same instance. */
  databaseUrl: string | null;
  mail: MailConfig;
  log: Log;
  /** Run the purge on its hourly schedule (off in tests, which run it by hand). */
  schedule?: boolean;
  /** The OAuth clients (publishing due posts through a connected integration). */
  oauth?: OAuthSettings | null;
  /** Where outgoing requests (webhooks, publishing) may go; unset: public addresses only. */
  outbound?: OutboundPolicy;
  /** Stripe (card payments), to close the checkouts of overdue card orders; unset: not configured. */
  payments?: Pick<StripePayments, 'expireCheckout'> | null;
  /**
   * APP_URL and PORT: the origin of links in the shop's mails (localhost when APP_URL is unset, which
   * loadConfig allows only while no mail leaves).
   */
  appUrl?: string | null;
  port?: number;
  /** The DNS TXT lookup of the custom-domain re-check (tests pass a fake); default: node:dns. */
  resolveTxt?: TxtResolver;
};

const SCHEMA = 'pgboss';

/** Starts pg-boss on the app's database (installing its schema on first start) and the workers. */
export async function startJobEngine(options: JobEngineOptions): Promise<JobEngine> {
  const { db, log } = options;
  const boss = createBoss(options);
  boss.on('error', (error) => log.error({ err: error }, 'job engine error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job engine warning'));
  await boss.start();

  // Invitation mail: a completed job whose data holds a link is of no further use.
  await createQueue(boss, QUEUES.invitationMail, {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    deleteAfterSeconds: 24 * 60 * 60,
  });
  await createQueue(boss, QUEUES.purge, { retryLimit: 2, retryDelay: 60 });
  // The notice to an old address: retried like invitations, kept a day (it names both addresses).
  await createQueue(boss, QUEUES.emailChangedMail, {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    deleteAfterSeconds: 24 * 60 * 60,
  });

  const mailer = createMailer(options.mail, log);
  await boss.work<InvitationMailData>(QUEUES.invitationMail, WORKER_POLLING, async ([job]) =>
    sendInvitationMail(mailer, job.data),
  );
  await boss.work<EmailChangedMailData>(QUEUES.emailChangedMail, WORKER_POLLING, async ([job]) =>
    sendEmailChangedMail(mailer, job.data),
  );
  await boss.work(QUEUES.purge, WORKER_POLLING, async () => {
    const purged = await purgeExpired(db);
    log.info({ purged }, 'purged expired rows');
    return purged;
  });
  await registerCrmWorkers(boss, { db, mailer, polling: WORKER_POLLING });
  await registerPlannerIntegrationWorkers(boss, {
    db,
    oauth: options.oauth ?? null,
    outbound: options.outbound ?? { allowLoopback: false },
    polling: WORKER_POLLING,
  });
  await registerReplayWorkers(boss, {
    db,
    polling: WORKER_POLLING,
    schedule: options.schedule !== false,
  });
  await registerShopWorkers(boss, {
    db,
    mailer,
    polling: WORKER_POLLING,
    schedule: options.schedule !== false,
    payments: options.payments ?? null,
    appUrl: options.appUrl ?? null,
    port: options.port ?? 3000,
  });
  const domainListeners = new Set<() => void>();
  await registerDomainWorkers(boss, {
    db,
    resolveTxt: options.resolveTxt ?? createSystemTxtResolver(),
    polling: WORKER_POLLING,
    schedule: options.schedule !== false,
    onChanged: () => {
      for (const listener of domainListeners) listener();
    },
  });
  if (options.schedule !== false) await boss.schedule(QUEUES.purge, '7 * * * *');

  const sql = async <T>(text: string, values?: unknown[]): Promise<T[]> =>
    (await boss.getDb().executeSql(text, values)).rows as T[];

  return {
    mailDelivers: mailer.delivers,
    send: (queue, data, sendOptions = {}) => boss.send(queue, data, sendOptions),
    overview: async ({ state, limit = 50 } = {}) => {
      const counted = await sql<{ name: string; state: JobState; count: number }>(
        `select name, state::text as state, count(*)::integer as count from ${SCHEMA}.job
         where name = any($1::text[]) group by name, state`,
        [QUEUE_NAMES],
      );
      const queues = QUEUE_NAMES.map((name) => {
        const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
        for (const row of counted) if (row.name === name) counts[row.state] = row.count;
        return { name, counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0) };
      });
      const rows = await sql<JobRow>(
        `select id::text as id, name as queue, state::text as state, retry_count as "retryCount",
           created_on as "createdOn", started_on as "startedOn", completed_on as "completedOn",
           case when state in ('failed', 'retry') then output->>'message' end as error
         from ${SCHEMA}.job
         where name = any($1::text[]) and ($2::text is null or state::text = $2::text)
         order by created_on desc limit $3`,
        [QUEUE_NAMES, state ?? null, limit],
      );
      const jobs = rows.map((row) => ({
        ...row,
        createdOn: isoDate(row.createdOn),
        startedOn: isoDateOrNull(row.startedOn),
        completedOn: isoDateOrNull(row.completedOn),
      }));
      return { queues, jobs };
    },
    retry: async (queue, id) => {
      const result = (await boss.retry(queue, id)) as { affected?: number };
      return (result.affected ?? 0) > 0;
    },
    stateOf: async (queue, id) => {
      const [job] = await boss.findJobs(queue, { id });
      return job ? job.state : null;
    },
    onDomainsChanged: (listener) => {
      domainListeners.add(listener);
      return () => domainListeners.delete(listener);
    },
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs }),
    drain: (timeoutMs) => boss.stop({ graceful: true, timeout: timeoutMs, close: false }),
  };
}

function createBoss({ db, databaseUrl }: JobEngineOptions): PgBoss {
  if (databaseUrl) {
    return new PgBoss({
      connectionString: databaseUrl,
      schema: SCHEMA,
      max: 4,
      application_name: 'jobs',
      useListenNotify: true,
    });
  }
  if (!db.pglite) throw new Error('The job engine needs DATABASE_URL or the embedded PGlite database');
  return new PgBoss({ db: fromPglite(db.pglite), backend: 'pglite', schema: SCHEMA, useListenNotify: true });
}
