import type { PgBoss, Queue } from 'pg-boss';

/**
 * How a worker waits for its next job. Every queue of ours is a NOTIFY queue (`createQueue` below) and the
 * engine listens (`useListenNotify`), so a job sent in any process wakes its workers at once; polling is only
 * the backstop for what no notification announces: a job that becomes due later (`startAfter`, a retry's
 * delay) and the moments the listener is down (then pg-boss polls at the base interval, 0.5 s, its floor).
 * An idle server used to poll every queue twice a second: on PGlite, 40–180 ms of CPU per second.
 */
export const WORKER_POLLING = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 5 } as const;
export type WorkerPolling = typeof WORKER_POLLING;

/** Creates a queue of ours (a NOTIFY queue); a queue made before queues were NOTIFY queues is switched over. */
export async function createQueue(
  boss: PgBoss,
  name: string,
  options: Omit<Queue, 'name' | 'notify'> = {},
): Promise<void> {
  await boss.createQueue(name, { ...options, notify: true });
  // createQueue does nothing for a queue that exists, whatever its options: a queue made by an earlier version
  // gets today's.
  await boss.updateQueue(name, { ...options, notify: true });
}
