import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import type { TxtResolver } from '../../server/publishing/txtResolver.ts';
import { generateSite } from '../../src/canvas/generator/generateSite.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';

// The fake DNS of the custom-domain test: the TXT records its zone owner publishes.
const zone = new Map<string, string[][]>();
const resolveTxt: TxtResolver = async (name) => {
  const records = zone.get(name);
  if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return records;
};

const business = {
  businessName: 'Rosa Bakery',
  industry: 'retail',
  services: 'Sourdough bread, Wedding cakes, Catering',
  email: 'rosa@example.com',
  phone: '+1 555 0100',
};

async function savedSite(ctx: TestContext, token: string, name = 'Rosa Bakery') {
  const { pages } = generateSite({ ...business, businessName: name });
  const saved = await ctx.call('POST', '/api/website/save', { token, body: { name, pages } });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<{ id: number }>().id;
}

describeEachDatabase(
  'publishing',
  (ctx) => {
    it('publishes every page as static HTML with a strict CSP, SEO tags, a sitemap and robots.txt', async () => {
      const { token } = await ctx.register();
      const id = await savedSite(ctx, token);
      const published = await ctx.call('POST', `/api/website/${id}/publish`, {
        token,
        body: { subdomain: 'rosa-bakery' },
        headers: { host: 'app.test' },
      });
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json()).toMatchObject({
        subdomain: 'rosa-bakery',
        domain: 'app.test/sites/rosa-bakery',
        url: 'http://app.test/sites/rosa-bakery/',
      });
      expect(Date.parse(published.json().publishedAt)).not.toBeNaN();

      const home = await ctx.call('GET', '/sites/rosa-bakery/');
      expect(home.statusCode).toBe(200);
      expect(home.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(home.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-inline'; script");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain('sandbox allow-scripts allow-forms');
      expect(home.body).toContain('<title>Rosa Bakery</title>');
      expect(home.body).toContain('<meta property="og:title" content="Rosa Bakery">');
      expect(home.body).toContain('<meta name="description"');
      expect(home.body).toContain('Wedding cakes');
      expect(home.body).not.toMatch(/<script>/);
      // Links are relative, so the same document works under /sites/{sub}/ and on the site's own host.
      expect(home.body).toContain('href="./about"');

      const about = await ctx.call('GET', '/sites/rosa-bakery/about');
      expect(about.statusCode).toBe(200);
      expect(about.body).toContain('<title>About | Rosa Bakery</title>');
      // A stale link: the visitor reads it on a phone and is offered the site's home page.
      const missing = await ctx.call('GET', '/sites/rosa-bakery/nope');
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(missing.body).toContain('This site has no page at this address.');
      expect(missing.body).toContain('<a href="/sites/rosa-bakery/">Go to the home page</a>');
      // A site nobody published offers no link.
      const unknown = await ctx.call('GET', '/sites/nobody-here/nope');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('This site is not published or has no such page.');
      expect(unknown.body).not.toContain('Go to the home page');
      expect((await ctx.call('GET', '/sites/rosa-bakery')).headers.location).toBe('/sites/rosa-bakery/');

      const again = await ctx.call('GET', '/sites/rosa-bakery/', {
        headers: { 'if-none-match': String(home.headers.etag) },
      });
      expect(again.statusCode).toBe(304);

      // A visitor's browser that accepts brotli or gzip gets the page compressed, under an ETag of its own.
      const page = (encoding: string, etag?: string) =>
        ctx.call('GET', '/sites/rosa-bakery/', {
          headers: { 'accept-encoding': encoding, ...(etag ? { 'if-none-match': etag } : {}) },
        });
      const br = await page('gzip, deflate, br, zstd');
      expect({ encoding: br.headers['content-encoding'], vary: br.headers.vary }).toEqual({
        encoding: 'br',
        vary: 'accept-encoding',
      });
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(home.body);
      expect(br.rawPayload.length).toBeLessThan(home.rawPayload.length / 3);
      expect(br.headers.etag).not.toBe(home.headers.etag);
      expect((await page('br', String(br.headers.etag))).statusCode).toBe(304);
      const gzipped = await page('gzip');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(home.body);
      const refused = await page('br;q=0, gzip;q=0');
      expect({ encoding: refused.headers['content-encoding'], body: refused.body }).toEqual({
        encoding: undefined,
        body: home.body,
      });

      const sitemap = await ctx.call('GET', '/sites/rosa-bakery/sitemap.xml', {
        headers: { host: 'app.test' },
      });
      expect(sitemap.body).toContain('<loc>http://app.test/sites/rosa-bakery/about</loc>');
      expect(sitemap.body).toContain('<loc>http://app.test/sites/rosa-bakery/</loc>');
      const robots = await ctx.call('GET', '/sites/rosa-bakery/robots.txt', {
        headers: { host: 'app.test' },
      });
      expect(robots.body).toContain('Sitemap: http://app.test/sites/rosa-bakery/sitemap.xml');

      const list = await ctx.call('GET', '/api/website', { token });
      expect(list.json()[0]).toMatchObject({ isPublished: true, isActive: true, subdomain: 'rosa-bakery' });
    });

    it("leaves out store elements bound to a store that is not the account's (none, or another business's)", async () => {
      const other = await ctx.register();
      const created = await ctx.call('POST', '/api/ecommerce/stores', {
        token: other.token,
        body: { storeId: `theirs-${other.accountId}`, storeName: 'Their Shop' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { token, accountId } = await ctx.register();
      const mine = await ctx.call('POST', '/api/ecommerce/stores', {
        token,
        body: { storeId: `mine-${accountId}`, storeName: 'My Shop' },
      });
      expect(mine.statusCode, mine.body).toBe(201);
      const grid = (id: string, storeId?: string) => ({
        id,
        type: 'product-grid',
        content: `Grid ${id}`,
        ...(storeId === undefined ? {} : { storeId }),
        children: [],
      });
      const pages = [
        {
          id: 'home',
          name: 'Home',
          path: '/',
          isHomePage: true,
          elements: [
            { id: 't', type: 'text', content: 'Welcome in', children: [] },
            grid('foreign', `theirs-${other.accountId}`),
            grid('unbound'),
            grid('missing', `nobody-${accountId}`),
            {
              id: 'box',
              type: 'container',
              children: [
                grid('own', `mine-${accountId}`),
                { id: 'cart', type: 'shopping-cart', storeId: 'x-none', children: [] },
              ],
            },
          ],
        },
      ];
      const saved = await ctx.call('POST', '/api/website/save', {
        token,
        body: { name: 'Mixed shop', pages },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const subdomain = `mixed-${accountId}`;
      const published = await ctx.call('POST', `/api/website/${saved.json().id}/publish`, {
        token,
        body: { subdomain },
      });
      expect(published.statusCode, published.body).toBe(200);
      const home = await ctx.call('GET', `/sites/${subdomain}/`);
      expect(home.body).toContain('Welcome in');
      expect(home.body).toContain(`data-store-id="mine-${accountId}"`);
      expect(home.body).toContain('Grid own');
      expect(home.body).not.toContain('Grid foreign');
      expect(home.body).not.toContain('Grid unbound');
      expect(home.body).not.toContain('Grid missing');
      expect(home.body).not.toContain('data-store-cart');
    });

    it('the footer links the business email and phone, and follows an edit of the profile on republish', async () => {
      const { token } = await ctx.register();
      const setup = await ctx.call('POST', '/api/business/setup', { token, body: business });
      expect(setup.statusCode, setup.body).toBe(200);
      const id = await savedSite(ctx, token);
      const publish = () =>
        ctx.call('POST', `/api/website/${id}/publish`, { token, body: { subdomain: 'rosa-profile' } });
      expect((await publish()).statusCode).toBe(200);
      const before = (await ctx.call('GET', '/sites/rosa-profile/')).body;
      expect(before).toContain(
        '<a href="mailto:rosa@example.com" style="color:inherit">rosa@example.com</a>',
      );
      expect(before).toContain('<a href="tel:+15550100" style="color:inherit">+1 555 0100</a>');
      expect(before).toContain('© Rosa Bakery. All rights reserved.');

      const edited = await ctx.call('PUT', '/api/business/profile', {
        token,
        body: { ...business, email: 'orders@rosa.example', address: '', socialLinks: ['https://x.com/rosa'] },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await publish()).statusCode).toBe(200);
      const after = (await ctx.call('GET', '/sites/rosa-profile/')).body;
      expect(after).toContain('href="mailto:orders@rosa.example"');
      expect(after).not.toContain('rosa@example.com');
      expect(after).toContain(
        '<a href="https://x.com/rosa" style="color:inherit" target="_blank" rel="noopener noreferrer">X</a>',
      );
    });

    it("titles name the business, not a website name made to tell the owner's sites apart", async () => {
      const { token } = await ctx.register();
      const setup = await ctx.call('POST', '/api/business/setup', { token, body: business });
      expect(setup.statusCode, setup.body).toBe(200);
      // The builder makes pages with their name as title; a second site is 'Rosa Bakery 2' on the list.
      const pages = generateSite(business).pages.map((p) => ({ ...p, title: p.name }));
      const saved = await ctx.call('POST', '/api/website/save', {
        token,
        body: { name: 'Rosa Bakery 2', pages },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const id = saved.json<{ id: number }>().id;
      const published = await ctx.call('POST', `/api/website/${id}/publish`, {
        token,
        body: { subdomain: 'rosa-second' },
      });
      expect(published.statusCode, published.body).toBe(200);
      const home = await ctx.call('GET', '/sites/rosa-second/');
      expect(home.body).toContain('<title>Rosa Bakery</title>');
      expect(home.body).toContain('<meta property="og:title" content="Rosa Bakery">');
      const audit = await ctx.call('GET', `/api/seo/websites/${id}/audit`, { token });
      expect(audit.statusCode, audit.body).toBe(200);
      expect(audit.json<{ pages: { effectiveTitle: string }[] }>().pages[0]?.effectiveTitle).toBe(
        'Rosa Bakery',
      );
    });

    it("the home page's own path (the /home the Page Manager shows) redirects to the site's root", async () => {
      const { token } = await ctx.register();
      const id = await savedSite(ctx, token);
      const published = await ctx.call('POST', `/api/website/${id}/publish`, {
        token,
        body: { subdomain: 'rosa-home' },
      });
      expect(published.statusCode, published.body).toBe(200);

      const shared = await ctx.call('GET', '/sites/rosa-home/home');
      expect(shared.statusCode).toBe(301);
      expect(shared.headers.location).toBe('/sites/rosa-home/');
      const home = await ctx.call('GET', String(shared.headers.location));
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<title>Rosa Bakery</title>');
      // A campaign's query string survives the redirect.
      const tagged = await ctx.call('GET', '/sites/rosa-home/home?utm_source=flyer&ref=a%20b');
      expect(tagged.statusCode).toBe(301);
      expect(tagged.headers.location).toBe('/sites/rosa-home/?utm_source=flyer&ref=a%20b');
      // Other missing pages, and sites nobody published, are still not found.
      expect((await ctx.call('GET', '/sites/rosa-home/homes')).statusCode).toBe(404);
      expect((await ctx.call('GET', '/sites/nobody-here/home')).statusCode).toBe(404);
      // Unpublished: the old home path leads nowhere.
      await ctx.call('DELETE', `/api/website/${id}/publish`, { token });
      expect((await ctx.call('GET', '/sites/rosa-home/home')).statusCode).toBe(404);
    });

    it('a page of its own at "home" is served there; the home page\'s own path still redirects', async () => {
      const { token } = await ctx.register();
      const text = (id: string, content: string) => ({ id, type: 'text', content, children: [] });
      const pages = [
        {
          id: 'front',
          name: 'Welcome',
          path: 'start',
          isHomePage: true,
          elements: [text('a', 'Front door')],
        },
        {
          id: 'cook',
          name: 'Home Cooking',
          path: 'home',
          isHomePage: false,
          elements: [text('b', 'Recipes')],
        },
      ];
      const saved = await ctx.call('POST', '/api/website/save', { token, body: { name: 'Cookery', pages } });
      expect(saved.statusCode, saved.body).toBe(200);
      const published = await ctx.call('POST', `/api/website/${saved.json().id}/publish`, {
        token,
        body: { subdomain: 'cookery' },
      });
      expect(published.statusCode, published.body).toBe(200);

      const cooking = await ctx.call('GET', '/sites/cookery/home');
      expect(cooking.statusCode).toBe(200);
      expect(cooking.body).toContain('Recipes');
      const start = await ctx.call('GET', '/sites/cookery/start');
      expect(start.statusCode).toBe(301);
      expect(start.headers.location).toBe('/sites/cookery/');
      expect((await ctx.call('GET', '/sites/cookery/')).body).toContain('Front door');
    });

    it('republishing updates what is served; unpublishing answers 404', async () => {
      const { token } = await ctx.register();
      const id = await savedSite(ctx, token, 'Old Name');
      await ctx.call('POST', `/api/website/${id}/publish`, { token, body: { subdomain: 'republish' } });
      expect((await ctx.call('GET', '/sites/republish/')).body).toContain('Old Name');
      const { pages } = generateSite({ ...business, businessName: 'New Name' });
      await ctx.call('PUT', `/api/website/${id}`, { token, body: { name: 'New Name', pages } });
      await ctx.call('POST', `/api/website/${id}/publish`, { token, body: { subdomain: 'republish' } });
      const served = await ctx.call('GET', '/sites/republish/');
      expect(served.body).toContain('New Name');
      expect(served.body).not.toContain('Old Name');

      expect((await ctx.call('DELETE', `/api/website/${id}/publish`, { token })).statusCode).toBe(204);
      expect((await ctx.call('GET', '/sites/republish/')).statusCode).toBe(404);
      expect((await ctx.call('GET', '/sites/republish/sitemap.xml')).statusCode).toBe(404);
    });

    it('a deleted site stops being served at once', async () => {
      const { token } = await ctx.register();
      const id = await savedSite(ctx, token);
      await ctx.call('POST', `/api/website/${id}/publish`, { token, body: { subdomain: 'deleted-site' } });
      expect((await ctx.call('GET', '/sites/deleted-site/')).statusCode).toBe(200);
      await ctx.call('DELETE', `/api/website/${id}`, { token });
      expect((await ctx.call('GET', '/sites/deleted-site/')).statusCode).toBe(404);
    });

    it('refuses a subdomain taken by another site (409), bad names (400) and foreign sites (404)', async () => {
      const first = await ctx.register();
      const second = await ctx.register();
      const a = await savedSite(ctx, first.token);
      const b = await savedSite(ctx, second.token);
      expect(
        (
          await ctx.call('POST', `/api/website/${a}/publish`, {
            token: first.token,
            body: { subdomain: 'taken' },
          })
        ).statusCode,
      ).toBe(200);
      const conflict = await ctx.call('POST', `/api/website/${b}/publish`, {
        token: second.token,
        body: { subdomain: 'taken' },
      });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().message).toBe('This subdomain is already taken. Please choose another one.');
      // The same site may republish on its own subdomain.
      expect(
        (
          await ctx.call('POST', `/api/website/${a}/publish`, {
            token: first.token,
            body: { subdomain: 'taken' },
          })
        ).statusCode,
      ).toBe(200);
      for (const subdomain of ['-bad', 'bad-', 'sp ace', 'ünï', '']) {
        const bad = await ctx.call('POST', `/api/website/${b}/publish`, {
          token: second.token,
          body: { subdomain },
        });
        expect(bad.statusCode, subdomain).toBe(400);
      }
      expect(
        (
          await ctx.call('POST', `/api/website/${b}/publish`, {
            token: second.token,
            body: { subdomain: 'ok', customDomain: 'not a host' },
          })
        ).statusCode,
      ).toBe(400);
      const foreign = await ctx.call('POST', `/api/website/${a}/publish`, {
        token: second.token,
        body: { subdomain: 'steal' },
      });
      expect(foreign.statusCode).toBe(404);
      expect(
        (await ctx.call('DELETE', `/api/website/${a}/publish`, { token: second.token })).statusCode,
      ).toBe(404);
      expect((await ctx.call('GET', '/sites/taken/')).statusCode).toBe(200);
    });

    it('routes by Host: a verified custom domain serves its site at the root', async () => {
      const { token } = await ctx.register();
      const id = await savedSite(ctx, token);
      const published = await ctx.call('POST', `/api/website/${id}/publish`, {
        token,
        body: { subdomain: 'hosted', customDomain: 'www.rosa-bakery.test' },
      });
      expect(published.json()).toMatchObject({
        customDomain: 'www.rosa-bakery.test',
        customDomainStatus: 'pending',
      });
      // Pending until its TXT record is found: the host serves nothing yet.
      expect((await ctx.call('GET', '/', { headers: { host: 'www.rosa-bakery.test' } })).statusCode).toBe(
        404,
      );
      const { record } = (await ctx.call('GET', `/api/website/${id}/domain`, { token })).json();
      zone.set(record.name, [[record.value]]);
      const verified = await ctx.call('POST', `/api/website/${id}/domain/verify`, { token });
      expect(verified.json()).toMatchObject({ status: 'verified' });
      const home = await ctx.call('GET', '/', { headers: { host: 'www.rosa-bakery.test' } });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('Rosa Bakery');
      const about = await ctx.call('GET', '/about', { headers: { host: 'WWW.rosa-bakery.test:8080' } });
      expect(about.body).toContain('<title>About | Rosa Bakery</title>');
      // On the site's own host, its home page's own path leads to the host's root.
      const shared = await ctx.call('GET', '/home?ref=qr', { headers: { host: 'www.rosa-bakery.test' } });
      expect(shared.statusCode).toBe(301);
      expect(shared.headers.location).toBe('/?ref=qr');
      const sitemap = await ctx.call('GET', '/sitemap.xml', { headers: { host: 'www.rosa-bakery.test' } });
      expect(sitemap.body).toContain('<loc>http://www.rosa-bakery.test/about</loc>');
      // The app's own host is untouched.
      expect((await ctx.call('GET', '/', { headers: { host: 'app.test' } })).body).toContain('test shell');
      await ctx.call('DELETE', `/api/website/${id}/publish`, { token });
      // No longer routed to the site (the domain stays claimed, and serves nothing while unpublished).
      expect((await ctx.call('GET', '/', { headers: { host: 'www.rosa-bakery.test' } })).body).not.toContain(
        'Rosa Bakery',
      );
    });

    it('generates a site for each industry that names the business and each service', async () => {
      const { token } = await ctx.register();
      for (const industry of ['technology', 'healthcare', 'finance', 'retail', 'consulting', 'other']) {
        const response = await ctx.call('POST', '/api/website/generate', {
          token,
          body: { ...business, industry, businessName: `Acme ${industry}` },
        });
        expect(response.statusCode, response.body).toBe(200);
        const site = response.json<{
          name: string;
          html: string;
          pages: { name: string; elements: unknown[] }[];
        }>();
        expect(site.name).toBe(`Acme ${industry}`);
        expect(site.pages.map((page) => page.name)).toEqual(['Home', 'About', 'Services', 'Contact']);
        expect(site.html).toContain(`Acme ${industry}`);
        const services = JSON.stringify(site.pages[2]);
        for (const service of ['Sourdough bread', 'Wedding cakes', 'Catering'])
          expect(services).toContain(service);
        expect(JSON.stringify(site.pages[3])).toContain('"type":"form"');
      }
      const bad = await ctx.call('POST', '/api/website/generate', {
        token,
        body: { ...business, industry: 'x' },
      });
      expect(bad.statusCode).toBe(400);
      expect((await ctx.call('POST', '/api/website/generate', { body: business })).statusCode).toBe(401);
    });
  },
  { resolveTxt },
);

describeEachDatabase(
  'publishing under PUBLIC_SITE_DOMAIN',
  (ctx) => {
    it('serves {subdomain}.PUBLIC_SITE_DOMAIN at its root, and stops when unpublished', async () => {
      const { token } = await ctx.register();
      const id = await savedSite(ctx, token);
      const published = await ctx.call('POST', `/api/website/${id}/publish`, {
        token,
        body: { subdomain: 'rosa' },
        headers: { host: 'app.test' },
      });
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json()).toMatchObject({ domain: 'rosa.sites.test', subdomain: 'rosa' });

      const home = await ctx.call('GET', '/', { headers: { host: 'rosa.sites.test' } });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('Rosa Bakery');
      expect(String(home.headers['content-security-policy'])).toContain('sandbox');
      const about = await ctx.call('GET', '/about', { headers: { host: 'ROSA.sites.test:443' } });
      expect(about.body).toContain('<title>About | Rosa Bakery</title>');
      const robots = await ctx.call('GET', '/robots.txt', { headers: { host: 'rosa.sites.test' } });
      expect(robots.statusCode).toBe(200);
      const shared = await ctx.call('GET', '/home', { headers: { host: 'rosa.sites.test' } });
      expect(shared.statusCode).toBe(301);
      expect(shared.headers.location).toBe('/');
      // Another subdomain of the domain is not a site; the app's own host is untouched.
      expect((await ctx.call('GET', '/', { headers: { host: 'nobody.sites.test' } })).statusCode).toBe(404);
      expect((await ctx.call('GET', '/', { headers: { host: 'app.test' } })).body).toContain('test shell');

      // A custom domain under the platform's domain would hijack another site's name: refused.
      const hijack = await ctx.call('POST', `/api/website/${id}/publish`, {
        token,
        body: { subdomain: 'rosa', customDomain: 'other.sites.test' },
      });
      expect(hijack.statusCode).toBe(400);

      await ctx.call('DELETE', `/api/website/${id}/publish`, { token });
      expect((await ctx.call('GET', '/', { headers: { host: 'rosa.sites.test' } })).statusCode).toBe(404);
    });

    it('a link with a trailing slash or a deeper path shows the site (or its not-found page), never the app', async () => {
      const { token } = await ctx.register();
      const id = await savedSite(ctx, token);
      const published = await ctx.call('POST', `/api/website/${id}/publish`, {
        token,
        body: { subdomain: 'rosa-slash' },
      });
      expect(published.statusCode, published.body).toBe(200);

      // Under /sites/{subdomain}/: 'about/' leads to 'about', keeping what the link carried.
      const slash = await ctx.call('GET', '/sites/rosa-slash/about/?utm_source=flyer');
      expect(slash.statusCode).toBe(301);
      expect(slash.headers.location).toBe('/sites/rosa-slash/about?utm_source=flyer');
      // A deeper path is the site's own not-found page, whose link leads to the site's home.
      const deep = await ctx.call('GET', '/sites/rosa-slash/about/team');
      expect(deep.statusCode).toBe(404);
      expect(deep.body).toContain('This site has no page at this address.');
      expect(deep.body).toContain('<a href="/sites/rosa-slash/">Go to the home page</a>');
      expect(deep.body).not.toContain('test shell');
      const unknownDeep = await ctx.call('GET', '/sites/nobody-here/a/b/');
      expect(unknownDeep.statusCode).toBe(404);
      expect(unknownDeep.body).toContain('This site is not published or has no such page.');

      // On the site's own host: the same, with the host's own paths.
      const host = { host: 'rosa-slash.sites.test' };
      const ownSlash = await ctx.call('GET', '/about/', { headers: host });
      expect(ownSlash.statusCode).toBe(301);
      expect(ownSlash.headers.location).toBe('/about');
      // Never a way off the site: a doubled slash is not another host.
      for (const path of ['//evil.example/', '//evil.example/about/', '/\\evil.example/']) {
        const off = await ctx.call('GET', path, { headers: host });
        expect(off.headers.location ?? '', path).not.toMatch(/^(\/\/|\/\\|https?:)/);
      }
      const ownDeep = await ctx.call('GET', '/about/team', { headers: host });
      expect(ownDeep.statusCode).toBe(404);
      expect(ownDeep.body).toContain('<a href="/">Go to the home page</a>');
      expect(ownDeep.body).not.toContain('test shell');
    });
  },
  { config: { publicSiteDomain: 'sites.test' } },
);
