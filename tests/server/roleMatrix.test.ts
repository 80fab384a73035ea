import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  ACCOUNT_ADMIN_ONLY,
  NOT_A_MEMBER,
  PLATFORM_ADMIN_ONLY,
  VIEW_ONLY,
} from '../../server/auth/access.ts';
import { SESSION_EXPIRED } from '../../server/auth/authenticate.ts';
import { ADMIN_EMAIL, describeEachDatabase, type Session, type TestContext, uniqueEmail } from './harness.ts';

type Actor = 'anonymous' | 'viewer' | 'user' | 'accountAdmin' | 'platformAdmin' | 'outsider';
type Expected = Record<Actor, number>;

// Who may do what. Account routes belong to the account's members (Admins for writes, Users and Admins for
// website work, Viewers only look), whatever the platform role; the admin area belongs to platform admins,
// whatever their account roles.
const memberRead: Expected = {
  anonymous: 401,
  viewer: 200,
  user: 200,
  accountAdmin: 200,
  platformAdmin: 403,
  outsider: 403,
};
const accountAdminWrite = (ok: number): Expected => ({
  anonymous: 401,
  viewer: 403,
  user: 403,
  accountAdmin: ok,
  platformAdmin: 403,
  outsider: 403,
});
const platformAdminOnly = (ok: number): Expected => ({
  anonymous: 401,
  viewer: 403,
  user: 403,
  accountAdmin: 403,
  platformAdmin: ok,
  outsider: 403,
});
const anyUser = (ok: number): Expected => ({
  anonymous: 401,
  viewer: ok,
  user: ok,
  accountAdmin: ok,
  platformAdmin: ok,
  outsider: ok,
});

const websiteWrite = (ok: number): Expected => ({
  anonymous: 401,
  viewer: 403,
  user: ok,
  accountAdmin: ok,
  platformAdmin: 403,
  outsider: 403,
});

type Fixture = { sessions: Record<Exclude<Actor, 'anonymous'>, Session>; accountId: number };

type Route = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  expected: Expected;
  /** Builds the request; may create what the call acts on (a member to promote, a credit to edit). */
  prepare: (ctx: TestContext, fixture: Fixture) => Promise<Prepared>;
  /** Prepared again for every caller (a delete acts on a fresh target each time). */
  perActor?: boolean;
};

type Prepared = { url: string; body?: unknown; headers?: Record<string, string> };

// Website routes act on the account named by the header (without it, each caller's own first account).
const inAccount = (f: Fixture) => ({ 'x-account-id': String(f.accountId) });
const SITE = { name: 'Matrix site', htmlContent: '', pages: [], yjsState: 'AAA=' };

async function createSite(ctx: TestContext, f: Fixture): Promise<number> {
  const created = await ctx.call('POST', '/api/website/save', {
    token: f.sessions.accountAdmin.token,
    headers: inAccount(f),
    body: SITE,
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ id: number }>().id;
}

function pngUpload(): { body: Buffer; headers: Record<string, string> } {
  const boundary = '----matrix-boundary';
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(32, 1),
  ]);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function addMember(ctx: TestContext, fixture: Fixture, roleName = 'User'): Promise<Session> {
  const member = await ctx.register();
  const added = await ctx.call('POST', `/api/accounts/${fixture.accountId}/users/invite-or-add`, {
    token: fixture.sessions.accountAdmin.token,
    body: { email: member.email, roleName },
  });
  expect(added.statusCode, added.body).toBe(200);
  return member;
}

