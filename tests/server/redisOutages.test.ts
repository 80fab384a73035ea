// While Redis is down ioredis retries every 50 ms to 2 s and each attempt is an error: the server logs each
// outage once, and says when Redis is back (server/cluster/redisConnection.ts, used by every Redis client).
import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { redisOptionsOf, reportRedisOutages } from '../../server/cluster/redisConnection.ts';
import { reachable, TEST_REDIS_URL } from './redisReachable.ts';

const withRedis = await reachable(TEST_REDIS_URL);

/** A loopback port that forwards to the test Redis while it is open: Redis going down and coming back. */
class SwitchableRedis {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  readonly port: number;
  constructor(port: number) {
    this.port = port;
  }

  async up(): Promise<void> {
    const { host, port } = redisOptionsOf(TEST_REDIS_URL);
    this.server = createServer((client) => {
      const upstream = createConnection({ host, port });
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
  }

  async down(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!withRedis)('a Redis outage in the server log', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('is one warning however many attempts fail, then one line when Redis is back, and again at the next outage', async () => {
    const redis = new SwitchableRedis(await freePort());
    cleanups.push(() => redis.down());
    const warnings: string[] = [];
    const infos: { data: object; message: string }[] = [];
    const client = new Redis({
      host: '127.0.0.1',
      port: redis.port,
      // Retries as ioredis does by default, only faster, so the test sees many attempts.
      retryStrategy: () => 10,
      lazyConnect: true,
    });
    cleanups.push(() => client.disconnect());
    reportRedisOutages(
      client,
      {
        warn: (_data, message) => warnings.push(message),
        info: (data, message) => infos.push({ data, message }),
      },
      'rate limits',
    );
    let attempts = 0;
    client.on('error', () => {
      attempts += 1;
    });
    client.connect().catch(() => {});

    await until(() => attempts >= 10, 'ten failed attempts');
    expect(warnings).toEqual([
      'rate limits: Redis unreachable; retrying (until it is back, no further errors are logged)',
    ]);
    expect(infos).toEqual([]);

    await redis.up();
    await until(() => infos.length > 0, 'the client to reconnect');
    expect(await client.ping()).toBe('PONG');
    expect(infos).toHaveLength(1);
    expect(infos[0].message).toBe('rate limits: Redis is back');
    expect((infos[0].data as { failedAttempts: number }).failedAttempts).toBeGreaterThanOrEqual(10);

    const before = attempts;
    await redis.down();
    await until(() => attempts >= before + 10, 'ten more failed attempts');
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toBe(warnings[0]);
  });
});
