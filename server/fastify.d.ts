// The one place where the request and instance decorations are typed.
import type { RoutePermission } from './auth/access.ts';
import type { AuthUser } from './auth/authUser.ts';
import type { RouteEntry } from './auth/permissionGuard.ts';
import type { CacheTopic } from './cluster/routeInvalidation.ts';
import type { Collab } from './collab/collabServer.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route needs, checked by the permission guard before the body is read: every route under
     * /api and /sites declares it (registering one without it throws).
     */
    permission: RoutePermission;
    /** The caches this route's success makes stale (server/cluster/routeInvalidation.ts forgets them). */
    invalidates?: readonly CacheTopic[];
  }
  interface FastifyRequest {
    /** Set by the permission guard on every route that is not public. */
    user: AuthUser;
    /** The account the request acts on (X-Account-Id, or the user's first account); null if none. */
    accountId: number | null;
    /** The user's role in the account the route acts on (its `:accountId`, else `accountId`); null if none. */
    accountRole: string | null;
  }
  interface FastifyInstance {
    /** Every route with the permission it declared, in registration order (what the route-table tests walk). */
    routePermissions: readonly RouteEntry[];
    /** The builder's document sync (WebSocket /api/collab): tests reach its live documents through it. */
    collab: Collab;
  }
}
