import { SignJWT } from 'jose';
import pg from 'pg';
import { expect, it } from 'vitest';
import { describeEachDatabase, TEST_JWT_SECRET, uniqueEmail } from './harness.ts';

const key = new TextEncoder().encode(TEST_JWT_SECRET);

describeEachDatabase('user: me and the session checks', (ctx) => {
  it('GET /api/user/me answers the user and the resolved account', async () => {
    const session = await ctx.register({ name: 'Mia' });
    const response = await ctx.call('GET', '/api/user/me', { token: session.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: session.userId,
      email: session.email,
      name: 'Mia',
      role: session.role,
      plan: 0,
      status: 'trial',
      accountId: session.accountId,
    });
  });

  it('role, plan and status come from the database, not the token', async () => {
    const session = await ctx.register();
    await ctx.db.query("update users set role = 'admin', plan = 2, status = 'active' where id = $1", [
      session.userId,
    ]);
    const me = await ctx.call('GET', '/api/user/me', { token: session.token });
    expect(me.json()).toMatchObject({ role: 'admin', plan: 2, status: 'active' });
  });

  it('a change to the user or a membership applies on the very next request, after requests that read them', async () => {
    const session = await ctx.register();
    const headers = { 'x-account-id': String(session.accountId) };
    for (let i = 0; i < 3; i++) {
      const warm = await ctx.call('GET', '/api/user/me', { token: session.token, headers });
      expect(warm.json()).toMatchObject({ role: session.role, plan: 0, accountId: session.accountId });
    }
    await ctx.db.query('update users set plan = 1 where id = $1', [session.userId]);
    const changed = await ctx.call('GET', '/api/user/me', { token: session.token, headers });
    expect(changed.json()).toMatchObject({ plan: 1 });
    await ctx.db.query('delete from account_members where user_id = $1', [session.userId]);
    const removed = await ctx.call('GET', '/api/user/me', { token: session.token, headers });
    expect(removed.statusCode).toBe(403);
  });

  // Only PostgreSQL has other processes: PGlite's one connection is this server's.
  it.runIf(ctx.kind === 'postgres')(
    'on PostgreSQL, a change made by another process applies as soon as its notification arrives',
    async () => {
      const session = await ctx.register();
      const warm = await ctx.call('GET', '/api/user/me', { token: session.token });
      expect(warm.json()).toMatchObject({ plan: 0 });
      // Another process: a connection of its own, not this server's pool, so only the notification can tell.
      const other = new pg.Client({ connectionString: ctx.databaseUrl ?? '' });
      await other.connect();
      try {
        await other.query('update users set plan = 2 where id = $1', [session.userId]);
        await expect
          .poll(async () => (await ctx.call('GET', '/api/user/me', { token: session.token })).json().plan, {
            timeout: 5000,
          })
          .toBe(2);
        await other.query('update users set token_version = token_version + 1 where id = $1', [
          session.userId,
        ]);
        await expect
          .poll(async () => (await ctx.call('GET', '/api/user/me', { token: session.token })).statusCode, {
            timeout: 5000,
          })
          .toBe(401);
      } finally {
        await other.end();
      }
    },
  );

  it('refuses missing, malformed, foreign, expired and orphaned tokens with 401 "Session expired"', async () => {
    const session = await ctx.register();
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: Record<string, unknown>, secret = key) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const expired = await sign({ sub: String(session.userId), ver: 0, iat: now - 100, exp: now - 10 });
    const otherSecret = await sign(
      { sub: String(session.userId), ver: 0, iat: now, exp: now + 60 },
      new TextEncoder().encode('another-secret-another-secret-another-secret'),
    );
    const noVersion = await sign({ sub: String(session.userId), iat: now, exp: now + 60 });
    const ghost = await sign({ sub: '999999', ver: 0, iat: now, exp: now + 60 });
    const [header, payload] = session.token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: '1', ver: 0, exp: now + 60 })).toString('base64url')}.${session.token.split('.')[2]}`;

    const cases: [string, Record<string, string>][] = [
      ['no header', {}],
      ['not bearer', { authorization: `Basic ${session.token}` }],
      ['garbage', { authorization: 'Bearer not.a.token' }],
      ['expired', { authorization: `Bearer ${expired}` }],
      ['other secret', { authorization: `Bearer ${otherSecret}` }],
      ['no version', { authorization: `Bearer ${noVersion}` }],
      ['unknown user', { authorization: `Bearer ${ghost}` }],
      ['alg none', { authorization: `Bearer ${unsigned}` }],
      ['tampered', { authorization: `Bearer ${tampered}` }],
    ];
    for (const [label, headers] of cases) {
      const response = await ctx.call('GET', '/api/user/me', { headers });
      expect(response.statusCode, label).toBe(401);
      expect(response.json(), label).toEqual({ message: 'Session expired' });
    }
  });

  it('a token signed by an independent JWT library with our secret is accepted (the checks above are real)', async () => {
    const session = await ctx.register();
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ sub: String(session.userId), ver: 0, iat: now, exp: now + 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    const response = await ctx.call('GET', '/api/user/me', { headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json().userId).toBe(session.userId);
  });

  it('an expired session is a 401 before the body is looked at', async () => {
    const response = await ctx.call('PUT', '/api/user/profile', { body: { nonsense: true } });
    expect(response.statusCode).toBe(401);
  });
});

describeEachDatabase('user: the account header', (ctx) => {
  it('missing → the first account joined; a member account → that one', async () => {
    const owner = await ctx.register();
    const other = await ctx.register();
    // `other` joins owner's account later than their own.
    await ctx.db.query(
      "insert into account_members (account_id, user_id, role_name, joined_at) values ($1, $2, 'User', now() + interval '1 second')",
      [owner.accountId, other.userId],
    );
    const byDefault = await ctx.call('GET', '/api/user/me', { token: other.token });
    expect(byDefault.json().accountId).toBe(other.accountId);
    const chosen = await ctx.call('GET', '/api/user/me', {
      token: other.token,
      headers: { 'x-account-id': String(owner.accountId) },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().accountId).toBe(owner.accountId);
  });

  it('an account the user does not belong to is a 403', async () => {
    const owner = await ctx.register();
    const stranger = await ctx.register();
    for (const id of [owner.accountId, 2_000_000_000]) {
      const response = await ctx.call('GET', '/api/user/me', {
        token: stranger.token,
        headers: { 'x-account-id': String(id) },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You do not have access to this account' });
    }
  });

  it('a header that is not a positive integer is a 400', async () => {
    const session = await ctx.register();
    for (const value of ['abc', '0', '-1', '1.5', '', ' ', '99999999999', '1e3', '0x10']) {
      const response = await ctx.call('GET', '/api/user/me', {
        token: session.token,
        headers: { 'x-account-id': value },
      });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(response.json()).toEqual({ message: 'X-Account-Id must be a positive integer' });
    }
  });

  it('a user with no account gets accountId null', async () => {
    const session = await ctx.register();
    await ctx.db.query('delete from account_members where user_id = $1', [session.userId]);
    const me = await ctx.call('GET', '/api/user/me', { token: session.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().accountId).toBeNull();
  });
});

describeEachDatabase('user: profile', (ctx) => {
  it('updates name and email (trimmed, lowercased) and answers the user', async () => {
    const session = await ctx.register();
    const email = uniqueEmail('renamed');
    const response = await ctx.call('PUT', '/api/user/profile', {
      token: session.token,
      body: { name: '  New Name ', email: ` ${email.toUpperCase()} `, currentPassword: session.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: session.userId,
      email,
      name: 'New Name',
      role: session.role,
      plan: 0,
      status: 'trial',
      accountId: session.accountId,
    });
    const login = await ctx.call('POST', '/api/auth/login', { body: { email, password: session.password } });
    expect(login.statusCode).toBe(200);
  });

  it("keeping the own email is fine; another user's email is a 409", async () => {
    const session = await ctx.register();
    const other = await ctx.register();
    const same = await ctx.call('PUT', '/api/user/profile', {
      token: session.token,
      body: { name: 'Same', email: session.email },
    });
    expect(same.statusCode).toBe(200);
    const taken = await ctx.call('PUT', '/api/user/profile', {
      token: session.token,
      body: { name: 'Thief', email: other.email.toUpperCase(), currentPassword: session.password },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it.each([
    [{ name: 'x' }, 'email is required'],
    [{ email: 'a@example.com' }, 'name is required'],
    [{ name: '   ', email: 'a@example.com' }, 'name must not be empty'],
    [{ name: 'x', email: 'nope' }, 'email must be a valid email address'],
    [{ name: 'x', email: 'a@example.com', role: 'admin' }, 'Unknown field "role"'],
    [{ name: 42, email: 'a@example.com' }, 'name must be a string'],
  ])('rejects %j with 400', async (body, message) => {
    const session = await ctx.register();
    const response = await ctx.call('PUT', '/api/user/profile', { token: session.token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describeEachDatabase('user: change password', (ctx) => {
  it('changes the password, revokes older tokens and returns a working one', async () => {
    const session = await ctx.register();
    const response = await ctx.call('POST', '/api/user/change-password', {
      token: session.token,
      body: { currentPassword: session.password, newPassword: 'brand-new-pass' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ message: 'Password changed successfully', token: expect.any(String) });

    expect((await ctx.call('GET', '/api/user/me', { token: session.token })).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/user/me', { token: body.token })).statusCode).toBe(200);

    const oldLogin = await ctx.call('POST', '/api/auth/login', {
      body: { email: session.email, password: session.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await ctx.call('POST', '/api/auth/login', {
      body: { email: session.email, password: 'brand-new-pass' },
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('a wrong current password is a 400 and changes nothing', async () => {
    const session = await ctx.register();
    const response = await ctx.call('POST', '/api/user/change-password', {
      token: session.token,
      body: { currentPassword: 'not-my-password', newPassword: 'brand-new-pass' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Current password is incorrect' });
    expect((await ctx.call('GET', '/api/user/me', { token: session.token })).statusCode).toBe(200);
  });

  it('a new password equal to the current one is a 400 and changes nothing', async () => {
    const session = await ctx.register();
    const stored = () =>
      ctx.db.query<{ password_hash: string; token_version: number }>(
        'select password_hash, token_version from users where id = $1',
        [session.userId],
      );
    const before = await stored();
    const response = await ctx.call('POST', '/api/user/change-password', {
      token: session.token,
      body: { currentPassword: session.password, newPassword: session.password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The new password must be different from the current one.' });

    // No new hash, no token-version bump, nothing logged: the session goes on and the password still signs in.
    expect(await stored()).toEqual(before);
    const logged = await ctx.db.query(
      "select 1 from activity_logs where user_id = $1 and type = 'user.password_changed'",
      [session.userId],
    );
    expect(logged).toEqual([]);
    expect((await ctx.call('GET', '/api/user/me', { token: session.token })).statusCode).toBe(200);
    const login = await ctx.call('POST', '/api/auth/login', {
      body: { email: session.email, password: session.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: 'whatever' }, 'newPassword is required'],
    [{ newPassword: 'whatever' }, 'currentPassword is required'],
    [{ currentPassword: 'whatever', newPassword: 'short' }, 'newPassword must be at least 6 characters'],
    [{ currentPassword: 'whatever', newPassword: 'long-enough', confirm: 'x' }, 'Unknown field "confirm"'],
  ])('rejects %j with 400', async (body, message) => {
    const session = await ctx.register();
    const response = await ctx.call('POST', '/api/user/change-password', { token: session.token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('needs a valid token', async () => {
    const response = await ctx.call('POST', '/api/user/change-password', {
      body: { currentPassword: 'whatever', newPassword: 'whatever-else' },
    });
    expect(response.statusCode).toBe(401);
  });
});
