import { createHash } from 'node:crypto';
import type { RedisOptions } from 'ioredis';

/**
 * The connection options of REDIS_URL (`redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS), for
 * every Redis client of the server (the builder's shared documents, the shared rate limits).
 */
export function redisOptionsOf(redisUrl: string): RedisOptions & { host: string; port: number } {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    db: Number(url.pathname.slice(1) || 0),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/**
 * A short, stable name of one deployment's database (DATABASE_URL, or the PGlite data directory), for the keys
 * and channels it keeps in a Redis that other deployments (or test databases) may share. Credentials are left out.
 */
export function databaseKey(database: string): string {
  let identity = database;
  try {
    const url = new URL(database);
    identity = `${url.hostname}:${url.port}${url.pathname}`;
  } catch {
    // A data directory (PGlite), not a URL.
  }
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}

/** Where a Redis client says it lost or regained its connection. */
export type RedisConnectionLog = {
  warn: (data: object, message: string) => void;
  info?: (data: object, message: string) => void;
};

type ConnectionEvents = {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
};

/**
 * Reports a Redis client's outages once each: a warning at the first error after the connection was up (or at
 * the start), silence while ioredis retries (it tries again every 50 ms to 2 s, each attempt an error), and a
 * line when it is back, with the number of failed attempts. Without an `error` listener ioredis prints every
 * attempt; with one that logged each, an hour's outage wrote thousands of warnings per client.
 */
export function reportRedisOutages(client: ConnectionEvents, log: RedisConnectionLog, label: string): void {
  let failures = 0;
  client.on('error', (error: Error) => {
    failures += 1;
    if (failures === 1) {
      log.warn(
        { err: error },
        `${label}: Redis unreachable; retrying (until it is back, no further errors are logged)`,
      );
    }
  });
  client.on('ready', () => {
    if (failures > 0) log.info?.({ failedAttempts: failures }, `${label}: Redis is back`);
    failures = 0;
  });
}
