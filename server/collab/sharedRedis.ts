import { Redis } from '@hocuspocus/extension-redis';
import {
  databaseKey,
  type RedisConnectionLog,
  redisOptionsOf,
  reportRedisOutages,
} from '../cluster/redisConnection.ts';

/**
 * Hocuspocus's Redis extension (documents shared across server processes through pub/sub), except for its
 * store lock. That lock lets one process store a document and makes the others skip their store, which can
 * drop the last edits of a process that skipped. Here every store merges into the row under a database lock
 * (collabDocs), so every process stores its own document and none can overwrite another's edits.
 */
class SharedRedis extends Redis {
  override async onStoreDocument(): Promise<void> {}
  override async afterStoreDocument(): Promise<void> {}
}

/**
 * The Redis channel prefix of one database: `site-1` of one deployment (or test database) is not `site-1` of
 * another sharing the same Redis. Credentials are left out of it.
 */
export function redisPrefix(database: string): string {
  return `bizsite-collab:${databaseKey(database)}`;
}

/** The extension for REDIS_URL (`redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS). */
export function createSharedRedis(redisUrl: string, prefix: string, log: RedisConnectionLog): Redis {
  const { host, port, ...options } = redisOptionsOf(redisUrl);
  const redis = new SharedRedis({ host, port, prefix, options });
  // ioredis reconnects by itself; each outage is logged once.
  reportRedisOutages(redis.pub, log, 'collab publisher');
  reportRedisOutages(redis.sub, log, 'collab subscriber');
  return redis;
}
