// Every route of the app (its own route table, HEAD and OPTIONS included) × every kind of caller, with an empty
// body and made-up ids: who is let through must follow the permission the route declares and the role table that
// GET /api/permissions serves. Writes are harmless here (empty bodies are 400s, made-up ids 404s).
import { beforeAll, expect, it } from 'vitest';
import { isAccountPermission, type RoutePermission } from '../../server/auth/access.ts';
import { createTokenService } from '../../server/auth/tokens.ts';
import { ADMIN_EMAIL, describeEachDatabase, type Session, TEST_JWT_SECRET } from './harness.ts';

type Caller = 'anonymous' | 'outsider' | 'platformAdmin' | 'viewer' | 'user' | 'accountAdmin';
type Outcome = 'unauthenticated (401)' | 'forbidden (403)' | 'let through';

const CALLERS: readonly Caller[] = [
  'anonymous',
  'outsider',
  'platformAdmin',
  'viewer',
  'user',
  'accountAdmin',
];
const MEMBER_ROLES = { viewer: 'Viewer', user: 'User', accountAdmin: 'Admin' } as const;
const FAKE_ID = '999999';

type Served = { roles: string[]; permissions: Array<{ id: string; roles: Record<string, boolean> }> };

/** What `caller` must get from a route that declares `permission`, by the served role table. */
function expectedOutcome(permission: RoutePermission, caller: Caller, table: Served): Outcome {
  if (permission === 'public') return 'let through';
  if (caller === 'anonymous') return 'unauthenticated (401)';
  if (permission === 'signedIn') return 'let through';
  if (permission === 'platformAdmin') return caller === 'platformAdmin' ? 'let through' : 'forbidden (403)';
  if (caller === 'outsider' || caller === 'platformAdmin') return 'forbidden (403)';
  const row = table.permissions.find((entry) => entry.id === permission);
  if (!row) throw new Error(`GET /api/permissions does not list "${permission}"`);
  return row.roles[MEMBER_ROLES[caller]] === true ? 'let through' : 'forbidden (403)';
}

function outcomeOf(status: number): Outcome {
  if (status === 401) return 'unauthenticated (401)';
  if (status === 403) return 'forbidden (403)';
  return 'let through';
}

/** The route's URL with made-up values, except `:accountId`: the account the members belong to. */
function concreteUrl(url: string, accountId: number): string {
  return url
    .split('/')
    .map((segment) => {
      if (segment === ':accountId') return String(accountId);
      if (segment.startsWith(':')) return FAKE_ID;
      return segment === '*' ? 'x' : segment;
    })
    .join('/');
}

describeEachDatabase(
  'permission matrix (every route × every caller)',
  (ctx) => {
    const sessions = {} as Record<Exclude<Caller, 'anonymous'>, Session>;
    let accountId = 0;
    const tokens = createTokenService(TEST_JWT_SECRET);

    beforeAll(async () => {
      sessions.platformAdmin = await ctx.register({ email: ADMIN_EMAIL });
      expect(sessions.platformAdmin.role).toBe('admin');
      sessions.accountAdmin = await ctx.register();
      sessions.outsider = await ctx.register();
      sessions.user = await ctx.register();
      sessions.viewer = await ctx.register();
      accountId = sessions.accountAdmin.accountId;
      for (const caller of ['user', 'viewer'] as const) {
        const added = await ctx.call('POST', `/api/accounts/${accountId}/users/invite-or-add`, {
          token: sessions.accountAdmin.token,
          body: { email: sessions[caller].email, roleName: MEMBER_ROLES[caller] },
        });
        expect(added.statusCode, added.body).toBe(200);
      }
    });

    // A token of the user's current version: the matrix calls logout too, which revokes the earlier ones.
    async function tokenOf(caller: Exclude<Caller, 'anonymous'>): Promise<string> {
      const { userId } = sessions[caller];
      const row = await ctx.db.one<{ token_version: number }>(
        'select token_version from users where id = $1',
        [userId],
      );
      return tokens.sign({ userId, tokenVersion: row?.token_version ?? 0 });
    }

    it('lets through exactly the callers that the declared permission and the role table allow', async () => {
      const served = await ctx.call('GET', '/api/permissions', { token: sessions.viewer.token });
      expect(served.statusCode).toBe(200);
      const table = served.json<Served>();
      const routes = ctx.app.routePermissions;
      expect(routes.length).toBeGreaterThan(100);

      const wrong: string[] = [];
      let sent = 0;
      for (const route of routes) {
        const url = concreteUrl(route.url, accountId);
        // Routes naming the account in their path are called from the caller's own account (the path decides);
        // the others act on the account of the X-Account-Id header, as the client sends it.
        const account: Record<string, string> =
          isAccountPermission(route.permission) && !route.url.includes(':accountId')
            ? { 'x-account-id': String(accountId) }
            : {};
        for (const caller of CALLERS) {
          const headers =
            caller === 'anonymous'
              ? account
              : { ...account, authorization: `Bearer ${await tokenOf(caller)}` };
          // The live event stream never ends by itself: read its status, then let it go.
          const streaming = route.method === 'GET' && route.url === '/api/events';
          const response = await ctx.app.inject({
            method: route.method as 'GET',
            url,
            headers,
            ...(streaming ? { payloadAsStream: true } : {}),
          });
          if (streaming) response.stream().destroy();
          sent += 1;
          const expected = expectedOutcome(route.permission, caller, table);
          const got = outcomeOf(response.statusCode);
          if (response.statusCode >= 500 || got !== expected) {
            wrong.push(
              `${route.method} ${route.url} [${route.permission}] as ${caller}: expected ${expected}, ` +
                `got ${response.statusCode} ${streaming ? '' : response.body.slice(0, 120)}`,
            );
          }
        }
      }
      console.log(
        `permission matrix [${ctx.kind}]: ${routes.length} routes × ${CALLERS.length} callers = ${sent} requests`,
      );
      expect(wrong).toEqual([]);
      // Some 1,400 requests with the job engine running: minutes on a loaded machine, not 30 s.
    }, 180_000);
  },
  { jobs: () => ({}) },
);
