import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OAuthClientSettings } from '../../server/integrations/oauthSettings.ts';
import { STATE_MISMATCH } from '../../server/routes/campaign/campaignRoutes.ts';
import { describeEachDatabase, type Session } from './harness.ts';
import { FAKE_CLIENT, fakeTokenEndpoint, type Loopback, startLoopback } from './loopbackServer.ts';

let provider: Loopback;
beforeAll(async () => {
  provider = await startLoopback(fakeTokenEndpoint);
});
afterAll(() => provider.close());

const client = (): OAuthClientSettings => ({
  clientId: FAKE_CLIENT.clientId,
  clientSecret: FAKE_CLIENT.clientSecret,
  authorizeUrl: `${provider.url}/authorize`,
  tokenUrl: `${provider.url}/token`,
  scope: 'ads',
  publishUrl: `${provider.url}/feed`,
});

type Integration = { id: string; configured: boolean; connected: boolean; authorizeUrl: string | null };

describeEachDatabase('integrations: OAuth against a fake provider on loopback', (ctx) => {
  /** The state of the consent page the catalogue offers this user (what the provider hands back). */
  async function stateFor(session: Session, id: 'google' | 'facebook'): Promise<string> {
    const list = (await ctx.call('GET', '/api/integrations', { token: session.token })).json<Integration[]>();
    return new URL(list.find((i) => i.id === id)?.authorizeUrl ?? '').searchParams.get('state') ?? '';
  }

  beforeAll(() => {
    // The routes read the configuration per request, as loadConfig would have built it from GOOGLE_ADS_*.
    ctx.config.oauth = { google: client(), facebook: client() };
    // The fake provider listens on loopback, which only ALLOW_LOOPBACK_OUTBOUND lets outgoing calls reach.
    ctx.config.allowLoopbackOutbound = true;
  });

  it('exchanges the code, stores the connection per account and never returns tokens', async () => {
    const owner = await ctx.register();
    const other = await ctx.register();
    const before = provider.received.length;
    const done = await ctx.call('POST', '/api/campaign/google-oauth/callback', {
      token: owner.token,
      body: { code: FAKE_CLIENT.goodCode, platform: 'GoogleAds', state: await stateFor(owner, 'google') },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ provider: 'google', connected: true });
    expect(done.body).not.toContain('access-xyz');

    const exchange = provider.received[before];
    const form = new URLSearchParams(exchange?.body);
    expect(exchange?.path).toBe('/token');
    expect(form.get('redirect_uri')).toMatch(/\/google-callback$/);

    const mine = (await ctx.call('GET', '/api/integrations', { token: owner.token })).json<Integration[]>();
    expect(mine.find((i) => i.id === 'google')).toMatchObject({ configured: true, connected: true });
    expect(mine.find((i) => i.id === 'facebook')).toMatchObject({ connected: false });
    expect(JSON.stringify(mine)).not.toContain('access-xyz');
    const authorize = new URL(mine.find((i) => i.id === 'google')?.authorizeUrl ?? '');
    expect(authorize.searchParams.get('client_id')).toBe(FAKE_CLIENT.clientId);
    // Signed state: base64url payload, a dot, base64url HMAC.
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{20,}\.[\w-]{43}$/);
    expect(authorize.searchParams.has('client_secret')).toBe(false);

    const theirs = (await ctx.call('GET', '/api/integrations', { token: other.token })).json<Integration[]>();
    expect(theirs.find((i) => i.id === 'google')?.connected).toBe(false);

    const gone = await ctx.call('DELETE', '/api/integrations/google', { token: owner.token });
    expect(gone.statusCode).toBe(204);
    expect((await ctx.call('DELETE', '/api/integrations/google', { token: owner.token })).statusCode).toBe(
      404,
    );
  });

  it('a code the provider refuses is a 400 naming the provider, and nothing is stored', async () => {
    const owner = await ctx.register();
    const refused = await ctx.call('POST', '/api/campaign/facebook-oauth/callback', {
      token: owner.token,
      body: { code: 'stolen-code', platform: 'FacebookAds', state: await stateFor(owner, 'facebook') },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Facebook Ads did not accept the authorization code' });
    const list = (await ctx.call('GET', '/api/integrations', { token: owner.token })).json<Integration[]>();
    expect(list.find((i) => i.id === 'facebook')?.connected).toBe(false);
  });

  it('a code that comes back without this account’s own state connects nothing (login CSRF)', async () => {
    const owner = await ctx.register();
    const attacker = await ctx.register();
    const before = provider.received.length;
    const attempts = [
      undefined,
      'forged',
      await stateFor(attacker, 'google'), // someone else's authorization
      await stateFor(owner, 'facebook'), // another provider's
    ];
    for (const state of attempts) {
      const response = await ctx.call('POST', '/api/campaign/google-oauth/callback', {
        token: owner.token,
        body: {
          code: FAKE_CLIENT.goodCode,
          platform: 'GoogleAds',
          ...(state === undefined ? {} : { state }),
        },
      });
      expect(response.statusCode, String(state)).toBe(400);
      expect(response.json()).toEqual({ message: STATE_MISMATCH });
    }
    // The provider was never asked, and nothing is connected.
    expect(provider.received.length).toBe(before);
    const list = (await ctx.call('GET', '/api/integrations', { token: owner.token })).json<Integration[]>();
    expect(list.find((i) => i.id === 'google')?.connected).toBe(false);
  });

  it('only an Admin of the account may connect', async () => {
    const owner = await ctx.register();
    const member = await ctx.register();
    await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
      token: owner.token,
      body: { email: member.email, roleName: 'User' },
    });
    const denied = await ctx.call('POST', '/api/campaign/google-oauth/callback', {
      token: member.token,
      headers: { 'x-account-id': String(owner.accountId) },
      body: { code: FAKE_CLIENT.goodCode, platform: 'GoogleAds' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('serves the role matrix the routes check', async () => {
    const session = await ctx.register();
    const matrix = await ctx.call('GET', '/api/permissions', { token: session.token });
    expect(matrix.statusCode).toBe(200);
    const body = matrix.json<{
      roles: string[];
      permissions: Array<{ id: string; roles: Record<string, boolean> }>;
    }>();
    expect(body.roles).toEqual(['Viewer', 'User', 'Admin']);
    const rolesOf = (id: string) => body.permissions.find((p) => p.id === id)?.roles;
    expect(rolesOf('members.add')).toEqual({ Viewer: false, User: false, Admin: true });
    expect(rolesOf('account.view')).toEqual({ Viewer: true, User: true, Admin: true });
    expect(rolesOf('websites.edit')).toEqual({ Viewer: false, User: true, Admin: true });
    expect((await ctx.call('GET', '/api/permissions')).statusCode).toBe(401);
  });
});
