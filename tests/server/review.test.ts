import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase('review', (ctx) => {
  it('the first review earns 10 credits, later ones none', async () => {
    const session = await ctx.register();
    const first = await ctx.call('POST', '/api/review', {
      token: session.token,
      body: { rating: 5, reviewText: 'Great!', email: 'Fan@Example.com' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ creditsAwarded: 10 });
    const second = await ctx.call('POST', '/api/review', { token: session.token, body: { rating: 3 } });
    expect(second.json()).toEqual({ creditsAwarded: 0 });

    const reviews = await ctx.db.query(
      'select rating, review_text, email from reviews where user_id = $1 order by id',
      [session.userId],
    );
    expect(reviews).toEqual([
      { rating: 5, review_text: 'Great!', email: 'fan@example.com' },
      { rating: 3, review_text: '', email: null },
    ]);
    const ledger = await ctx.db.query(
      'select credits, source, description from credit_ledger where user_id = $1',
      [session.userId],
    );
    expect(ledger).toEqual([{ credits: 10, source: 'review', description: 'Thank you for your review' }]);
  });

  it('ten parallel first reviews award credits exactly once', async () => {
    const session = await ctx.register();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        ctx.call('POST', '/api/review', { token: session.token, body: { rating: (index % 5) + 1 } }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const awarded = responses.map((response) => response.json().creditsAwarded as number);
    expect(awarded.filter((credits) => credits === 10)).toHaveLength(1);
    expect(awarded.reduce((sum, credits) => sum + credits, 0)).toBe(10);
    const ledger = await ctx.db.query('select id from credit_ledger where user_id = $1', [session.userId]);
    expect(ledger).toHaveLength(1);
    const reviews = await ctx.db.query('select id from reviews where user_id = $1', [session.userId]);
    expect(reviews).toHaveLength(10);
  });

  it('text and email are optional; null or an empty email means none', async () => {
    const session = await ctx.register();
    for (const body of [
      { rating: 1, reviewText: '', email: null },
      { rating: 2, email: '' },
    ]) {
      const response = await ctx.call('POST', '/api/review', { token: session.token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(201);
    }
  });

  it.each([
    [{}, 'rating is required'],
    [{ rating: 0 }, 'rating must be at least 1'],
    [{ rating: 6 }, 'rating must be at most 5'],
    [{ rating: 4.5 }, 'rating must be an integer'],
    [{ rating: '5' }, 'rating must be an integer'],
    [{ rating: 5, reviewText: 'x'.repeat(2001) }, 'reviewText must be at most 2000 characters'],
    [{ rating: 5, email: 'not-an-email' }, 'email must be a valid email address'],
    [{ rating: 5, email: 42 }, 'email must be a string or null'],
    [{ rating: 5, credits: 100 }, 'Unknown field "credits"'],
  ])('rejects %j with 400', async (body, message) => {
    const session = await ctx.register();
    const response = await ctx.call('POST', '/api/review', { token: session.token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('needs a valid token', async () => {
    expect((await ctx.call('POST', '/api/review', { body: { rating: 5 } })).statusCode).toBe(401);
  });
});
