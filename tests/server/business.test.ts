import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from './harness.ts';

const profile = {
  businessName: 'Acme Bakery',
  industry: 'retail',
  services: 'Bread, cakes and catering',
  email: 'hello@acme.example',
  phone: '+1 (555) 010-2030',
};
// What the server keeps beyond the setup fields (Settings › Business details), empty until edited there.
const stored = { ...profile, address: '', socialLinks: [] };

describeEachDatabase('business profile', (ctx) => {
  it('GET /api/business/profile answers null before setup (none yet is not an error)', async () => {
    const session = await ctx.register();
    const response = await ctx.call('GET', '/api/business/profile', { token: session.token });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
  });

  it('setup stores the profile of the current account (trimmed) and answers websiteId null', async () => {
    const session = await ctx.register();
    const response = await ctx.call('POST', '/api/business/setup', {
      token: session.token,
      body: { ...profile, businessName: '  Acme Bakery ', email: ' Hello@Acme.Example ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...stored, websiteId: null });
    const read = await ctx.call('GET', '/api/business/profile', { token: session.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(stored);
  });

  it('setup gives the account its industry: the account list shows it, and setup again changes it', async () => {
    const session = await ctx.register();
    const before = await ctx.call('GET', '/api/accounts', { token: session.token });
    expect(before.json().find((a: { id: number }) => a.id === session.accountId).industry).toBe('');
    await ctx.call('POST', '/api/business/setup', { token: session.token, body: profile });
    const after = await ctx.call('GET', '/api/accounts', { token: session.token });
    expect(after.json().find((a: { id: number }) => a.id === session.accountId).industry).toBe('retail');
    await ctx.call('POST', '/api/business/setup', {
      token: session.token,
      body: { ...profile, industry: 'consulting' },
    });
    const again = await ctx.call('GET', '/api/accounts', { token: session.token });
    expect(again.json().find((a: { id: number }) => a.id === session.accountId).industry).toBe('consulting');
  });

  it('migration 0023 gives accounts set up before it the industry of their business profile', async () => {
    const session = await ctx.register();
    const untouched = await ctx.register();
    await ctx.call('POST', '/api/business/setup', { token: session.token, body: profile });
    // As an account set up before the setup wrote the account's industry.
    await ctx.db.query("update accounts set industry = '' where id = $1", [session.accountId]);
    const sql = await readFile(
      new URL('../../server/db/migrations/0023_account_industry.sql', import.meta.url),
      'utf8',
    );
    await ctx.db.exec(sql);
    const rows = await ctx.db.query<{ id: number; industry: string }>(
      'select id, industry from accounts where id = any($1::int[]) order by id',
      [[session.accountId, untouched.accountId]],
    );
    expect(rows).toEqual([
      { id: session.accountId, industry: 'retail' },
      { id: untouched.accountId, industry: '' },
    ]);
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
    expect(ownOnly.json()).toBeNull();
    const shared = await ctx.call('GET', '/api/business/profile', {
      token: member.token,
      headers: { 'x-account-id': String(owner.accountId) },
    });
    expect(shared.json()).toEqual(stored);

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

  describe('PUT /api/business/profile (Settings › Business details)', () => {
    const details = {
      ...profile,
      email: 'office@acme.example',
      address: '1 Main Street, Springfield',
      socialLinks: ['https://www.facebook.com/acme', 'https://instagram.com/acme'],
    };

    it('replaces every field; setup later keeps the address and the social links', async () => {
      const session = await ctx.register();
      await ctx.call('POST', '/api/business/setup', { token: session.token, body: profile });
      const saved = await ctx.call('PUT', '/api/business/profile', { token: session.token, body: details });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual(details);
      await ctx.call('POST', '/api/business/setup', {
        token: session.token,
        body: { ...profile, businessName: 'Acme Two' },
      });
      const read = await ctx.call('GET', '/api/business/profile', { token: session.token });
      expect(read.json()).toEqual({ ...details, businessName: 'Acme Two', email: profile.email });
    });

    it.each([
      [{ ...details, email: 'nope' }, 'email must be a valid email address'],
      [{ ...details, address: 'a'.repeat(301) }, 'address must be at most 300 characters'],
      [{ ...details, socialLinks: ['javascript:alert(1)'] }, 'socialLinks.0 is not in a valid format'],
      [{ ...details, socialLinks: undefined }, 'socialLinks is required'],
    ])('refuses %j with 400 and changes nothing', async (body, message) => {
      const session = await ctx.register();
      await ctx.call('POST', '/api/business/setup', { token: session.token, body: profile });
      const response = await ctx.call('PUT', '/api/business/profile', { token: session.token, body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      const read = await ctx.call('GET', '/api/business/profile', { token: session.token });
      expect(read.json()).toEqual(stored);
    });

    it('is 404 before setup, 404 for another account, 403 for a Viewer', async () => {
      const owner = await ctx.register();
      const none = await ctx.call('PUT', '/api/business/profile', { token: owner.token, body: details });
      expect(none.statusCode).toBe(404);
      await ctx.call('POST', '/api/business/setup', { token: owner.token, body: profile });
      const stranger = await ctx.register();
      const foreign = await ctx.call('PUT', '/api/business/profile', {
        token: stranger.token,
        body: details,
      });
      expect(foreign.statusCode).toBe(404);
      const viewer = await ctx.register();
      const added = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
        token: owner.token,
        body: { email: viewer.email, roleName: 'Viewer' },
      });
      expect(added.statusCode, added.body).toBe(200);
      const denied = await ctx.call('PUT', '/api/business/profile', {
        token: viewer.token,
        headers: { 'x-account-id': String(owner.accountId) },
        body: details,
      });
      expect(denied.statusCode).toBe(403);
      const read = await ctx.call('GET', '/api/business/profile', { token: owner.token });
      expect(read.json()).toEqual(stored);
    });
  });
});
