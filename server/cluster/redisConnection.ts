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
