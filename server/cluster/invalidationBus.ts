import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { PgNotifications } from '../db/pgNotifications.ts';
import type { Queryable } from '../db/types.ts';

/**
 * What a process keeps in memory that another process's write can make stale; and `account-events`, the changes
 * the database itself announces for the accounts' live views (migration 0019; payload: the JSON of one event).
 */
export type InvalidationTopic = 'site-pages' | 'site-hosts' | 'account-events';

/**
 * Told what changed: a topic's payload (a subdomain), or null for "anything may have changed" (a publisher
 * said so, or the bus reconnected and may have missed messages): drop everything of that topic.
 */
export type InvalidationListener = (payload: string | null) => void | Promise<void>;

export type InvalidationBus = {
  /**
   * Tells every process, this one included, after a write has committed. Resolves once this process's
   * listeners are done (so its next request sees the change) and the message is on its way to the others.
   */
  publish(topic: InvalidationTopic, payload: string | null): Promise<void>;
  /** Returns the unsubscribe. */
  subscribe(topic: InvalidationTopic, listener: InvalidationListener): () => void;
  /**
   * True while other processes' messages reach this one (PostgreSQL, listening). False on PGlite (one process)
   * and while the listening connection is down: a cache of a shared database must then check before trusting.
   */
  crossProcess(): boolean;
  close(): Promise<void>;
};

export type InvalidationBusOptions = {
  /** Sends the messages (PostgreSQL: `pg_notify`); null on PGlite, where nobody else could hear them. */
  sender: Queryable | null;
  /** PostgreSQL: the process's LISTEN connection (`db.notifications`); null: in-process delivery only. */
  notifications: PgNotifications | null;
  /** PGlite (one process): listens on it for what its triggers announce (migration 0019). */
  pglite?: PGlite | null;
  log?: { warn: (data: object, message: string) => void };
};

// One channel per database (NOTIFY never crosses databases), so deployments sharing a server stay apart.
const CHANNEL = 'bizsite_invalidate';
const TOPICS: readonly InvalidationTopic[] = ['site-pages', 'site-hosts', 'account-events'];

type Message = { origin: string; topic: InvalidationTopic; payload: string | null };

function parseMessage(text: string): Message | null {
  try {
    const message = JSON.parse(text) as Partial<Message>;
    if (typeof message.origin !== 'string' || !TOPICS.includes(message.topic as InvalidationTopic))
      return null;
    const payload = typeof message.payload === 'string' ? message.payload : null;
    return { origin: message.origin, topic: message.topic as InvalidationTopic, payload };
  } catch {
    return null;
  }
}

/**
 * The invalidation bus of the server processes sharing one database: PostgreSQL LISTEN/NOTIFY on the
 * process's one listening connection (no extra service: every process already shares the PostgreSQL). Delivered in-process always.
 */
export function createInvalidationBus({
  sender,
  notifications = null,
  pglite = null,
  log,
}: InvalidationBusOptions): InvalidationBus {
  const origin = randomUUID();
  const listeners = new Map<InvalidationTopic, Set<InvalidationListener>>();
  let closed = false;

  const deliver = async (topic: InvalidationTopic, payload: string | null) => {
    const results = await Promise.allSettled(
      [...(listeners.get(topic) ?? [])].map(async (listener) => listener(payload)),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
  const deliverQuietly = (topic: InvalidationTopic, payload: string | null) =>
    deliver(topic, payload).catch((error: unknown) =>
      log?.warn({ err: error, topic }, 'invalidation: listener'),
    );

  // PostgreSQL: the process's one LISTEN connection (server/db/pgNotifications.ts) hears the other processes.
  const stopListening = notifications?.subscribe(CHANNEL, {
    message: (payload) => {
      const message = parseMessage(payload);
      // Our own messages come back too; they were delivered here when published.
      if (message && message.origin !== origin) void deliverQuietly(message.topic, message.payload);
    },
    // Whatever was published while nobody listened here is unknown: every cache starts again.
    listening: () => {
      for (const topic of TOPICS) void deliverQuietly(topic, null);
    },
  });
  // PGlite: the database's own notifications (triggers) arrive in this process; nothing else sends there.
  const stopPglite = pglite
    ?.listen(CHANNEL, (payload) => {
      const message = parseMessage(payload);
      if (message) void deliverQuietly(message.topic, message.payload);
    })
    .catch((error: unknown) => {
      log?.warn({ err: error }, 'invalidation: cannot listen on PGlite');
      return null;
    });

  return {
    async publish(topic, payload) {
      const local = deliver(topic, payload);
      if (sender) {
        const message: Message = { origin, topic, payload };
        await sender
          .query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)])
          .catch((error: unknown) => log?.warn({ err: error, topic }, 'invalidation: notify'));
      }
      await local;
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
    crossProcess: () => !closed && notifications !== null && notifications.listening(CHANNEL),
    async close() {
      closed = true;
      stopListening?.();
      const unlisten = await stopPglite;
      if (unlisten && !pglite?.closed) await unlisten().catch(() => undefined);
    },
  };
}
