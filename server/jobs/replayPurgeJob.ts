import type { PgBoss } from 'pg-boss';
import { REPLAY_LIMITS } from '../../src/contracts/replay.ts';
import type { Db } from '../db/types.ts';
import { purgeReplaySessions } from '../repositories/replaySessions.ts';
import { createQueue, type WorkerPolling } from './queues.ts';

export const REPLAY_QUEUES = { replayPurge: 'replay-purge' } as const;

/** Hourly, so nothing outlives the retention by more than an hour. */
const SCHEDULE = '23 * * * *';

/**
 * The session-replay retention: recordings older than REPLAY_LIMITS.retentionDays are deleted by a
 * scheduled job (its own queue, so the Job Dashboard shows it apart from the general purge).
 */
export async function registerReplayWorkers(
  boss: PgBoss,
  options: { db: Db; polling: WorkerPolling; schedule: boolean },
): Promise<void> {
  const { db, polling } = options;
  await createQueue(boss, REPLAY_QUEUES.replayPurge, { retryLimit: 2, retryDelay: 60 });
  await boss.work(REPLAY_QUEUES.replayPurge, polling, async () =>
    purgeReplaySessions(db, REPLAY_LIMITS.retentionDays),
  );
  if (options.schedule) await boss.schedule(REPLAY_QUEUES.replayPurge, SCHEDULE);
}
