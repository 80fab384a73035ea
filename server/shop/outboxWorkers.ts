import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/types.ts';
import type { Mailer } from '../jobs/mailer.ts';
import {
  enqueueOutbox,
  findStrandedOutbox,
  OUTBOX_QUEUES,
  OUTBOX_RETRY_DELAY_SECONDS,
  OUTBOX_RETRY_LIMIT,
  type OutboxMailData,
  sendOutboxMail,
} from './mailOutbox.ts';

/** Every minute: the sweep of queued messages whose job was never queued. */
const SWEEP_SCHEDULE = '* * * * *';

/** The outbox's queues: the sender (retried) and the minute sweep. */
export async function registerOutboxWorkers(
  boss: PgBoss,
  options: { db: Db; mailer: Mailer; pollingIntervalSeconds: number; schedule: boolean },
): Promise<void> {
  const { db, mailer, pollingIntervalSeconds } = options;
  await boss.createQueue(OUTBOX_QUEUES.outboxMail, {
    retryLimit: OUTBOX_RETRY_LIMIT,
    retryDelay: OUTBOX_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
  });
  await boss.createQueue(OUTBOX_QUEUES.outboxSweep, { retryLimit: 1, retryDelay: 30 });
  await boss.work<OutboxMailData, unknown, { pollingIntervalSeconds: number; includeMetadata: true }>(
    OUTBOX_QUEUES.outboxMail,
    { pollingIntervalSeconds, includeMetadata: true },
    async ([job]) =>
      sendOutboxMail(db, mailer, job.data.ids, { lastTry: job.retryCount >= job.retryLimit }),
  );
  await boss.work(OUTBOX_QUEUES.outboxSweep, { pollingIntervalSeconds }, async () => {
    const ids = await findStrandedOutbox(db);
    await enqueueOutbox({ send: (queue, data, sendOptions) => boss.send(queue, data, sendOptions) }, ids);
    return { queued: ids.length };
  });
  if (options.schedule) await boss.schedule(OUTBOX_QUEUES.outboxSweep, SWEEP_SCHEDULE);
}
