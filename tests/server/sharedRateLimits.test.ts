// The rate limits' counters (server/cluster/sharedRateLimits.ts): in Redis they hold for every process of a
// deployment; without Redis, or while it cannot be reached, they hold per process (and the server still starts).
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createRateLimitStore } from '../../server/cluster/sharedRateLimits.ts';
import { reachable, TEST_REDIS_URL } from './redisReachable.ts';

const redisUrl = TEST_REDIS_URL;
const quiet = { warn: () => {} };

const withRedis = await reachable(redisUrl);

describe('shared rate limits', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  /** One "server process": a route limited to 3 calls a minute per caller, as the app registers its limits. */
  async function serverOn(redis: string | null, database: string): Promise<FastifyInstance> {
    const store = await createRateLimitStore({ redisUrl: redis, database, log: quiet });
    const app = Fastify();
    app.addHook('onClose', async () => store.close());
    await app.register(rateLimit, { global: false, ...store.options });
    app.get(
      '/limited',
      { config: { permission: 'public', rateLimit: { max: 3, timeWindow: 60_000 } } },
      async () => ({
        ok: true,
      }),
    );
    await app.ready();
    apps.push(app);
    return app;
  }
  const get = (app: FastifyInstance) =>
    app.inject({ method: 'GET', url: '/limited' }).then((r) => r.statusCode);

  it.runIf(withRedis)('with Redis, calls to several processes count together, per database', async () => {
    const database = `postgres://127.0.0.1:5432/limits_${Date.now()}_${Math.random()}`;
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => serverOn(redisUrl, database)));
    expect([await get(a), await get(b), await get(c)]).toEqual([200, 200, 200]);
    // The fourth call is over the limit whichever process gets it.
    expect([await get(a), await get(b), await get(c)]).toEqual([429, 429, 429]);
    // Another deployment (another database) sharing the Redis counts apart.
    const other = await serverOn(redisUrl, `${database}_other`);
    expect(await get(other)).toBe(200);
  });

  it.runIf(withRedis)(
    'a limiter made with createRateLimit keeps its counters under the namespace by its key',
    async () => {
      const database = `postgres://127.0.0.1:5432/limits_${Date.now()}_${Math.random()}`;
      const store = await createRateLimitStore({ redisUrl, database, log: quiet });
      const app = Fastify();
      app.addHook('onClose', async () => store.close());
      await app.register(rateLimit, { global: false, ...store.options });
      const key = `visitor-${Math.random().toString(36).slice(2)}`;
      // As the public forms and session replay use it: the route asks the limiter itself.
      const limiter = app.createRateLimit({ max: 2, timeWindow: 60_000, keyGenerator: () => key });
      app.get('/counted', async (request) => {
        const result = await limiter(request);
        return { exceeded: !result.isAllowed && result.isExceeded };
      });
      await app.ready();
      apps.push(app);
      const exceeded = [];
      for (let i = 0; i < 3; i += 1) exceeded.push((await app.inject({ url: '/counted' })).json().exceeded);
      expect(exceeded).toEqual([false, false, true]);
      const redis = new Redis(redisUrl);
      try {
        const keys = await redis.keys(`bizsite-limits:*${key}`);
        expect(keys).toHaveLength(1);
        // The plugin's own naming of a route-less child read `…:undefinedundefined-visitor-…`.
        expect(keys[0]).toMatch(new RegExp(`^bizsite-limits:[^:]+:${key}$`));
      } finally {
        redis.disconnect();
      }
    },
  );

  it('without Redis, each process counts its own calls', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => serverOn(null, 'data')));
    expect([await get(a), await get(a), await get(a), await get(a)]).toEqual([200, 200, 200, 429]);
    expect(await get(b)).toBe(200);
  });

  it('while Redis cannot be reached, the server starts and the limit holds in the process', async () => {
    // Port 1 on loopback: nothing listens, every connection is refused.
    const app = await serverOn('redis://127.0.0.1:1', 'data');
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await get(app));
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
