import { expect, it } from 'vitest';
import { describeEachDatabase, type Session, type TestContext } from './harness.ts';

const URL = '/api/review/credits/me';

type MyCredits = {
  balance: number;
  entries: Array<{ id: number; credits: number; source: string; description: string; createdAt: string }>;
};

/** A ledger entry written as an admin's correction would be, `minutesAgo` in the past. */
async function addEntry(
  ctx: TestContext,
  user: Session,
  entry: { credits: number; source: string; description: string; minutesAgo: number },
): Promise<number> {
  const row = await ctx.db.one<{ id: number }>(
    `insert into credit_ledger (user_id, credits, source, description, created_at)
     values ($1, $2, $3, $4, now() - make_interval(mins => $5)) returning id`,
    [user.userId, entry.credits, entry.source, entry.description, entry.minutesAgo],
  );
  return row?.id ?? 0;
}

describeEachDatabase('review: my credits', (ctx) => {
  it('a new user has a balance of 0 and no entries', async () => {
    const session = await ctx.register();
    const response = await ctx.call('GET', URL, { token: session.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ balance: 0, entries: [] });
  });

  it('lists the user’s own entries newest first, with their sum as the balance', async () => {
    const session = await ctx.register();
    const older = await addEntry(ctx, session, {
      credits: 5,
      source: 'promotion',
      description: 'Welcome bonus',
      minutesAgo: 60,
    });
    await ctx.call('POST', '/api/review', { token: session.token, body: { rating: 5 } });
    const correction = await addEntry(ctx, session, {
      credits: -3,
      source: 'admin',
      description: 'Correction',
      minutesAgo: -1,
    });
    const review = await ctx.db.one<{ id: number }>(
      "select id from credit_ledger where user_id = $1 and source = 'review'",
      [session.userId],
    );

    const response = await ctx.call('GET', URL, { token: session.token });
    expect(response.statusCode).toBe(200);
    const body = response.json<MyCredits>();
    expect(body.balance).toBe(12);
    expect(body.entries).toEqual([
      {
        id: correction,
        credits: -3,
        source: 'admin',
        description: 'Correction',
        createdAt: expect.any(String),
      },
      {
        id: review?.id,
        credits: 10,
        source: 'review',
        description: 'Thank you for your review',
        createdAt: expect.any(String),
      },
      {
        id: older,
        credits: 5,
        source: 'promotion',
        description: 'Welcome bonus',
        createdAt: expect.any(String),
      },
    ]);
    // ISO 8601 timestamps, newest first.
    const times = body.entries.map((entry) => Date.parse(entry.createdAt));
    expect(times.every((time) => !Number.isNaN(time))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('never shows another user’s entries, whatever account the header names', async () => {
    const owner = await ctx.register();
    const member = await ctx.register();
    const added = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
      token: owner.token,
      body: { email: member.email, roleName: 'User' },
    });
    expect(added.statusCode, added.body).toBe(200);
    await ctx.call('POST', '/api/review', { token: owner.token, body: { rating: 4 } });
    await addEntry(ctx, owner, { credits: 100, source: 'admin', description: 'Owner bonus', minutesAgo: 5 });
    await ctx.call('POST', '/api/review', { token: member.token, body: { rating: 3 } });

    const headerChoices: Record<string, string>[] = [{}, { 'x-account-id': String(owner.accountId) }];
    for (const headers of headerChoices) {
      const response = await ctx.call('GET', URL, { token: member.token, headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      const body = response.json<MyCredits>();
      expect(body.balance).toBe(10);
      expect(body.entries.map((entry) => entry.description)).toEqual(['Thank you for your review']);
    }
    const mine = (await ctx.call('GET', URL, { token: owner.token })).json<MyCredits>();
    expect(mine.balance).toBe(110);
    expect(mine.entries).toHaveLength(2);
  });

  it('lists the latest 50 entries; the balance counts them all', async () => {
    const session = await ctx.register();
    await ctx.db.query(
      `insert into credit_ledger (user_id, credits, source, description, created_at)
       select $1, 2, 'admin', 'Entry ' || n, now() - make_interval(mins => n) from generate_series(1, 55) n`,
      [session.userId],
    );
    const body = (await ctx.call('GET', URL, { token: session.token })).json<MyCredits>();
    expect(body.balance).toBe(110);
    expect(body.entries).toHaveLength(50);
    expect(body.entries[0]?.description).toBe('Entry 1');
    expect(body.entries[49]?.description).toBe('Entry 50');
  });

  it('needs a valid token', async () => {
    const response = await ctx.call('GET', URL);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});
