import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness.ts';

const profile = {
  businessName: 'Acme Bakery',
  industry: 'retail',
  services: 'Bread, cakes and catering',
  email: 'hello@acme.example',
  phone: '+1 (555) 010-2030',
};

describeEachDatabase('business profile', (ctx) => {
  it('GET /api/business/profile is a 404 before setup', async () => {
    const session = await ctx.register();
    const response = await ctx.call('GET', '/api/business/profile', { token: session.token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No business profile yet' });
  });

  it('setup stores the profile of the current account (trimmed) and answers websiteId null', async () => {
    const session = await ctx.register();
    const response = await ctx.call('POST', '/api/business/setup', {
      token: session.token,
      body: { ...profile, businessName: '  Acme Bakery ', email: ' Hello@Acme.Example ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...profile, websiteId: null });
    const read = await ctx.call('GET', '/api/business/profile', { token: session.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(profile);
  });

  it('setup again replaces the profile (one per account)', async () => {
    const session = await ctx.register();
    await ctx.call('POST', '/api/business/setup', { token: session.token, body: profile });
    const second = await ctx.call('POST', '/api/business/setup', {
      token: session.token,
      body: { ...profile, businessName: 'Acme Patisserie', industry: 'other' },
    });
    expect(second.statusCode).toBe(200);
    const rows = await ctx.db.query<{ business_name: string }>(
      'select business_name from business_profiles where account_id = $1',
      [session.accountId],
    );
    expect(rows).toEqual([{ business_name: 'Acme Patisserie' }]);
  });

  it('profiles are per account: the header selects which one', async () => {
    const owner = await ctx.register();
    const member = await ctx.register();
    await ctx.db.query(
      "insert into account_members (account_id, user_id, joined_at) values ($1, $2, now() + interval '1 second')",
      [owner.accountId, member.userId],
    );
    await ctx.call('POST', '/api/business/setup', { token: owner.token, body: profile });
    const ownOnly = await ctx.call('GET', '/api/business/profile', { token: member.token });
    expect(ownOnly.statusCode).toBe(404);
    const shared = await ctx.call('GET', '/api/business/profile', {
      token: member.token,
      headers: { 'x-account-id': String(owner.accountId) },
    });
    expect(shared.json()).toEqual(profile);

    const stranger = await ctx.register();
    const denied = await ctx.call('POST', '/api/business/setup', {
      token: stranger.token,
      headers: { 'x-account-id': String(owner.accountId) },
      body: { ...profile, businessName: 'Hijacked' },
    });
    expect(denied.statusCode).toBe(403);
    const unchanged = await ctx.call('GET', '/api/business/profile', { token: owner.token });
    expect(unchanged.json().businessName).toBe('Acme Bakery');
  });

  it.each([
    [{ ...profile, businessName: undefined }, 'businessName is required'],
    [{ ...profile, businessName: '   ' }, 'businessName must not be empty'],
    [{ ...profile, businessName: 'b'.repeat(121) }, 'businessName must be at most 120 characters'],
    [
      { ...profile, industry: 'mining' },
      'industry must be one of: technology, healthcare, finance, retail, consulting, other',
    ],
    [{ ...profile, services: '' }, 'services must not be empty'],
    [{ ...profile, services: 's'.repeat(2001) }, 'services must be at most 2000 characters'],
    [{ ...profile, email: 'nope' }, 'email must be a valid email address'],
    [{ ...profile, phone: 'call me' }, 'phone is not in a valid format'],
    [{ ...profile, phone: '123' }, 'phone must be at least 5 characters'],
    [{ ...profile, phone: '-----' }, 'phone is not in a valid format'],
    [{ ...profile, phone: 5550102030 }, 'phone must be a string'],
    [{ ...profile, logo: 'data:image/png;base64,' }, 'Unknown field "logo"'],
  ])('rejects %j with 400', async (body, message) => {
    const session = await ctx.register();
    const response = await ctx.call('POST', '/api/business/setup', { token: session.token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('needs a valid token', async () => {
    expect((await ctx.call('POST', '/api/business/setup', { body: profile })).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/business/profile')).statusCode).toBe(401);
  });
});
