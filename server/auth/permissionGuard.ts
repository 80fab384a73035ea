import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/types.ts';
import { findMemberRole } from '../repositories/members.ts';
import { deny, isRoutePermission, PLATFORM_ADMIN_ONLY, type RoutePermission, refusalOf } from './access.ts';
import { accountIdOf, createAuthenticate, requireAccountId } from './authenticate.ts';
import type { TokenService } from './tokens.ts';

/** A route of the app with the permission it declared (HEAD and OPTIONS routes included). */
export type RouteEntry = { method: string; url: string; permission: RoutePermission };

// Where every route must say what it needs; outside them are the client's static files, public by nature.
const DECLARING = /^\/(api|sites)(\/|$)/;

/**
 * The permission a route declared; `public` for a route outside /api and /sites that declares none.
 * Throws, naming the route, when an /api or /sites route declares none or names one that does not exist.
 */
export function declaredPermission(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): RoutePermission {
  const permission: unknown = route.config?.permission;
  const name = `${[route.method].flat().join(',')} ${route.url}`;
  if (permission === undefined) {
    if (!DECLARING.test(route.url)) return 'public';
    throw new Error(`${name} declares no permission: give it config: { permission } (server/auth/access.ts)`);
  }
  if (!isRoutePermission(permission))
    throw new Error(`${name} declares an unknown permission "${permission}"`);
  return permission;
}

/** The account a route acts on: its `:accountId` when it has one, else the request's account (a 400 without). */
function targetAccount(request: FastifyRequest): number {
  const fromPath = (request.params as Record<string, string | undefined> | undefined)?.accountId;
  return fromPath === undefined ? requireAccountId(request) : accountIdOf(fromPath, 'accountId');
}

/**
 * The one access check of the app, in front of every route. Routes declare what they need
 * (`config: { permission }`); at registration a route under /api or /sites that declares nothing is refused,
 * and on each request this hook — the first onRequest hook, so before the body is read or validated —
 * authenticates every route that is not public (401) and checks the platform role or the caller's role in the
 * account the route acts on against `ACCOUNT_PERMISSIONS` (403, logged). Checks about a resource (another
 * account's website is a 404, the last Admin stays) remain with the routes.
 */
export function registerPermissionGuard(
  app: FastifyInstance,
  { db, tokens }: { db: Db; tokens: TokenService },
) {
  const authenticate = createAuthenticate(db, tokens);
  const routes: RouteEntry[] = [];
  app.decorate('routePermissions', routes);

  app.addHook('onRoute', (route) => {
    const permission = declaredPermission(route);
    route.config = { ...route.config, permission };
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, permission });
  });

  app.addHook('onRequest', async (request) => {
    // Every route has one (onRoute above); only the not-found handler has none, and it is public.
    const permission = request.routeOptions.config.permission as RoutePermission | undefined;
    if (permission === undefined && !request.is404)
      throw new Error(`${request.method} ${request.url}: no permission`);
    if (permission === undefined || permission === 'public') return;
    await authenticate(request);
    if (permission === 'signedIn') return;
    if (permission === 'platformAdmin') {
      if (request.user.role !== 'admin') throw await deny(db, request, request.user, PLATFORM_ADMIN_ONLY);
      return;
    }
    const accountId = targetAccount(request);
    if (accountId !== request.accountId) {
      request.accountRole = await findMemberRole(db, accountId, request.user.id);
    }
    const refusal = refusalOf(request.accountRole, permission);
    if (refusal !== null) throw await deny(db, request, request.user, refusal);
  });
}
