import { expect, it } from 'vitest';
import { describeEachDatabase, type Session, type TestContext } from './harness.ts';

async function add(ctx: TestContext, owner: Session, accountId: number, email: string, roleName = 'User') {
  return ctx.call('POST', `/api/accounts/${accountId}/users/invite-or-add`, {
    token: owner.token,
    body: { email, roleName },
  });
}

describeEachDatabase('accounts and members', (ctx) => {
  it('creates an account with its creator as Admin, trimmed, description optional', async () => {
    const owner = await ctx.register();
    const created = await ctx.call('POST', '/api/accounts', {
      token: owner.token,
      body: { name: '  Rosa Catering ', industry: 'retail' },
    });
    expect(created.statusCode).toBe(201);
    const account = created.json<{ id: number }>();
    expect(account).toEqual({
      id: expect.any(Number),
      name: 'Rosa Catering',
      industry: 'retail',
      description: '',
      isActive: true,
    });
    const users = await ctx.call('GET', `/api/accounts/${account.id}/users`, { token: owner.token });
    expect(users.json()).toEqual([
      {
        id: expect.any(Number),
        userId: owner.userId,
        userName: expect.any(String),
        userEmail: owner.email,
        roleName: 'Admin',
        joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const mine = await ctx.call('GET', '/api/accounts', { token: owner.token });
    expect(mine.json().map((a: { id: number }) => a.id)).toEqual([owner.accountId, account.id]);
  });

  it.each([
    [{ industry: 'retail' }, 'name is required'],
    [{ name: '   ', industry: 'retail' }, 'name must not be empty'],
    [{ name: 'Shop' }, 'industry is required'],
    [
      { name: 'Shop', industry: 'space' },
      'industry must be one of: technology, healthcare, finance, retail, consulting, other',
    ],
    [{ name: 'Shop', industry: 'retail', isActive: false }, 'Unknown field "isActive"'],
  ])('refuses account %j with 400', async (body, message) => {
    const owner = await ctx.register();
    const response = await ctx.call('POST', '/api/accounts', { token: owner.token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('offers the roles User, Admin and Viewer', async () => {
    const owner = await ctx.register();
    const roles = await ctx.call('GET', `/api/accounts/${owner.accountId}/roles`, { token: owner.token });
    expect(roles.json()).toEqual(
      expect.arrayContaining([
        { id: expect.any(Number), name: 'User' },
        { id: expect.any(Number), name: 'Admin' },
        { id: expect.any(Number), name: 'Viewer' },
      ]),
    );
  });

  it('adds a Viewer, who sees the account and its websites but may not change them', async () => {
    const owner = await ctx.register();
    const viewer = await ctx.register();
    expect((await add(ctx, owner, owner.accountId, viewer.email, 'Viewer')).statusCode).toBe(200);
    const headers = { 'x-account-id': String(owner.accountId) };
    const site = await ctx.call('POST', '/api/website/save', {
      token: owner.token,
      headers,
      body: { name: 'Shop', yjsState: 'AAA=' },
    });
    const { id } = site.json<{ id: number }>();
    const users = await ctx.call('GET', `/api/accounts/${owner.accountId}/users`, { token: viewer.token });
    expect(users.json().map((u: { roleName: string }) => u.roleName)).toEqual(['Admin', 'Viewer']);
    expect((await ctx.call('GET', `/api/website/${id}`, { token: viewer.token, headers })).statusCode).toBe(
      200,
    );
    const refused = await ctx.call('PUT', `/api/website/${id}`, {
      token: viewer.token,
      headers,
      body: { name: 'Mine now' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Your role in this account can only view' });
    for (const [method, path, body] of [
      ['POST', `/api/website/${id}/publish`, { subdomain: 'viewer-shop' }],
      ['DELETE', `/api/website/${id}/publish`, undefined],
      ['DELETE', `/api/website/${id}`, undefined],
    ] as const) {
      const response = await ctx.call(method, path, { token: viewer.token, headers, body });
      expect(response.statusCode, `${method} ${path}`).toBe(403);
    }
    // Promoted to User, the same call goes through.
    const url = `/api/accounts/${owner.accountId}/users/${viewer.userId}`;
    expect((await ctx.call('POST', url, { token: owner.token, body: { roleName: 'User' } })).statusCode).toBe(
      200,
    );
    const allowed = await ctx.call('PUT', `/api/website/${id}`, {
      token: viewer.token,
      headers,
      body: { name: 'Renamed by a User' },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('adds an existing user at once (any case of the address), and refuses a second time or an unknown role', async () => {
    const owner = await ctx.register();
    const colleague = await ctx.register();
    const added = await add(ctx, owner, owner.accountId, colleague.email.toUpperCase());
    expect(added.json()).toEqual({ wasExistingUser: true });
    const again = await add(ctx, owner, owner.accountId, colleague.email, 'Admin');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This user is already a member of this account' });
    const unknownRole = await add(ctx, owner, owner.accountId, 'someone@example.com', 'Owner');
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().message).toBe('roleName must be one of the account roles (got "Owner")');
    const noEmail = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
      token: owner.token,
      body: { roleName: 'User' },
    });
    expect(noEmail.json()).toEqual({ message: 'email is required' });
  });

  it('role changes and removals apply on the member’s very next request', async () => {
    const owner = await ctx.register();
    const member = await ctx.register();
    await add(ctx, owner, owner.accountId, member.email);
    const header = { 'x-account-id': String(owner.accountId) };

    const asUser = await add(ctx, member, owner.accountId, 'friend@example.com');
    expect(asUser.statusCode).toBe(403);

    const promoted = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/${member.userId}`, {
      token: owner.token,
      body: { roleName: 'Admin' },
    });
    expect(promoted.json()).toMatchObject({ userId: member.userId, roleName: 'Admin' });
    expect((await add(ctx, member, owner.accountId, 'friend@example.com')).statusCode).toBe(200);

    const removed = await ctx.call('DELETE', `/api/accounts/${owner.accountId}/users/${member.userId}`, {
      token: owner.token,
    });
    expect(removed.statusCode).toBe(204);
    const after = await ctx.call('GET', `/api/accounts/${owner.accountId}/users`, { token: member.token });
    expect(after.statusCode).toBe(403);
    // The account header is checked against membership on every request too.
    const withHeader = await ctx.call('GET', '/api/user/me', { token: member.token, headers: header });
    expect(withHeader.statusCode).toBe(403);
  });

  it('the last Admin can be neither demoted nor removed; with a second Admin both work', async () => {
    const owner = await ctx.register();
    const url = `/api/accounts/${owner.accountId}/users/${owner.userId}`;
    const demote = await ctx.call('POST', url, { token: owner.token, body: { roleName: 'User' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ message: 'An account needs at least one Admin' });
    expect((await ctx.call('DELETE', url, { token: owner.token })).statusCode).toBe(409);

    const second = await ctx.register();
    await add(ctx, owner, owner.accountId, second.email, 'Admin');
    expect((await ctx.call('POST', url, { token: owner.token, body: { roleName: 'User' } })).statusCode).toBe(
      200,
    );
    const roles = await ctx.db.query<{ user_id: number; role_name: string }>(
      'select user_id, role_name from account_members where account_id = $1 order by user_id',
      [owner.accountId],
    );
    expect(roles).toEqual([
      { user_id: owner.userId, role_name: 'User' },
      { user_id: second.userId, role_name: 'Admin' },
    ]);
  });

  it('two Admins demoting each other at once leave one Admin', async () => {
    const first = await ctx.register();
    const second = await ctx.register();
    await add(ctx, first, first.accountId, second.email, 'Admin');
    const demote = (actor: Session, target: Session) =>
      ctx.call('POST', `/api/accounts/${first.accountId}/users/${target.userId}`, {
        token: actor.token,
        body: { roleName: 'User' },
      });

    const results = await Promise.all([demote(first, second), demote(second, first)]);

    // One wins; the other finds itself demoted (403) or its target the last Admin (409).
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await ctx.db.query(
      "select user_id from account_members where account_id = $1 and role_name = 'Admin'",
      [first.accountId],
    );
    expect(admins).toHaveLength(1);
  });

  it('a change to a non-member is a 404', async () => {
    const owner = await ctx.register();
    const stranger = await ctx.register();
    const response = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/${stranger.userId}`, {
      token: owner.token,
      body: { roleName: 'Admin' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'This user is not a member of this account' });
  });
});
