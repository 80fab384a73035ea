import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase('campaign OAuth callbacks', (ctx) => {
  it.each([
    ['/api/campaign/google-oauth/callback', 'GoogleAds', 'Google Ads is not configured on this server'],
    ['/api/campaign/facebook-oauth/callback', 'FacebookAds', 'Facebook Ads is not configured on this server'],
  ])('%s validates the body, then answers 501', async (url, platform, message) => {
    const session = await ctx.register();
    const ok = await ctx.call('POST', url, { token: session.token, body: { code: 'abc', platform } });
    expect(ok.statusCode).toBe(501);
    expect(ok.json()).toEqual({ message });

    for (const body of [
      {},
      { code: 'abc' },
      { code: '', platform },
      { code: 'abc', platform: 'Other' },
      { code: 'abc', platform, extra: 'x' },
      { code: 'abc', platform, state: 'x'.repeat(1001) },
    ]) {
      const bad = await ctx.call('POST', url, { token: session.token, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await ctx.call('POST', url, { body: { code: 'abc', platform } })).statusCode).toBe(401);
  });
});
