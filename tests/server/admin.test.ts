import { beforeAll, expect, it } from 'vitest';
import { ADMIN_EMAIL, DEFAULT_PASSWORD, describeEachDatabase, type Session, uniqueEmail } from './harness.ts';

type LogEntry = {
  type: string;
  userId: number | null;
  userEmail: string | null;
  details: Record<string, unknown>;
};

describeEachDatabase('admin area', (ctx) => {
  let admin: Session;

  beforeAll(async () => {
    admin = await ctx.register({ email: ADMIN_EMAIL });
  });

  const logsOf = async (query: string): Promise<{ items: LogEntry[]; totalCount: number }> => {
    const response = await ctx.call('GET', `/api/admin/activity-logs?${query}`, { token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('lists users newest first, paged and searchable', async () => {
    const prefix = `zeta-${Date.now()}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await ctx.register({ email: uniqueEmail(prefix) }));
    const page = await ctx.call('GET', `/api/admin/users?search=${prefix.toUpperCase()}&pageSize=2`, {
      token: admin.token,
    });
    expect(page.json()).toEqual({
      totalCount: 3,
      items: [made[2], made[1]].map((user) => ({
        id: user.userId,
        email: user.email,
        name: expect.any(String),
        role: 'user',
        plan: 0,
        status: 'trial',
        createdAt: expect.any(String),
      })),
    });
    const next = await ctx.call('GET', `/api/admin/users?search=${prefix}&pageSize=2&page=1`, {
      token: admin.token,
    });
    expect(next.json().items.map((u: { id: number }) => u.id)).toEqual([made[0].userId]);
    const bad = await ctx.call('GET', '/api/admin/users?pageSize=1000', { token: admin.token });
    expect(bad.statusCode).toBe(400);
  });

  it('changes role, plan and status; the change applies on the user’s next request and is logged', async () => {
    const user = await ctx.register();
    const response = await ctx.call('PATCH', `/api/admin/users/${user.userId}`, {
      token: admin.token,
      body: { role: 'admin', plan: 1, status: 'active' },
    });
    expect(response.json()).toMatchObject({ id: user.userId, role: 'admin', plan: 1, status: 'active' });
    const me = await ctx.call('GET', '/api/user/me', { token: user.token });
    expect(me.json()).toMatchObject({ role: 'admin', plan: 1, status: 'active' });
    expect((await ctx.call('GET', '/api/admin/users', { token: user.token })).statusCode).toBe(200);

    const demoted = await ctx.call('PATCH', `/api/admin/users/${user.userId}`, {
      token: admin.token,
      body: { role: 'user' },
    });
    expect(demoted.statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/admin/users', { token: user.token })).statusCode).toBe(403);

    const logs = await logsOf(`type=admin.user_updated&userId=${admin.userId}&pageSize=2`);
    expect(logs.items[0].details).toEqual({
      targetUserId: user.userId,
      targetEmail: user.email,
      role: 'admin → user',
    });
    expect(logs.items[1].details).toEqual({
      targetUserId: user.userId,
      targetEmail: user.email,
      role: 'user → admin',
      plan: '0 → 1',
      status: 'trial → active',
    });
  });

  it('the last admin cannot demote themselves; with another admin they can', async () => {
    await ctx.db.query("update users set role = 'user' where role = 'admin' and id <> $1", [admin.userId]);
    const self = await ctx.call('PATCH', `/api/admin/users/${admin.userId}`, {
      token: admin.token,
      body: { role: 'user' },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: 'The last admin cannot be demoted' });
    expect((await ctx.db.one('select role from users where id = $1', [admin.userId])) as object).toEqual({
      role: 'admin',
    });

    const deputy = await ctx.register();
    await ctx.call('PATCH', `/api/admin/users/${deputy.userId}`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    const stepDown = await ctx.call('PATCH', `/api/admin/users/${admin.userId}`, {
      token: admin.token,
      body: { role: 'user' },
    });
    expect(stepDown.statusCode).toBe(200);
    await ctx.call('PATCH', `/api/admin/users/${admin.userId}`, {
      token: deputy.token,
      body: { role: 'admin' },
    });
  });

  it.each([
    [{}, 'Request body must name at least one field'],
    [{ role: 'owner' }, 'role must be one of: user, admin'],
    [{ plan: 3 }, 'plan must be one of: 0, 1, 2'],
    [{ status: 'gone' }, 'status must be one of: trial, active, expired'],
    [{ email: 'x@example.com' }, 'Unknown field "email"'],
  ])('refuses user change %j with 400', async (body, message) => {
    const response = await ctx.call('PATCH', `/api/admin/users/${admin.userId}`, {
      token: admin.token,
      body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('lists reviews and credits, and edits a credit entry (logged)', async () => {
    const reviewer = await ctx.register({ name: 'Rita' });
    await ctx.call('POST', '/api/review', {
      token: reviewer.token,
      body: { rating: 4, reviewText: 'Lovely', email: null },
    });
    const reviews = await ctx.call('GET', '/api/review/admin/reviews', { token: admin.token });
    expect(reviews.json()[0]).toEqual({
      id: expect.any(Number),
      userName: 'Rita',
      userEmail: reviewer.email,
      rating: 4,
      reviewText: 'Lovely',
      createdAt: expect.any(String),
    });
    const credits = await ctx.call('GET', '/api/review/admin/credits?limit=1', { token: admin.token });
    const [entry] = credits.json();
    expect(entry).toMatchObject({
      userName: 'Rita',
      userEmail: reviewer.email,
      credits: 10,
      source: 'review',
    });

    const edited = await ctx.call('PUT', `/api/review/admin/credits/${entry.id}`, {
      token: admin.token,
      body: { credits: -5, description: ' Correction ' },
    });
    expect(edited.json()).toMatchObject({
      id: entry.id,
      credits: -5,
      description: 'Correction',
      source: 'review',
    });
    const [log] = (await logsOf('type=admin.credit_updated&pageSize=1')).items;
    expect(log.details).toEqual({ creditId: entry.id, targetEmail: reviewer.email, credits: '10 → -5' });

    const missing = await ctx.call('PUT', '/api/review/admin/credits/999999', {
      token: admin.token,
      body: { credits: 1, description: '' },
    });
    expect(missing.statusCode).toBe(404);
    const fractional = await ctx.call('PUT', `/api/review/admin/credits/${entry.id}`, {
      token: admin.token,
      body: { credits: 1.5, description: '' },
    });
    expect(fractional.json()).toEqual({ message: 'credits must be an integer' });
  });

  it('logs sign-ins, failed sign-ins, account and member changes, and never a secret', async () => {
    const email = uniqueEmail('logged');
    const user = await ctx.register({ email });
    await ctx.call('POST', '/api/auth/login', { body: { email, password: 'wrong password' } });
    await ctx.call('POST', '/api/auth/login', { body: { email, password: DEFAULT_PASSWORD } });
    const account = await ctx.call('POST', '/api/accounts', {
      token: user.token,
      body: { name: 'Logged Co', industry: 'other' },
    });
    const invited = await ctx.call('POST', `/api/accounts/${account.json().id}/users/invite-or-add`, {
      token: user.token,
      body: { email: uniqueEmail('guest'), roleName: 'User' },
    });
    const link = invited.json().invitationLink as string;

    const logs = await logsOf(`email=${email}`);
    expect(logs.items.map((entry) => entry.type)).toEqual([
      'member.invited',
      'account.created',
      'auth.login',
      'auth.login_failed',
      'auth.register',
    ]);
    expect(logs.items.every((entry) => entry.userId === user.userId)).toBe(true);
    const stored = JSON.stringify(await ctx.db.query('select * from activity_logs'));
    expect(stored).not.toContain('wrong password');
    expect(stored).not.toContain(DEFAULT_PASSWORD);
    expect(stored).not.toContain(link.split('#')[1]);
    expect(stored).not.toContain(user.token);
  });

  it('pages and filters the activity log by user and type', async () => {
    const user = await ctx.register();
    for (let i = 0; i < 3; i++) {
      await ctx.call('POST', '/api/auth/login', { body: { email: user.email, password: 'nope' } });
    }
    const first = await logsOf(`userId=${user.userId}&type=auth.login_failed&pageSize=2`);
    expect(first.totalCount).toBe(3);
    expect(first.items).toHaveLength(2);
    const second = await logsOf(`userId=${user.userId}&type=auth.login_failed&pageSize=2&page=1`);
    expect(second.items).toHaveLength(1);
    const unknownType = await ctx.call('GET', '/api/admin/activity-logs?type=nonsense', {
      token: admin.token,
    });
    expect(unknownType.statusCode).toBe(400);
  });

  it('/hangfire is the app page the Admin dashboard frames: same-origin framing there, nowhere else', async () => {
    const page = await ctx.call('GET', '/hangfire');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const other = await ctx.call('GET', '/login');
    expect(other.headers['x-frame-options']).toBe('DENY');
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('without a running job engine the job dashboard says so', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/jobs',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'The job engine is not running' });
  });
});
