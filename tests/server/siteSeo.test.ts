import { expect, it } from 'vitest';
import { describeEachDatabase, type Session, type TestContext } from './harness.ts';

type Finding = { code: string; severity: string; pagePath: string; message: string };

const h1 = (id: string, content: string) => ({
  id,
  type: 'header',
  parentId: null,
  children: [],
  content,
  level: 'h1',
});

// A home page with its own settings, and an About page with none: it takes the site's defaults.
const pages = [
  {
    id: 'home',
    name: 'Home',
    path: '',
    isHomePage: true,
    title: 'Fresh bread in the old town',
    description: 'Fresh bread every morning in the old town, baked by Rosa and her team since 1998.',
    canonicalUrl: 'https://rosa.example/home',
    ogImage: 'https://rosa.example/home.png',
    elements: [h1('h1', 'Rosa Bakery')],
  },
  { id: 'about', name: 'About', path: 'about', isHomePage: false, elements: [h1('a1', 'About us')] },
];

const settings = {
  titleSuffix: " | Rosa's Bakery",
  description: 'Rosa bakes sourdough, rye and sweet buns every morning in the old town, since 1998.',
  canonicalBase: 'https://www.rosa.example/',
  ogImage: '/api/uploads/og-default.png',
  noindex: false,
};

async function createSite(ctx: TestContext, owner: Session): Promise<number> {
  const saved = await ctx.call('POST', '/api/website/save', {
    token: owner.token,
    body: { name: 'Rosa Bakery', pages },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<{ id: number }>().id;
}

describeEachDatabase('Site SEO settings', (ctx) => {
  it('start empty, are replaced by a PUT and read back; any member of the account may change them', async () => {
    const owner = await ctx.register();
    const id = await createSite(ctx, owner);
    const url = `/api/seo/websites/${id}/settings`;
    const savedAt = (await ctx.call('GET', `/api/website/${id}`, { token: owner.token })).json<{
      updatedAt: string;
    }>().updatedAt;

    const initial = await ctx.call('GET', url, { token: owner.token });
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json()).toEqual({
      websiteId: id,
      isPublished: false,
      titleSuffix: '',
      description: '',
      canonicalBase: '',
      ogImage: '',
      noindex: false,
    });

    const put = await ctx.call('PUT', url, {
      token: owner.token,
      body: {
        ...settings,
        description: `  ${settings.description}  `,
        canonicalBase: ' https://www.rosa.example/ ',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    // The suffix keeps its leading space; the other texts are trimmed.
    expect(put.json()).toEqual({ websiteId: id, isPublished: false, ...settings });
    expect((await ctx.call('GET', url, { token: owner.token })).json()).toMatchObject(settings);

    // Settings are not a content save: the website's "last save" time stays.
    const site = await ctx.call('GET', `/api/website/${id}`, { token: owner.token });
    expect(site.json<{ updatedAt: string }>().updatedAt).toBe(savedAt);

    // A member with the plain User role works on the account's websites, settings included.
    const member = await ctx.register();
    const added = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
      token: owner.token,
      body: { email: member.email, roleName: 'User' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const byMember = await ctx.call('PUT', url, {
      token: member.token,
      headers: { 'x-account-id': String(owner.accountId) },
      body: { ...settings, titleSuffix: ' - Rosa' },
    });
    expect(byMember.statusCode, byMember.body).toBe(200);
    expect(byMember.json()).toMatchObject({ titleSuffix: ' - Rosa' });
  });

  it('reject bad addresses, unknown fields, missing fields and overlong values with a 400 message', async () => {
    const owner = await ctx.register();
    const id = await createSite(ctx, owner);
    const put = (body: unknown) =>
      ctx.call('PUT', `/api/seo/websites/${id}/settings`, { token: owner.token, body });
    const cases: Array<[unknown, string]> = [
      [
        { ...settings, ogImage: 'javascript:alert(1)' },
        'ogImage must be an http:// or https:// address, or a path starting with /',
      ],
      [{ ...settings, ogImage: 'data:image/png;base64,AAAA' }, 'ogImage must be an http:// or https://'],
      [{ ...settings, ogImage: '//evil.example/x.png' }, 'ogImage must be an http:// or https://'],
      [
        { ...settings, canonicalBase: 'javascript:alert(1)' },
        'canonicalBase must be an absolute http:// or https:// address, such as https://www.example.com',
      ],
      [{ ...settings, canonicalBase: '/relative' }, 'canonicalBase must be an absolute http:// or https://'],
      [{ ...settings, canonicalBase: 'https://rosa.example/?a=1' }, 'canonicalBase must be an absolute'],
      [{ ...settings, canonicalBase: 'ftp://rosa.example' }, 'canonicalBase must be an absolute'],
      [{ ...settings, extra: 1 }, 'Unknown field "extra"'],
      [{ titleSuffix: '', description: '', canonicalBase: '', ogImage: '' }, 'noindex is required'],
      [{ ...settings, titleSuffix: 'x'.repeat(101) }, 'titleSuffix must be at most 100 characters'],
      [{ ...settings, description: 'x'.repeat(1001) }, 'description must be at most 1000 characters'],
      [{ ...settings, ogImage: `https://rosa.example/${'x'.repeat(2000)}` }, 'ogImage must be at most 2000'],
      [{ ...settings, titleSuffix: ' | Rosa\n<script>' }, 'titleSuffix is not in a valid format'],
      [{ ...settings, noindex: 'yes' }, 'noindex must be a boolean'],
    ];
    for (const [body, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    // Nothing was stored by the refused calls.
    const stored = await ctx.call('GET', `/api/seo/websites/${id}/settings`, { token: owner.token });
    expect(stored.json()).toMatchObject({ titleSuffix: '', ogImage: '', canonicalBase: '' });
    // Clearing is allowed: '' for every address.
    expect((await put({ ...settings, canonicalBase: '', ogImage: '' })).statusCode).toBe(200);
  });

  it("answer 404 for another account's website and for no website at all", async () => {
    const owner = await ctx.register();
    const id = await createSite(ctx, owner);
    const stranger = await ctx.register();
    const url = `/api/seo/websites/${id}/settings`;

    const read = await ctx.call('GET', url, { token: stranger.token });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: 'Website not found' });
    const write = await ctx.call('PUT', url, { token: stranger.token, body: { ...settings, noindex: true } });
    expect(write.statusCode).toBe(404);
    const missing = await ctx.call('GET', '/api/seo/websites/2147483647/settings', { token: owner.token });
    expect(missing.statusCode).toBe(404);
    expect((await ctx.call('GET', url)).statusCode).toBe(401);

    const untouched = await ctx.call('GET', url, { token: owner.token });
    expect(untouched.json()).toMatchObject({ noindex: false, titleSuffix: '' });
  });

  it('fill what a published page leaves empty; its own settings win; republish applies changes', async () => {
    const owner = await ctx.register();
    const id = await createSite(ctx, owner);
    const url = `/api/seo/websites/${id}/settings`;
    expect((await ctx.call('PUT', url, { token: owner.token, body: settings })).statusCode).toBe(200);
    const subdomain = `site-seo-${ctx.kind}-${Date.now()}`;
    const publish = () =>
      ctx.call('POST', `/api/website/${id}/publish`, { token: owner.token, body: { subdomain } });
    expect((await publish()).statusCode).toBe(200);

    const about = (await ctx.call('GET', `/sites/${subdomain}/about`)).body;
    expect(about).toContain('<title>About | Rosa&#39;s Bakery</title>');
    expect(about).toContain(`<meta name="description" content="${settings.description}">`);
    expect(about).toContain('<link rel="canonical" href="https://www.rosa.example/about">');
    expect(about).toContain('<meta property="og:image" content="/api/uploads/og-default.png">');
    expect(about).not.toContain('noindex');

    const home = (await ctx.call('GET', `/sites/${subdomain}/`)).body;
    expect(home).toContain('<title>Fresh bread in the old town | Rosa&#39;s Bakery</title>');
    expect(home).toContain('content="Fresh bread every morning in the old town');
    expect(home).toContain('<link rel="canonical" href="https://rosa.example/home">');
    expect(home).toContain('<meta property="og:image" content="https://rosa.example/home.png">');

    const robots = await ctx.call('GET', `/sites/${subdomain}/robots.txt`);
    expect(robots.body).toContain('Allow: /');
    expect(robots.body).toContain('sitemap.xml');

    // Hide the whole site: saved, but the published pages change only when the site is published again.
    const hidden = await ctx.call('PUT', url, { token: owner.token, body: { ...settings, noindex: true } });
    expect(hidden.json()).toMatchObject({ noindex: true, isPublished: true });
    expect((await ctx.call('GET', `/sites/${subdomain}/about`)).body).not.toContain('noindex');
    expect((await publish()).statusCode).toBe(200);

    for (const path of ['', 'about']) {
      const page = await ctx.call('GET', `/sites/${subdomain}/${path}`);
      expect(page.body).toContain('<meta name="robots" content="noindex">');
    }
    const disallowed = await ctx.call('GET', `/sites/${subdomain}/robots.txt`);
    expect(disallowed.body).toBe('User-agent: *\nDisallow: /\n');
    const sitemap = await ctx.call('GET', `/sites/${subdomain}/sitemap.xml`);
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain('<url>');

    const audit = await ctx.call('GET', `/api/seo/websites/${id}/audit`, { token: owner.token });
    const findings = audit.json<{ findings: Finding[] }>().findings;
    expect(findings.find((f) => f.code === 'site-noindex')).toMatchObject({
      severity: 'error',
      message: expect.stringContaining('The whole site is hidden from search engines'),
    });

    // Published again without noindex: crawlers are welcome again.
    expect((await ctx.call('PUT', url, { token: owner.token, body: settings })).statusCode).toBe(200);
    expect((await publish()).statusCode).toBe(200);
    expect((await ctx.call('GET', `/sites/${subdomain}/robots.txt`)).body).toContain('Allow: /');
    expect((await ctx.call('GET', `/sites/${subdomain}/sitemap.xml`)).body).toContain('/about</loc>');
  });

  it('let the audit judge pages as published: default description, titles with the suffix, http base', async () => {
    const owner = await ctx.register();
    const id = await createSite(ctx, owner);
    const audit = async () => {
      const response = await ctx.call('GET', `/api/seo/websites/${id}/audit`, { token: owner.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{
        findings: Finding[];
        pages: Array<{
          id: string;
          effectiveTitle: string;
          effectiveDescription: string;
          effectiveCanonicalUrl: string;
        }>;
      }>();
    };
    const codesOf = (findings: Finding[], path: string) =>
      findings.filter((f) => f.pagePath === path).map((f) => f.code);

    const before = await audit();
    expect(codesOf(before.findings, 'about')).toContain('description-missing');

    const longSuffix = ' | Rosa Bakery, sourdough and rye since 1998 in the old town';
    await ctx.call('PUT', `/api/seo/websites/${id}/settings`, {
      token: owner.token,
      body: { ...settings, titleSuffix: longSuffix, canonicalBase: 'http://www.rosa.example' },
    });
    const after = await audit();
    expect(codesOf(after.findings, 'about')).not.toContain('description-missing');
    // "Fresh bread in the old town" fits alone; with the suffix it is longer than 60 characters.
    expect(codesOf(after.findings, '')).toContain('title-length');
    expect(after.findings.find((f) => f.code === 'canonical-insecure')?.severity).toBe('warning');
    expect(after.pages.find((p) => p.id === 'about')).toMatchObject({
      effectiveTitle: `About${longSuffix}`,
      effectiveDescription: settings.description,
      effectiveCanonicalUrl: 'http://www.rosa.example/about',
    });

    await ctx.call('PUT', `/api/seo/websites/${id}/settings`, {
      token: owner.token,
      body: { ...settings, description: 'Too short.' },
    });
    const short = await audit();
    expect(short.findings.find((f) => f.code === 'site-description-length')?.message).toBe(
      "The site's default description has 10 characters; 50–160 work best.",
    );
  });
});
