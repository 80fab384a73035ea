import { expect, it } from 'vitest';
import { ADMIN_EMAIL, DEFAULT_PASSWORD, describeEachDatabase, uniqueEmail } from './harness.ts';

describeEachDatabase('auth: register', (ctx) => {
  it('the first user ever is admin; later users are not', async () => {
    await ctx.truncateAll();
    const first = await ctx.register();
    const second = await ctx.register();
    expect(first.role).toBe('admin');
    expect(second.role).toBe('user');
  });

  it('answers the session shape and creates a personal account the user administers', async () => {
    const email = uniqueEmail('ada');
    const response = await ctx.call('POST', '/api/auth/register', {
      body: { email, password: DEFAULT_PASSWORD, name: '  Ada Lovelace ' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      userId: expect.any(Number),
      email,
      name: 'Ada Lovelace',
      role: 'user',
      plan: 0,
      status: 'trial',
      accountId: expect.any(Number),
      token: expect.any(String),
    });
    const [member] = await ctx.db.query<{ role_name: string; name: string }>(
      `select m.role_name, a.name from account_members m join accounts a on a.id = m.account_id
       where m.user_id = $1`,
      [body.userId],
    );
    expect(member).toEqual({ role_name: 'Admin', name: "Ada Lovelace's account" });
  });

  it('trims and lowercases the email; the name defaults to the part before the @', async () => {
    const local = `Grace-${Date.now()}`;
    const response = await ctx.call('POST', '/api/auth/register', {
      body: { email: `  ${local}@Example.COM `, password: DEFAULT_PASSWORD },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: `${local.toLowerCase()}@example.com`,
      name: local.toLowerCase(),
    });
  });

  it('a blank name also defaults to the part before the @', async () => {
    const session = await ctx.register({ email: uniqueEmail('blank'), name: '   ' });
    const me = await ctx.call('GET', '/api/user/me', { token: session.token });
    expect(me.json().name).toBe(session.email.split('@')[0]);
  });

  it('an address in ADMIN_EMAILS is admin', async () => {
    await ctx.register(); // make sure this is not the first user
    const boss = await ctx.register({ email: ADMIN_EMAIL.toUpperCase() });
    expect(boss.role).toBe('admin');
  });

  it('stores an argon2id hash, never the password', async () => {
    const session = await ctx.register();
    const row = await ctx.db.one<{ password_hash: string }>('select password_hash from users where id = $1', [
      session.userId,
    ]);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(DEFAULT_PASSWORD);
  });

  it('a duplicate email (in any case) is a 409', async () => {
    const email = uniqueEmail('dup');
    await ctx.register({ email });
    const again = await ctx.call('POST', '/api/auth/register', {
      body: { email: email.toUpperCase(), password: DEFAULT_PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it('parallel registrations of one email create one user', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        ctx.call('POST', '/api/auth/register', { body: { email, password: DEFAULT_PASSWORD } }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await ctx.db.query('select id from users where email = $1', [email]);
    expect(rows).toHaveLength(1);
  });

  it('the role cannot be chosen in the body', async () => {
    const response = await ctx.call('POST', '/api/auth/register', {
      body: { email: uniqueEmail(), password: DEFAULT_PASSWORD, role: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Unknown field "role"' });
  });

  it.each([
    [{ password: DEFAULT_PASSWORD }, 'email is required'],
    [{ email: 'x@example.com' }, 'password is required'],
    [{ email: 'not-an-email', password: DEFAULT_PASSWORD }, 'email must be a valid email address'],
    [{ email: 'a b@example.com', password: DEFAULT_PASSWORD }, 'email must be a valid email address'],
    [{ email: 'x@example.com', password: '12345' }, 'password must be at least 6 characters'],
    [{ email: 'x@example.com', password: 'x'.repeat(129) }, 'password must be at most 128 characters'],
    [{ email: 'x@example.com', password: 123456 }, 'password must be a string'],
    [{ email: ['x@example.com'], password: DEFAULT_PASSWORD }, 'email must be a string'],
    [
      { email: 'x@example.com', password: DEFAULT_PASSWORD, name: 'n'.repeat(101) },
      'name must be at most 100 characters',
    ],
  ])('rejects %j with 400', async (body, message) => {
    const response = await ctx.call('POST', '/api/auth/register', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describeEachDatabase('auth: login and logout', (ctx) => {
  it('signs in with the same shape as register, email in any case', async () => {
    const session = await ctx.register();
    const response = await ctx.call('POST', '/api/auth/login', {
      body: { email: ` ${session.email.toUpperCase()} `, password: session.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: session.userId,
      email: session.email,
      name: expect.any(String),
      role: session.role,
      plan: 0,
      status: 'trial',
      accountId: session.accountId,
      token: expect.any(String),
    });
  });

  it('a wrong password and an unknown email get the same 401', async () => {
    const session = await ctx.register();
    const wrong = await ctx.call('POST', '/api/auth/login', {
      body: { email: session.email, password: 'wrong-password' },
    });
    const unknown = await ctx.call('POST', '/api/auth/login', {
      body: { email: uniqueEmail('nobody'), password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('validates the body', async () => {
    for (const body of [
      {},
      { email: 'x@example.com' },
      { email: 'bad', password: 'whatever' },
      { password: 'x' },
    ]) {
      const response = await ctx.call('POST', '/api/auth/login', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    const extra = await ctx.call('POST', '/api/auth/login', {
      body: { email: 'x@example.com', password: 'whatever', remember: true },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('after 10 failures from one IP the 11th try is 429 even with the right password; other IPs are not', async () => {
    const session = await ctx.register();
    const ip = '203.0.113.7';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await ctx.call('POST', '/api/auth/login', {
        body: { email: session.email, password: `wrong-${attempt}` },
        remoteAddress: ip,
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const eleventh = await ctx.call('POST', '/api/auth/login', {
      body: { email: session.email, password: session.password },
      remoteAddress: ip,
    });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });

    const otherIp = await ctx.call('POST', '/api/auth/login', {
      body: { email: session.email, password: session.password },
      remoteAddress: '198.51.100.1',
    });
    expect(otherIp.statusCode).toBe(200);
  });

  it('failures older than 15 minutes do not count', async () => {
    const session = await ctx.register();
    const ip = '203.0.113.8';
    await ctx.db.query(
      `insert into login_failures (email, ip, failed_at)
       select $1, $2, now() - interval '16 minutes' from generate_series(1, 10)`,
      [session.email, ip],
    );
    const response = await ctx.call('POST', '/api/auth/login', {
      body: { email: session.email, password: session.password },
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(200);
  });

  it('a successful sign-in clears that email and IP failures', async () => {
    const session = await ctx.register();
    const ip = '203.0.113.9';
    const fail = () =>
      ctx.call('POST', '/api/auth/login', {
        body: { email: session.email, password: 'nope-nope' },
        remoteAddress: ip,
      });
    for (let attempt = 0; attempt < 9; attempt += 1) await fail();
    const ok = await ctx.call('POST', '/api/auth/login', {
      body: { email: session.email, password: session.password },
      remoteAddress: ip,
    });
    expect(ok.statusCode).toBe(200);
    for (let attempt = 0; attempt < 9; attempt += 1) expect((await fail()).statusCode).toBe(401);
  });

  it('a sign-in runs two statements beside the verify: the attempt with the user row, then the clearing with its log entry', async () => {
    const session = await ctx.register();
    const db = ctx.db as unknown as Record<'query' | 'one' | 'exec' | 'transaction', unknown>;
    const originals = { query: db.query, one: db.one, exec: db.exec, transaction: db.transaction };
    const statements: string[] = [];
    // A counting wrapper around the app's own database object (the routes call these very methods).
    for (const method of ['query', 'one', 'exec', 'transaction'] as const) {
      const original = originals[method] as (...args: unknown[]) => Promise<unknown>;
      db[method] = (...args: unknown[]) => {
        statements.push(method === 'transaction' ? 'transaction' : String(args[0]).trim().slice(0, 60));
        return original(...args);
      };
    }
    let response: Awaited<ReturnType<typeof ctx.call>>;
    try {
      response = await ctx.call('POST', '/api/auth/login', {
        body: { email: session.email, password: session.password },
        remoteAddress: '198.51.100.77',
      });
    } finally {
      Object.assign(db, originals);
    }
    expect(response.statusCode).toBe(200);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/^select a\.attempt_id/);
    expect(statements[1]).toMatch(/^with cleared as \(delete from login_failures/);
    // The activity trail still has the sign-in.
    const [entry] = await ctx.db.query<{ type: string; ip: string }>(
      `select type, ip from activity_logs where user_id = $1 and type = 'auth.login' order by id desc limit 1`,
      [session.userId],
    );
    expect(entry).toEqual({ type: 'auth.login', ip: '198.51.100.77' });
  });

  it('logout revokes every token issued before it', async () => {
    const session = await ctx.register();
    const login = await ctx.call('POST', '/api/auth/login', {
      body: { email: session.email, password: session.password },
    });
    const second = login.json().token as string;
    expect((await ctx.call('GET', '/api/user/me', { token: second })).statusCode).toBe(200);

    const logout = await ctx.call('POST', '/api/auth/logout', { token: session.token });
    expect(logout.statusCode).toBe(204);

    for (const token of [session.token, second]) {
      const me = await ctx.call('GET', '/api/user/me', { token });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ message: 'Session expired' });
    }
    const relogin = await ctx.call('POST', '/api/auth/login', {
      body: { email: session.email, password: session.password },
    });
    expect((await ctx.call('GET', '/api/user/me', { token: relogin.json().token })).statusCode).toBe(200);
  });

  it('logout needs a valid token', async () => {
    const response = await ctx.call('POST', '/api/auth/logout');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Session expired' });
  });
});

describeEachDatabase('auth: throttling under parallel attempts', (ctx) => {
  it('a burst of 20 parallel wrong guesses gets at most 10 wrong verdicts in all; the rest are 429', async () => {
    const session = await ctx.register();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        ctx.call('POST', '/api/auth/login', {
          body: { email: session.email, password: `guess-${index}` },
          remoteAddress: '203.0.113.50',
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    const verdicts = codes.filter((code) => code === 401).length;
    expect(verdicts).toBeLessThanOrEqual(10);
    expect(verdicts + codes.filter((code) => code === 429).length).toBe(20);
    // Refused attempts are not failures: the guesser still gets exactly 10 wrong verdicts in all.
    let more = 0;
    for (;;) {
      const next = await ctx.call('POST', '/api/auth/login', {
        body: { email: session.email, password: 'one-more-guess' },
        remoteAddress: '203.0.113.50',
      });
      if (next.statusCode === 429) break;
      expect(next.statusCode).toBe(401);
      more += 1;
    }
    expect(verdicts + more).toBe(10);
    const right = await ctx.call('POST', '/api/auth/login', {
      body: { email: session.email, password: session.password },
      remoteAddress: '203.0.113.50',
    });
    expect(right.statusCode).toBe(429);
  });
});

describeEachDatabase('auth: throttling per IP across emails (password spraying)', (ctx) => {
  const sprayFrom = async (ip: string, count: number) => {
    for (let attempt = 1; attempt <= count; attempt += 1) {
      const response = await ctx.call('POST', '/api/auth/login', {
        body: { email: uniqueEmail('sprayed'), password: 'Summer2024!' },
        remoteAddress: ip,
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
  };

  it('30 failures over 30 emails from one IP: the 31st is 429 with Retry-After, even with the right password; other IPs are not', async () => {
    const victim = await ctx.register();
    const ip = '203.0.113.101';
    await sprayFrom(ip, 30);

    const thirtyFirst = await ctx.call('POST', '/api/auth/login', {
      body: { email: victim.email, password: victim.password },
      remoteAddress: ip,
    });
    expect(thirtyFirst.statusCode).toBe(429);
    const retryAfter = Number(thirtyFirst.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(thirtyFirst.json()).toEqual({
      message: 'Too many failed sign-in attempts from your network. Try again in 15 minutes.',
    });

    const otherIp = await ctx.call('POST', '/api/auth/login', {
      body: { email: victim.email, password: victim.password },
      remoteAddress: '198.51.100.101',
    });
    expect(otherIp.statusCode).toBe(200);
  });

  it('Retry-After counts down to when the oldest failure leaves the window', async () => {
    const ip = '203.0.113.102';
    await ctx.db.query(
      `insert into login_failures (email, ip, failed_at)
       select 'old-' || n || '@example.com', $1, now() - interval '10 minutes' from generate_series(1, 30) n`,
      [ip],
    );
    const refused = await ctx.call('POST', '/api/auth/login', {
      body: { email: uniqueEmail('late'), password: 'whatever-1' },
      remoteAddress: ip,
    });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(4 * 60);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
    expect(refused.json()).toEqual({
      message: 'Too many failed sign-in attempts from your network. Try again in 5 minutes.',
    });
  });

  it("a successful sign-in clears only that email's failures, not the IP's failures against other emails", async () => {
    const own = await ctx.register();
    const ip = '203.0.113.103';
    await sprayFrom(ip, 29);
    const ok = await ctx.call('POST', '/api/auth/login', {
      body: { email: own.email, password: own.password },
      remoteAddress: ip,
    });
    expect(ok.statusCode).toBe(200);
    // 29 failures still count: one more makes 30, and the next is refused.
    await sprayFrom(ip, 1);
    const refused = await ctx.call('POST', '/api/auth/login', {
      body: { email: own.email, password: own.password },
      remoteAddress: ip,
    });
    expect(refused.statusCode).toBe(429);
  });

  it('refused attempts do not extend the count, and failures older than 15 minutes do not count', async () => {
    const session = await ctx.register();
    const ip = '203.0.113.104';
    await ctx.db.query(
      `insert into login_failures (email, ip, failed_at)
       select 'stale-' || n || '@example.com', $1, now() - interval '16 minutes' from generate_series(1, 40) n`,
      [ip],
    );
    await sprayFrom(ip, 30);
    for (let refusal = 0; refusal < 3; refusal += 1) {
      const refused = await ctx.call('POST', '/api/auth/login', {
        body: { email: uniqueEmail('more'), password: 'whatever-2' },
        remoteAddress: ip,
      });
      expect(refused.statusCode).toBe(429);
    }
    const [row] = await ctx.db.query<{ failures: number }>(
      'select count(*)::integer as failures from login_failures where ip = $1',
      [ip],
    );
    // The stale rows were dropped on the way; the refusals left nothing behind.
    expect(row?.failures).toBe(30);
    const ok = await ctx.call('POST', '/api/auth/login', {
      body: { email: session.email, password: session.password },
      remoteAddress: '198.51.100.104',
    });
    expect(ok.statusCode).toBe(200);
  });
});