const ROUTES: Route[] = [
  {
    name: 'list the account websites',
    method: 'GET',
    expected: memberRead,
    prepare: async (_, f) => ({ url: '/api/website', headers: inAccount(f) }),
  },
  {
    name: 'read a website',
    method: 'GET',
    expected: memberRead,
    prepare: async (ctx, f) => ({ url: `/api/website/${await createSite(ctx, f)}`, headers: inAccount(f) }),
  },
  {
    name: 'save a new website',
    method: 'POST',
    expected: websiteWrite(200),
    prepare: async (_, f) => ({ url: '/api/website/save', headers: inAccount(f), body: SITE }),
  },
  {
    name: 'update a website',
    method: 'PUT',
    expected: websiteWrite(200),
    prepare: async (ctx, f) => ({
      url: `/api/website/${await createSite(ctx, f)}`,
      headers: inAccount(f),
      body: { ...SITE, name: 'Renamed' },
    }),
  },
  {
    name: 'delete a website',
    method: 'DELETE',
    expected: websiteWrite(204),
    perActor: true,
    prepare: async (ctx, f) => ({ url: `/api/website/${await createSite(ctx, f)}`, headers: inAccount(f) }),
  },
  {
    name: 'upload a website image',
    method: 'POST',
    expected: websiteWrite(200),
    prepare: async (_, f) => {
      const upload = pngUpload();
      return {
        url: '/api/website/upload-image',
        body: upload.body,
        headers: { ...inAccount(f), ...upload.headers },
      };
    },
  },
  {
    name: 'list my accounts',
    method: 'GET',
    expected: anyUser(200),
    prepare: async () => ({ url: '/api/accounts' }),
  },
  {
    name: 'submit a review',
    method: 'POST',
    expected: anyUser(201),
    prepare: async () => ({ url: '/api/review', body: { rating: 4, reviewText: 'Handy' } }),
  },
  {
    name: 'see my own credits',
    method: 'GET',
    expected: anyUser(200),
    prepare: async () => ({ url: '/api/review/credits/me' }),
  },
  {
    name: 'create an account',
    method: 'POST',
    expected: anyUser(201),
    prepare: async () => ({ url: '/api/accounts', body: { name: 'Side business', industry: 'retail' } }),
  },
  {
    name: 'list account users',
    method: 'GET',
    expected: memberRead,
    prepare: async (_, f) => ({ url: `/api/accounts/${f.accountId}/users` }),
  },
  {
    name: 'list account roles',
    method: 'GET',
    expected: memberRead,
    prepare: async (_, f) => ({ url: `/api/accounts/${f.accountId}/roles` }),
  },
  {
    name: 'list pending invitations',
    method: 'GET',
    expected: memberRead,
    prepare: async (_, f) => ({ url: `/api/accounts/${f.accountId}/invitations` }),
  },
  {
    name: 'invite a new address',
    method: 'POST',
    expected: accountAdminWrite(200),
    prepare: async (_, f) => ({
      url: `/api/accounts/${f.accountId}/users/invite-or-add`,
      body: { email: uniqueEmail('invitee'), roleName: 'User' },
    }),
  },
  {
    name: 'add an existing user',
    method: 'POST',
    expected: accountAdminWrite(200),
    prepare: async (ctx, f) => ({
      url: `/api/accounts/${f.accountId}/users/invite-or-add`,
      body: { email: (await ctx.register()).email, roleName: 'Admin' },
    }),
  },
  {
    name: 'change a member role',
    method: 'POST',
    expected: accountAdminWrite(200),
    prepare: async (ctx, f) => ({
      url: `/api/accounts/${f.accountId}/users/${(await addMember(ctx, f)).userId}`,
      body: { roleName: 'Admin' },
    }),
  },
  {
    name: 'remove a member',
    method: 'DELETE',
    expected: accountAdminWrite(204),
    prepare: async (ctx, f) => ({
      url: `/api/accounts/${f.accountId}/users/${(await addMember(ctx, f)).userId}`,
    }),
  },
  {
    name: 'revoke an invitation',
    method: 'DELETE',
    expected: accountAdminWrite(204),
    prepare: async (ctx, f) => {
      await ctx.call('POST', `/api/accounts/${f.accountId}/users/invite-or-add`, {
        token: f.sessions.accountAdmin.token,
        body: { email: uniqueEmail('revoked'), roleName: 'User' },
      });
      const [latest] = (
        await ctx.call('GET', `/api/accounts/${f.accountId}/invitations`, {
          token: f.sessions.accountAdmin.token,
        })
      ).json<Array<{ id: number }>>();
      return { url: `/api/accounts/${f.accountId}/invitations/${latest.id}` };
    },
  },
  {
    name: 'accept an invitation (an unknown token)',
    method: 'POST',
    expected: anyUser(404),
    prepare: async () => ({ url: '/api/invitations/accept', body: { token: 'x'.repeat(43) } }),
  },
  {
    name: 'admin: list users',
    method: 'GET',
    expected: platformAdminOnly(200),
    prepare: async () => ({ url: '/api/admin/users?page=0&pageSize=10' }),
  },
  {
    name: 'admin: change a user plan and status',
    method: 'PATCH',
    expected: platformAdminOnly(200),
    prepare: async (ctx) => ({
      url: `/api/admin/users/${(await ctx.register()).userId}`,
      body: { plan: 2, status: 'active' },
    }),
  },
  {
    name: 'admin: activity logs',
    method: 'GET',
    expected: platformAdminOnly(200),
    prepare: async () => ({ url: '/api/admin/activity-logs?type=auth.register' }),
  },
  {
    name: 'admin: job dashboard',
    method: 'GET',
    expected: platformAdminOnly(200),
    prepare: async () => ({ url: '/api/admin/jobs' }),
  },
  {
    name: 'admin: retry a job (none failed with that id)',
    method: 'POST',
    expected: platformAdminOnly(404),
    prepare: async () => ({ url: `/api/admin/jobs/purge-expired/${randomUUID()}/retry` }),
  },
  {
    name: 'admin: list reviews',
    method: 'GET',
    expected: platformAdminOnly(200),
    prepare: async () => ({ url: '/api/review/admin/reviews' }),
  },
  {
    name: 'admin: list credits',
    method: 'GET',
    expected: platformAdminOnly(200),
    prepare: async () => ({ url: '/api/review/admin/credits' }),
  },
  {
    name: 'admin: edit a credit entry',
    method: 'PUT',
    expected: platformAdminOnly(200),
    prepare: async (ctx) => {
      const reviewer = await ctx.register();
      await ctx.call('POST', '/api/review', { token: reviewer.token, body: { rating: 4 } });
      const entry = await ctx.db.one<{ id: number }>('select id from credit_ledger where user_id = $1', [
        reviewer.userId,
      ]);
      return { url: `/api/review/admin/credits/${entry?.id}`, body: { credits: 25, description: 'Bonus' } };
    },
  },
];

