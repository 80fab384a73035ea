import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness.ts';

type Finding = {
  code: string;
  severity: string;
  pagePath: string;
  elementId: string | null;
  message: string;
};

const el = (id: string, type: string, props: Record<string, unknown> = {}, children: unknown[] = []) => ({
  id,
  type,
  parentId: null,
  children,
  ...props,
});

// A deliberately flawed site: duplicate titles, an image without alt text, a skipped heading level,
// a broken internal link, a page the navigation forgets, and a hidden page.
const flawedPages = [
  {
    id: 'home',
    name: 'Home',
    path: '',
    isHomePage: true,
    title: 'Rosa Bakery',
    description: 'Fresh bread every morning in the old town, baked by Rosa and her team since 1998.',
    canonicalUrl: 'https://rosa.example/',
    ogImage: 'https://rosa.example/og.png',
    elements: [
      el('nav', 'navbar', {
        navItems: [
          { id: 'n1', label: 'Home', url: '/' },
          { id: 'n2', label: 'About', url: '/about' },
        ],
      }),
      el('h1', 'header', { content: 'Rosa Bakery', level: 'h1' }),
      el('h3', 'header', { content: 'Our bread', level: 'h3' }),
      el('pic', 'image', { imageUrl: 'https://rosa.example/loaf.jpg', alt: '' }),
      el('cta', 'button', { buttonText: 'Order', buttonUrl: '/order-now' }),
    ],
  },
  {
    id: 'about',
    name: 'About',
    path: 'about',
    isHomePage: false,
    title: 'Rosa Bakery',
    description: '',
    canonicalUrl: 'javascript:alert(1)',
    elements: [el('a1', 'header', { content: 'About us', level: 'h1' })],
  },
  {
    id: 'menu',
    name: 'Menu',
    path: 'menu',
    isHomePage: false,
    title: 'Menu and prices | Rosa Bakery',
    description: 'Breads, cakes and pastries with prices, allergens and the days each one is baked fresh.',
    elements: [el('m1', 'header', { content: 'Menu', level: 'h1' })],
  },
  {
    id: 'staff',
    name: 'Staff',
    path: 'staff',
    isHomePage: false,
    title: 'Staff area of the bakery',
    noindex: true,
    elements: [el('s1', 'header', { content: 'Staff', level: 'h1' })],
  },
];

describeEachDatabase('SEO tools', (ctx) => {
  it('audits a flawed site from its last save, page by page, with the element to fix', async () => {
    const owner = await ctx.register();
    const saved = await ctx.call('POST', '/api/website/save', {
      token: owner.token,
      body: { name: 'Rosa Bakery', pages: flawedPages },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<{ id: number }>().id;

    const audit = await ctx.call('GET', `/api/seo/websites/${id}/audit`, { token: owner.token });
    expect(audit.statusCode, audit.body).toBe(200);
    const body = audit.json<{
      findings: Finding[];
      pages: { id: string; noindex: boolean; canonicalUrl: string }[];
    }>();
    const codes = (path: string) =>
      body.findings
        .filter((f) => f.pagePath === path)
        .map((f) => `${f.code}${f.elementId ? `@${f.elementId}` : ''}`)
        .sort();
    expect(codes('')).toEqual(
      ['title-duplicate', 'image-alt@pic', 'heading-order@h3', 'broken-link@cta', 'sitemap'].sort(),
    );
    expect(codes('about')).toEqual(['title-duplicate', 'description-missing'].sort());
    // In no navigation (the navbar links Home and About only); the hidden page is not expected there.
    expect(codes('menu')).toEqual(['not-in-navigation']);
    expect(codes('staff')).toEqual(['description-missing']);
    expect(body.findings.find((f) => f.code === 'sitemap')).toMatchObject({
      severity: 'warning',
      message: 'The site is not published: it has no sitemap.xml yet.',
    });
    expect(body.pages.find((p) => p.id === 'staff')).toMatchObject({ noindex: true });

    // Fixing and saving again: the next audit reflects the save.
    const fixed = structuredClone(flawedPages);
    fixed[0].elements[3] = el('pic', 'image', { imageUrl: 'https://rosa.example/loaf.jpg', alt: 'A loaf' });
    const updated = await ctx.call('PUT', `/api/website/${id}`, {
      token: owner.token,
      body: { name: 'Rosa Bakery', pages: fixed },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const again = await ctx.call('GET', `/api/seo/websites/${id}/audit`, { token: owner.token });
    expect(again.json<{ findings: Finding[] }>().findings.map((f) => f.code)).not.toContain('image-alt');

    // Another account cannot audit it.
    const stranger = await ctx.register();
    const denied = await ctx.call('GET', `/api/seo/websites/${id}/audit`, { token: stranger.token });
    expect(denied.statusCode).toBe(404);
  });

  it('publishes canonical, Open Graph image and noindex tags; hidden pages stay out of the sitemap', async () => {
    const owner = await ctx.register();
    const saved = await ctx.call('POST', '/api/website/save', {
      token: owner.token,
      body: { name: 'Rosa Bakery', pages: flawedPages },
    });
    const id = saved.json<{ id: number }>().id;
    const subdomain = `seo-${ctx.kind}-${Date.now()}`;
    const published = await ctx.call('POST', `/api/website/${id}/publish`, {
      token: owner.token,
      body: { subdomain },
    });
    expect(published.statusCode, published.body).toBe(200);

    const home = await ctx.call('GET', `/sites/${subdomain}/`);
    expect(home.body).toContain('<link rel="canonical" href="https://rosa.example/">');
    expect(home.body).toContain('<meta property="og:image" content="https://rosa.example/og.png">');
    expect(home.body).not.toContain('noindex');
    const about = await ctx.call('GET', `/sites/${subdomain}/about`);
    expect(about.body).not.toContain('rel="canonical"');
    expect(about.body).not.toContain('javascript:');
    const staff = await ctx.call('GET', `/sites/${subdomain}/staff`);
    expect(staff.body).toContain('<meta name="robots" content="noindex">');

    const sitemap = await ctx.call('GET', `/sites/${subdomain}/sitemap.xml`);
    expect(sitemap.body).toContain(`/sites/${subdomain}/about</loc>`);
    expect(sitemap.body).not.toContain('/staff<');

    const audit = await ctx.call('GET', `/api/seo/websites/${id}/audit`, { token: owner.token });
    expect(audit.json<{ findings: Finding[] }>().findings.find((f) => f.code === 'sitemap')).toMatchObject({
      severity: 'info',
      message: expect.stringContaining('sitemap.xml lists 3 pages'),
    });
  });
});
