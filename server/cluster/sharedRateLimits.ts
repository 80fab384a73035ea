// Where the counters of every @fastify/rate-limit registration live (form posts, shoppers' store calls, session
// replay batches). With REDIS_URL they are counted in Redis, so a limit holds for the whole deployment however many
// server processes share the load (README "Several processes"); without it, in this process's memory.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import {
  databaseKey,
  type RedisConnectionLog,
  redisOptionsOf,
  reportRedisOutages,
} from './redisConnection.ts';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type ChildParams = Parameters<FastifyRateLimitStore['child']>[0];
/** What the plugin hands a store (its merged options; the types leave these two out). */
type StoreParams = FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean };
/** The plugin's two stores (its own modules; the types declare only the interface they implement). */
type Store = FastifyRateLimitStore & {
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
};

const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

/** A Redis command that does not answer in this time counts in this process instead (a request never waits on it). */
const COMMAND_TIMEOUT_MS = 500;
/** How long a starting server waits for Redis before it serves (counting locally until Redis answers). */
const CONNECT_WAIT_MS = 2000;

/** What every rate-limit registration spreads into its options, and how the server lets go of it. */
export type RateLimitStore = {
  options: Pick<RateLimitPluginOptions, 'store'>;
  close(): Promise<void>;
};

/**
 * Counters in Redis (`bizsite-limits:<database>:…`, so deployments and test databases sharing a Redis do not count
 * together), each key expiring with its window. While Redis cannot be reached a request is counted in this
 * process's memory instead: the limits go on holding per process, and no request fails or waits long for Redis.
 */
export async function createRateLimitStore({
  redisUrl,
  database,
  log,
}: {
  redisUrl: string | null;
  database: string;
  log: RedisConnectionLog;
}): Promise<RateLimitStore> {
  if (!redisUrl) return { options: {}, close: async () => {} };
  const redis = new Redis({
    ...redisOptionsOf(redisUrl),
    // A command while disconnected fails at once (and is counted locally) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  // ioredis reconnects by itself; each outage is logged once.
  reportRedisOutages(redis, log, 'rate limits');
  const nameSpace = `bizsite-limits:${databaseKey(database)}:`;
  // The first requests are counted with the other processes too: wait until Redis answers, refuses (an error:
  // it is down) or a while has passed.
  const waiting = new AbortController();
  await Promise.race([
    once(redis, 'ready', { signal: waiting.signal }),
    delay(CONNECT_WAIT_MS, undefined, { signal: waiting.signal }),
  ]).catch(() => {});
  waiting.abort();

  class SharedStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;

    constructor(params: StoreParams, stores?: { shared: Store; local: Store }) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      this.shared = stores?.shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = stores?.local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.count('incr', key, callback, timeWindow, max);
    }

    read(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.count('read', key, callback, timeWindow, max);
    }

    /** Counts in Redis; if Redis fails to answer, in this process. */
    private count(how: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
      const locally = () => this.local[how](key, callback, timeWindow, max);
      this.shared[how](key, (error, result) => (error ? locally() : callback(null, result)), timeWindow, max);
    }

    child(params: ChildParams): Store {
      const merged = params as StoreParams & { routeInfo?: { method?: string } };
      // A route's own limit is keyed by its method and URL (the plugin's naming); a limiter made by
      // `createRateLimit` has no route (the plugin passes an empty one, which named its keys
      // `…undefinedundefined-…`): its counters go under the namespace by their key alone.
      const shared = merged.routeInfo?.method
        ? (this.shared.child(params) as Store)
        : new RedisStore(
            merged.continueExceeding ?? false,
            merged.exponentialBackoff ?? false,
            redis,
            nameSpace,
          );
      return new SharedStore(merged, {
        shared,
        local: this.local.child(params) as Store,
      });
    }
  }

  return {
    options: { store: SharedStore },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
