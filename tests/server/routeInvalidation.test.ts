import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type CacheTopic, registerRouteInvalidation } from '../../server/cluster/routeInvalidation.ts';

/** An app whose routes declare what they invalidate, and the caches forgotten, in order. */
async function appForgetting(forgotten: string[]) {
  const app = Fastify();
  const forget = (topic: CacheTopic) => async () => {
    forgotten.push(topic);
  };
  registerRouteInvalidation(app, { 'site-pages': forget('site-pages'), 'site-hosts': forget('site-hosts') });
  const permission = 'public' as const;
  app.delete(
    '/things/:id',
    { config: { permission, invalidates: ['site-pages', 'site-hosts'] } },
    async (request, reply) => {
      if ((request.params as { id: string }).id === 'missing')
        return reply.code(404).send({ message: 'Not found' });
      return reply.code(204).send();
    },
  );
  app.get('/things', { config: { permission } }, async () => ({ things: [] }));
  await app.ready();
  return app;
}

describe('cache invalidation declared beside the route', () => {
  it("forgets the caches a route names once it succeeds, whatever the request's address looks like", async () => {
    const forgotten: string[] = [];
    const app = await appForgetting(forgotten);
    expect((await app.inject({ method: 'DELETE', url: '/things/7?from=list' })).statusCode).toBe(204);
    expect(forgotten).toEqual(['site-pages', 'site-hosts']);
    await app.close();
  });

  it('forgets nothing when the route fails or declares nothing', async () => {
    const forgotten: string[] = [];
    const app = await appForgetting(forgotten);
    expect((await app.inject({ method: 'DELETE', url: '/things/missing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/things' })).json()).toEqual({ things: [] });
    expect(forgotten).toEqual([]);
    await app.close();
  });
});
