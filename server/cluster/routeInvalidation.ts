import type { FastifyInstance } from 'fastify';

/**
 * The caches a route's success makes stale, as routes declare them beside their schema
 * (`config: { ...edit, invalidates: ['site-hosts'] }`): the published sites' rendered pages and the table of
 * hosts (subdomains, custom domains) they answer on. Each is forgotten through the invalidation bus, so every
 * process sharing the database forgets it too.
 */
export type CacheTopic = 'site-pages' | 'site-hosts';

/** How each cache is forgotten as a whole (its module publishes on the bus). */
export type CacheForgetters = Record<CacheTopic, () => Promise<void>>;

/**
 * One hook for every route: once a route that declares `invalidates` has succeeded (2xx), the caches it names are
 * forgotten — before the answer leaves, so the caller's next request already sees the change. Register it before
 * the routes.
 */
export function registerRouteInvalidation(app: FastifyInstance, forget: CacheForgetters): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const topics = request.routeOptions.config.invalidates;
    if (!topics || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    for (const topic of topics) await forget[topic]();
    return payload;
  });
}
