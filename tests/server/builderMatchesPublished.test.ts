import { expect, it } from 'vitest';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { toSpecPages } from '../../src/canvas/pagesData.ts';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { TEMPLATES } from '../../src/canvas/templates.ts';
import type { WebsiteListItem } from '../../src/contracts/website.ts';
import { publicPageAddress } from '../../src/views/builder/preview/publicAddress.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';

/** The pages of a site made from the first template, as the builder saves them. */
function templatePages() {
  const site = createSiteDoc();
  edit(site, () => {
    addPage(site, { id: 'home', name: 'Home', path: 'home', isHomePage: true });
    for (const node of TEMPLATES[0].elements) insertElement(site, node, { pageId: 'home', parentId: null });
  });
  return toSpecPages(site);
}

/** Saves a template site named `name`, publishes it, and answers the brand of its navbar as a visitor reads it. */
async function publishedBrand(ctx: TestContext, token: string, name: string, subdomain: string) {
  const saved = await ctx.call('POST', '/api/website/save', {
    token,
    body: { name, pages: templatePages() },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const id = saved.json<{ id: number }>().id;
  const published = await ctx.call('POST', `/api/website/${id}/publish`, { token, body: { subdomain } });
  expect(published.statusCode, published.body).toBe(200);
  const home = await ctx.call('GET', `/sites/${subdomain}/`);
  return /<nav[^>]*><span[^>]*>(?:<img[^>]*>)?([^<]*)<\/span>/.exec(home.body)?.[1];
}

// The builder's canvas shows the same (tests/views/templateBrand.test.tsx): the business name, else the site's.
describeEachDatabase('the brand of a published template site', (ctx) => {
  it('without a business profile, the site’s name', async () => {
    const { token } = await ctx.register();
    expect(await publishedBrand(ctx, token, 'My Website', 'brand-no-profile')).toBe('My Website');
  });

  it('with a business name, the business name', async () => {
    const { token } = await ctx.register();
    const setup = await ctx.call('POST', '/api/business/setup', {
      token,
      body: {
        businessName: 'Rosa Bakery',
        industry: 'retail',
        services: 'Bread',
        email: 'rosa@example.com',
        phone: '+1 555 0100',
      },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(await publishedBrand(ctx, token, 'Spring Sale', 'brand-with-profile')).toBe('Rosa Bakery');
  });
});

// The builder's preview shows this address (tests/views/previewAddress.test.tsx), from the websites list.
describeEachDatabase('the preview’s address of a published site', (ctx) => {
  it('is the address the publish answer gives, with the page’s path, where the page is served', async () => {
    const { token } = await ctx.register();
    const pages = [
      { id: 'home', name: 'Home', path: 'home', isHomePage: true, elements: [] },
      { id: 'about', name: 'About', path: 'about', isHomePage: false, elements: [] },
    ];
    const saved = await ctx.call('POST', '/api/website/save', { token, body: { name: 'Rosa', pages } });
    const id = saved.json<{ id: number }>().id;
    const listed = async () =>
      (await ctx.call('GET', '/api/website', { token }))
        .json<WebsiteListItem[]>()
        .find((site) => site.id === id);
    expect(publicPageAddress(await listed(), pages[1], 'http:')).toBe(null);

    const published = await ctx.call('POST', `/api/website/${id}/publish`, {
      token,
      body: { subdomain: 'rosa-address' },
      headers: { host: 'app.test' },
    });
    expect(published.statusCode, published.body).toBe(200);
    const site = await listed();

    expect(publicPageAddress(site, pages[0], 'http:')).toBe(published.json().url);
    const about = publicPageAddress(site, pages[1], 'http:');
    expect(about).toBe(`${published.json().url}about`);
    const served = await ctx.call('GET', new URL(about as string).pathname, {
      headers: { host: 'app.test' },
    });
    expect(served.statusCode).toBe(200);
  });
});
