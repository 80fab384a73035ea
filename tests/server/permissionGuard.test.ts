import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_MEMBER, VIEW_ONLY } from '../../server/auth/access.ts';
import { registerPermissionGuard } from '../../server/auth/permissionGuard.ts';
import { createTokenService } from '../../server/auth/tokens.ts';
import type { Db } from '../../server/db/types.ts';
import { describeEachDatabase, type Session, TEST_JWT_SECRET } from './harness.ts';

// Registration only: the guard never reaches the database before a request.
function guardedApp() {
  const app = Fastify();
  registerPermissionGuard(app, { db: {} as Db, tokens: createTokenService(TEST_JWT_SECRET) });
  return app;
}

describe('permission guard: registration', () => {
  it('refuses an /api or /sites route that declares no permission, naming its method and url', () => {
    const app = guardedApp();
    expect(() => app.post('/api/things', async () => 'made')).toThrow(
      'POST /api/things declares no permission',
    );
    expect(() => app.get('/sites/:subdomain/feed.xml', { config: {} as never }, async () => '')).toThrow(
      'GET /sites/:subdomain/feed.xml declares no permission',
    );
    expect(() => app.route({ method: ['PUT', 'PATCH'], url: '/api', handler: async () => '' })).toThrow(
      'PUT,PATCH /api declares no permission',
    );
  });

  it('refuses a permission that is not in the table', () => {
    const app = guardedApp();
    const typo = { permission: 'crm.edti' } as never;
    expect(() => app.post('/api/crm/things', { config: typo }, async () => '')).toThrow(
      'POST /api/crm/things declares an unknown permission "crm.edti"',
    );
  });

  it('lists declared routes with their HEAD twins, and counts routes outside /api and /sites as public', async () => {
    const app = guardedApp();
    app.get('/api/things', { config: { permission: 'account.view' } }, async () => []);
    app.post('/api/things', { config: { permission: 'crm.edit' } }, async () => 'made');
    app.get('/hello', async () => 'hi');
    await app.ready();
    expect(app.routePermissions).toEqual([
      { method: 'GET', url: '/api/things', permission: 'account.view' },
      { method: 'HEAD', url: '/api/things', permission: 'account.view' },
      { method: 'POST', url: '/api/things', permission: 'crm.edit' },
      { method: 'GET', url: '/hello', permission: 'public' },
      { method: 'HEAD', url: '/hello', permission: 'public' },
    ]);
    await app.close();
  });
});

describeEachDatabase('permission guard: the app', (ctx) => {
  let admin: Session;
  let viewer: Session;

  beforeAll(async () => {
    admin = await ctx.register();
    viewer = await ctx.register();
    const added = await ctx.call('POST', `/api/accounts/${admin.accountId}/users/invite-or-add`, {
      token: admin.token,
      body: { email: viewer.email, roleName: 'Viewer' },
    });
    expect(added.statusCode, added.body).toBe(200);
  });

  it('has every route of the router in its table; only the client files are public without declaring it', () => {
    const table = ctx.app.routePermissions;
    // Fastify's own listing, method by method ("/path (GET)" per route): none escaped the guard's onRoute hook.
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const listed = ctx.app.printRoutes({ method, commonPrefix: false }).match(/\(\w+\)$/gm) ?? [];
      const declared = table.filter((route) => route.method === method);
      // A plugin's '/' route is routed at '/prefix' and '/prefix/' with one set of options (one onRoute call):
      // the reference page, /api/docs (@fastify/swagger-ui). Its HEAD twins are routes of their own.
      const twins = declared.filter(
        (route) =>
          !route.url.endsWith('/') &&
          !route.url.includes('*') &&
          !declared.some((other) => other.url === `${route.url}/`) &&
          ctx.app.hasRoute({ method: method as 'GET', url: `${route.url}/` }),
      );
      expect(
        twins.map((route) => route.url),
        method,
      ).toEqual(method === 'GET' ? ['/api/docs'] : []);
      expect(declared.length + twins.length, method).toBe(listed.length);
      expect(listed.length, method).toBeGreaterThan(0);
    }
    // Outside /api and /sites nothing declares (registration refuses that inside): that is the built client
    // (@fastify/static) and the buyer's order page (its token is the secret) only; anything else there must
    // be looked at.
    const outside = table.filter((route) => !/^\/(api|sites)(\/|$)/.test(route.url));
    expect(outside.map((route) => `${route.method} ${route.url} ${route.permission}`).sort()).toEqual([
      'GET /* public',
      'GET /order/:id public',
      'HEAD /* public',
      'HEAD /order/:id public',
    ]);
  });

  it('answers before the body is read: 401 without a session and 403 for a Viewer, whatever the body', async () => {
    const garbage = { 'content-type': 'application/json' };
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm/contacts',
      headers: garbage,
      payload: '{not json',
    });
    expect(anonymous.statusCode).toBe(401);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm/contacts',
      headers: {
        ...garbage,
        authorization: `Bearer ${viewer.token}`,
        'x-account-id': String(admin.accountId),
      },
      payload: '{not json',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: VIEW_ONLY });
    // The same garbage from an editor reaches the body parser.
    const parsed = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm/contacts',
      headers: { ...garbage, authorization: `Bearer ${admin.token}` },
      payload: '{not json',
    });
    expect(parsed.statusCode).toBe(400);
  });

  it('checks the account of the path, not the account header, and refuses a malformed one', async () => {
    // The viewer's header names their own account (where they are Admin); the path names the other one.
    const own = { 'x-account-id': String(viewer.accountId) };
    const invite = await ctx.call('POST', `/api/accounts/${admin.accountId}/users/invite-or-add`, {
      token: viewer.token,
      headers: own,
      body: { email: 'someone@example.com', roleName: 'Admin' },
    });
    expect(invite.statusCode).toBe(403);
    const stranger = await ctx.register();
    const users = await ctx.call('GET', `/api/accounts/${admin.accountId}/users`, { token: stranger.token });
    expect(users.json()).toEqual({ message: NOT_A_MEMBER });
    const malformed = await ctx.call('GET', '/api/accounts/abc/users', { token: viewer.token });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'accountId must be a positive integer' });
    const denied = await ctx.db.one<{ details: Record<string, string> }>(
      `select details from activity_logs where type = 'access.denied' and user_id = $1 order by id desc limit 1`,
      [stranger.userId],
    );
    expect(denied?.details).toEqual({
      method: 'GET',
      path: `/api/accounts/${admin.accountId}/users`,
      reason: NOT_A_MEMBER,
    });
  });

  it('keeps "Select an account first" for an account route when the user belongs to no account', async () => {
    const loner = await ctx.register();
    await ctx.db.query('delete from account_members where user_id = $1', [loner.userId]);
    const response = await ctx.call('GET', '/api/crm/contacts', { token: loner.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Select an account first' });
    // Routes that need only a session still answer.
    expect((await ctx.call('GET', '/api/user/me', { token: loner.token })).statusCode).toBe(200);
  });

  it('lets anyone reach the public routes, the not-found answer and the client', async () => {
    expect((await ctx.call('GET', '/api/health')).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/no-such-route')).statusCode).toBe(404);
    expect((await ctx.call('GET', '/dashboard')).statusCode).toBe(200);
    const preflight = await ctx.call('OPTIONS', '/api/ecommerce/products');
    expect(preflight.statusCode).toBe(204);
  });
});