/**
 * The message a refused caller reads: no session; the admin area is for platform admins; account
 * routes are for members; and a member whose role falls short is told why (a Viewer may only view
 * where Users may act, else only Admins may).
 */
function refusal(route: Route, actor: Actor): string {
  if (actor === 'anonymous') return SESSION_EXPIRED;
  if (route.name.startsWith('admin:')) return PLATFORM_ADMIN_ONLY;
  if (actor === 'outsider' || actor === 'platformAdmin') return NOT_A_MEMBER;
  return route.expected.user < 300 ? VIEW_ONLY : ACCOUNT_ADMIN_ONLY;
}

// Everything a write could touch, as one comparable value (activity_logs excluded: denials are logged).
async function snapshot(ctx: TestContext): Promise<string> {
  const tables = {
    users: 'select id, email, role, plan, status, token_version from users order by id',
    accounts: 'select id, name, industry, description, is_active from accounts order by id',
    members: 'select account_id, user_id, role_name from account_members order by account_id, user_id',
    invitations:
      'select id, account_id, email, role_name, token_hash, accepted_at from invitations order by id',
    credits: 'select id, user_id, credits, description from credit_ledger order by id',
    websites: 'select id, account_id, name, yjs_state from websites order by id',
    uploads: 'select key, account_id from uploads order by key',
  };
  const parts: Record<string, unknown> = {};
  for (const [name, sql] of Object.entries(tables)) parts[name] = await ctx.db.query(sql);
  return JSON.stringify(parts);
}

describeEachDatabase(
  'role matrix',
  (ctx) => {
    let fixture: Fixture;

    beforeAll(async () => {
      const platformAdmin = await ctx.register({ email: ADMIN_EMAIL });
      expect(platformAdmin.role).toBe('admin');
      const accountAdmin = await ctx.register();
      const outsider = await ctx.register();
      const user = await ctx.register();
      const viewer = await ctx.register();
      fixture = {
        sessions: { platformAdmin, accountAdmin, outsider, user, viewer },
        accountId: accountAdmin.accountId,
      };
      for (const [member, roleName] of [
        [user, 'User'],
        [viewer, 'Viewer'],
      ] as const) {
        await ctx.call('POST', `/api/accounts/${fixture.accountId}/users/invite-or-add`, {
          token: accountAdmin.token,
          body: { email: member.email, roleName },
        });
      }
      // The platform admin and the outsider are no members of the account; the user is, as User, the viewer as Viewer.
      const members = await ctx.call('GET', `/api/accounts/${fixture.accountId}/users`, {
        token: accountAdmin.token,
      });
      expect(members.json().map((m: { userId: number; roleName: string }) => [m.userId, m.roleName])).toEqual(
        [
          [accountAdmin.userId, 'Admin'],
          [user.userId, 'User'],
          [viewer.userId, 'Viewer'],
        ],
      );
    });

    for (const route of ROUTES) {
      it(`${route.method} ${route.name}: ${JSON.stringify(route.expected)}`, async () => {
        // Refused callers first, so the allowed call comes last and its change cannot hide theirs.
        const actors = (Object.keys(route.expected) as Actor[]).sort(
          (a, b) => Number(route.expected[a] < 300) - Number(route.expected[b] < 300),
        );
        let prepared = await route.prepare(ctx, fixture);
        for (const actor of actors) {
          if (route.perActor) prepared = await route.prepare(ctx, fixture);
          const { url, body, headers } = prepared;
          const before = await snapshot(ctx);
          const token = actor === 'anonymous' ? undefined : fixture.sessions[actor].token;
          const response = await ctx.call(route.method, url, { token, body, headers });
          expect(response.statusCode, `${actor}: ${response.body}`).toBe(route.expected[actor]);
          if (response.statusCode === 401 || response.statusCode === 403) {
            expect(response.json().message, actor).toBe(refusal(route, actor));
            if (route.method !== 'GET') expect(await snapshot(ctx), `${actor} changed data`).toBe(before);
          }
        }
      });
    }

    it('every refusal by role is in the activity log, with who and where but no query string', async () => {
      await ctx.call('GET', '/api/admin/users?search=secret', { token: fixture.sessions.user.token });
      const entry = await ctx.db.one<{ user_id: number; details: Record<string, string> }>(
        "select user_id, details from activity_logs where type = 'access.denied' order by id desc limit 1",
      );
      expect(entry).toEqual({
        user_id: fixture.sessions.user.userId,
        details: { method: 'GET', path: '/api/admin/users', reason: 'Only a platform admin can do this' },
      });
    });
  },
  { jobs: () => ({}) },
);
