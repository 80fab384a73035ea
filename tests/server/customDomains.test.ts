import { expect, it } from 'vitest';
import type { TxtResolver } from '../../server/publishing/txtResolver.ts';
import { generateSite } from '../../src/canvas/generator/generateSite.ts';
import type { DomainView } from '../../src/contracts/publish.ts';
import { describeEachDatabase, type Session, type TestContext } from './harness.ts';

// The fake DNS: the TXT records of each name, as the owner of each zone would publish them.
const zone = new Map<string, string[][]>();
const lookups: string[] = [];
const resolveTxt: TxtResolver = async (name) => {
  lookups.push(name);
  const records = zone.get(name);
  if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return records;
};

async function publishedSite(ctx: TestContext, owner: Session, name: string, subdomain: string) {
  const { pages } = generateSite({
    businessName: name,
    industry: 'retail',
    services: 'Bread',
    email: 'hello@example.com',
    phone: '+1 555 0100',
  });
  const saved = await ctx.call('POST', '/api/website/save', { token: owner.token, body: { name, pages } });
  expect(saved.statusCode, saved.body).toBe(200);
  const id = saved.json<{ id: number }>().id;
  const published = await ctx.call('POST', `/api/website/${id}/publish`, {
    token: owner.token,
    body: { subdomain },
  });
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

async function claim(ctx: TestContext, owner: Session, id: number, domain: string) {
  return ctx.call('PUT', `/api/website/${id}/domain`, { token: owner.token, body: { domain } });
}

async function verify(ctx: TestContext, owner: Session, id: number) {
  return ctx.call('POST', `/api/website/${id}/domain/verify`, { token: owner.token });
}

const home = (ctx: TestContext, host: string) => ctx.call('GET', '/', { headers: { host } });

describeEachDatabase(
  'custom domains',
  (ctx) => {
    it('claims pending with a TXT record, serves nothing until verified, then serves the site', async () => {
      const owner = await ctx.register();
      const id = await publishedSite(ctx, owner, 'Rosa Bakery', 'rosa-claims');
      const none = await ctx.call('GET', `/api/website/${id}/domain`, { token: owner.token });
      expect(none.json()).toEqual({
        domain: null,
        status: 'none',
        record: null,
        checkedAt: null,
        message: null,
      });

      const claimed = await claim(ctx, owner, id, ' Shop.Example.COM. ');
      expect(claimed.statusCode, claimed.body).toBe(200);
      const pending = claimed.json<DomainView>();
      expect(pending).toMatchObject({
        domain: 'shop.example.com',
        status: 'pending',
        record: { type: 'TXT', name: '_bizsite-verify.shop.example.com' },
        checkedAt: null,
      });
      const token = pending.record?.value ?? '';
      expect(token.length).toBeGreaterThanOrEqual(16);
      expect((await ctx.call('GET', `/api/website/${id}/domain`, { token: owner.token })).json()).toEqual(
        pending,
      );

      // Pending: the host answers the plain not-found page, neither the site nor the app's sign-in.
      const notServed = await home(ctx, 'shop.example.com');
      expect(notServed.statusCode).toBe(404);
      expect(notServed.body).toContain('Page not found');
      expect(notServed.body).not.toContain('Rosa Bakery');
      expect(notServed.body).not.toContain('test shell');
      expect((await ctx.call('GET', '/login', { headers: { host: 'shop.example.com' } })).statusCode).toBe(
        404,
      );

      // No record yet: still pending, with what to do next.
      const missing = await verify(ctx, owner, id);
      expect(missing.statusCode, missing.body).toBe(200);
      expect(missing.json()).toMatchObject({
        status: 'pending',
        message:
          'No TXT record _bizsite-verify.shop.example.com with the expected value was found yet. DNS changes can take a while; try again later.',
      });
      expect(Date.parse(missing.json().checkedAt)).not.toBeNaN();
      expect(lookups).toContain('_bizsite-verify.shop.example.com');
      // A record with another value proves nothing either.
      zone.set('_bizsite-verify.shop.example.com', [['someone-else-0123456789']]);
      expect((await verify(ctx, owner, id)).json().status).toBe('pending');
      expect((await home(ctx, 'shop.example.com')).statusCode).toBe(404);

      // The record as given (DNS may split a long value into chunks).
      zone.set('_bizsite-verify.shop.example.com', [['v=spf1 -all'], [token.slice(0, 10), token.slice(10)]]);
      const verified = await verify(ctx, owner, id);
      expect(verified.json()).toMatchObject({ domain: 'shop.example.com', status: 'verified' });
      const served = await home(ctx, 'shop.example.com');
      expect(served.statusCode).toBe(200);
      expect(served.body).toContain('Rosa Bakery');
      // The website's address is its domain now.
      const site = await ctx.call('GET', `/api/website/${id}`, { token: owner.token });
      expect(site.json()).toMatchObject({ domain: 'shop.example.com', customDomain: 'shop.example.com' });

      // Releasing it: the host serves nothing of the site any more.
      const released = await ctx.call('DELETE', `/api/website/${id}/domain`, { token: owner.token });
      expect(released.json()).toMatchObject({ domain: null, status: 'none', record: null });
      expect((await home(ctx, 'shop.example.com')).body).not.toContain('Rosa Bakery');
    });

    it('publish {customDomain} claims pending: the site answers on its platform address meanwhile', async () => {
      const owner = await ctx.register();
      const id = await publishedSite(ctx, owner, 'Corner Shop', 'corner-shop');
      const published = await ctx.call('POST', `/api/website/${id}/publish`, {
        token: owner.token,
        body: { subdomain: 'corner-shop', customDomain: 'www.corner.example' },
        headers: { host: 'app.test' },
      });
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json()).toMatchObject({
        domain: 'corner-shop.sites.test',
        url: 'http://corner-shop.sites.test/',
        customDomain: 'www.corner.example',
        customDomainStatus: 'pending',
      });
      expect((await home(ctx, 'www.corner.example')).statusCode).toBe(404);
      const view = (
        await ctx.call('GET', `/api/website/${id}/domain`, { token: owner.token })
      ).json<DomainView>();
      expect(view).toMatchObject({
        status: 'pending',
        record: { name: '_bizsite-verify.www.corner.example' },
      });

      zone.set('_bizsite-verify.www.corner.example', [[view.record?.value ?? '']]);
      expect((await verify(ctx, owner, id)).json().status).toBe('verified');
      // Republishing with the same domain keeps it verified; its address is the domain now.
      const again = await ctx.call('POST', `/api/website/${id}/publish`, {
        token: owner.token,
        body: { subdomain: 'corner-shop', customDomain: 'www.corner.example' },
      });
      expect(again.json()).toMatchObject({
        domain: 'www.corner.example',
        url: 'http://www.corner.example/',
        customDomainStatus: 'verified',
      });
      expect((await home(ctx, 'www.corner.example')).body).toContain('Corner Shop');
    });

    it('a pending domain may be claimed by another account; the first to verify owns it; verified → 409', async () => {
      const first = await ctx.register();
      const second = await ctx.register();
      const a = await publishedSite(ctx, first, 'First Bakery', 'first-bakery');
      const b = await publishedSite(ctx, second, 'Second Bakery', 'second-bakery');
      const claimedA = (await claim(ctx, first, a, 'race.example.com')).json<DomainView>();
      const claimedB = await claim(ctx, second, b, 'race.example.com');
      expect(claimedB.statusCode, claimedB.body).toBe(200);
      expect(claimedB.json()).toMatchObject({ status: 'pending' });
      // Each claim has its own token: one cannot verify with the other's record.
      expect(claimedB.json().record.value).not.toBe(claimedA.record?.value);

      // The second account controls the zone: its record goes in, it verifies first and owns the domain.
      zone.set('_bizsite-verify.race.example.com', [[claimedB.json().record.value]]);
      expect((await verify(ctx, second, b)).json().status).toBe('verified');
      expect((await home(ctx, 'race.example.com')).body).toContain('Second Bakery');
      // The first account's pending claim is cleared.
      expect(
        (await ctx.call('GET', `/api/website/${a}/domain`, { token: first.token })).json(),
      ).toMatchObject({
        status: 'none',
      });

      const taken = await claim(ctx, first, a, 'race.example.com');
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(
        'This custom domain is already verified by another site. Use a domain you own, or remove it from the other site first.',
      );
      const viaPublish = await ctx.call('POST', `/api/website/${a}/publish`, {
        token: first.token,
        body: { subdomain: 'first-bakery', customDomain: 'race.example.com' },
      });
      expect(viaPublish.statusCode).toBe(409);
      expect((await ctx.call('GET', `/api/website/${a}/domain`, { token: first.token })).json().status).toBe(
        'none',
      );
      expect((await home(ctx, 'race.example.com')).body).toContain('Second Bakery');
    });

    it('refuses the platform’s own hosts, localhost and IP literals with 400, changing nothing', async () => {
      const owner = await ctx.register();
      const id = await publishedSite(ctx, owner, 'Own Hosts', 'own-hosts');
      const refused = [
        'app.bizsite.test',
        'sites.test',
        'rosa.sites.test',
        'localhost',
        'shop.localhost',
        '127.0.0.1',
        '10.0.0.7',
        '[::1]',
        '::1',
        '2001:db8::1',
        '[::ffff:127.0.0.1]',
        '2130706433',
        'api.request-host.test',
        'not a host',
      ];
      for (const domain of refused) {
        const response = await ctx.call('PUT', `/api/website/${id}/domain`, {
          token: owner.token,
          body: { domain },
          headers: { host: 'api.request-host.test:3000' },
        });
        expect(response.statusCode, domain).toBe(400);
        expect(response.json().message, domain).toMatch(/\.$|www\.example\.com/);
      }
      const viaPublish = await ctx.call('POST', `/api/website/${id}/publish`, {
        token: owner.token,
        body: { subdomain: 'own-hosts', customDomain: 'app.bizsite.test' },
      });
      expect(viaPublish.statusCode).toBe(400);
      expect(viaPublish.json().message).toBe(
        'This address belongs to the platform itself and cannot be a custom domain. Enter a domain you own, such as www.example.com.',
      );
      expect((await ctx.call('GET', `/api/website/${id}/domain`, { token: owner.token })).json().status).toBe(
        'none',
      );
      // The app's own host still serves the app.
      expect((await home(ctx, 'app.bizsite.test')).body).toContain('test shell');
    });

    it('permissions: a Viewer reads but cannot claim, verify or release; another account gets 404', async () => {
      const owner = await ctx.register();
      const stranger = await ctx.register();
      const id = await publishedSite(ctx, owner, 'Guarded', 'guarded-site');
      expect((await claim(ctx, owner, id, 'guarded.example.com')).statusCode).toBe(200);
      const viewer = await ctx.register();
      const added = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
        token: owner.token,
        body: { email: viewer.email, roleName: 'Viewer' },
      });
      expect(added.statusCode, added.body).toBe(200);
      const asViewer = { token: viewer.token, headers: { 'x-account-id': String(owner.accountId) } };
      const read = await ctx.call('GET', `/api/website/${id}/domain`, asViewer);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().domain).toBe('guarded.example.com');
      for (const [method, url] of [
        ['PUT', `/api/website/${id}/domain`],
        ['POST', `/api/website/${id}/domain/verify`],
        ['DELETE', `/api/website/${id}/domain`],
      ] as const) {
        const response = await ctx.call(method, url, {
          ...asViewer,
          ...(method === 'PUT' ? { body: { domain: 'viewer.example.com' } } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        const foreign = await ctx.call(method, url, {
          token: stranger.token,
          ...(method === 'PUT' ? { body: { domain: 'stranger.example.com' } } : {}),
        });
        expect(foreign.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await ctx.call('GET', `/api/website/${id}/domain`, { token: stranger.token })).statusCode).toBe(
        404,
      );
      expect((await ctx.call('GET', `/api/website/${id}/domain`)).statusCode).toBe(401);
      expect((await ctx.call('GET', `/api/website/${id}/domain`, { token: owner.token })).json().domain).toBe(
        'guarded.example.com',
      );
      const nothing = await ctx.call(
        'POST',
        `/api/website/${await publishedSite(ctx, owner, 'Bare', 'bare-site')}/domain/verify`,
        {
          token: owner.token,
        },
      );
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().message).toBe(
        'This website has no custom domain to verify. Add a custom domain first.',
      );
    });

    it('the daily re-check: a domain whose record is gone returns to pending, stops serving, and is logged', async () => {
      const owner = await ctx.register();
      const id = await publishedSite(ctx, owner, 'Lost Domain', 'lost-domain');
      const kept = await publishedSite(ctx, owner, 'Kept Domain', 'kept-domain');
      for (const [site, domain] of [
        [id, 'lost.example.com'],
        [kept, 'kept.example.com'],
      ] as const) {
        const view = (await claim(ctx, owner, site, domain)).json<DomainView>();
        zone.set(`_bizsite-verify.${domain}`, [[view.record?.value ?? '']]);
        expect((await verify(ctx, owner, site)).json().status).toBe('verified');
      }
      expect((await home(ctx, 'lost.example.com')).body).toContain('Lost Domain');

      zone.delete('_bizsite-verify.lost.example.com');
      const job = await ctx.jobs.send('domain-recheck', {});
      for (
        let i = 0;
        i < 100 && (await ctx.jobs.stateOf('domain-recheck', job ?? '')) !== 'completed';
        i += 1
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await ctx.jobs.stateOf('domain-recheck', job ?? '')).toBe('completed');

      const lost = (
        await ctx.call('GET', `/api/website/${id}/domain`, { token: owner.token })
      ).json<DomainView>();
      expect(lost).toMatchObject({
        status: 'pending',
        message:
          'The TXT record _bizsite-verify.lost.example.com is gone, so lost.example.com no longer serves this website. Add the record again, then press Verify.',
      });
      const notServed = await home(ctx, 'lost.example.com');
      expect(notServed.statusCode).toBe(404);
      expect(notServed.body).not.toContain('Lost Domain');
      expect((await home(ctx, 'kept.example.com')).body).toContain('Kept Domain');
      const logged = await ctx.db.query<{ accountId: number; details: Record<string, unknown> }>(
        `select account_id as "accountId", details from activity_logs where type = 'domain.unverified'
         and details->>'domain' = 'lost.example.com'`,
      );
      expect(logged).toEqual([
        {
          accountId: owner.accountId,
          details: { websiteId: id, domain: 'lost.example.com', record: '_bizsite-verify.lost.example.com' },
        },
      ]);
    });
  },
  {
    jobs: () => ({}),
    resolveTxt,
    config: { appUrl: 'https://app.bizsite.test', publicSiteDomain: 'sites.test' },
  },
);
