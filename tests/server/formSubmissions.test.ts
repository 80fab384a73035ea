import { expect, it } from 'vitest';
import { FORM_RATE_LIMITS } from '../../server/routes/forms/publicFormRoutes.ts';
import { generateSite } from '../../src/canvas/generator/generateSite.ts';
import { type Call, describeEachDatabase, type TestContext } from './harness.ts';

const business = {
  businessName: 'Rosa Bakery',
  industry: 'retail',
  services: 'Bread, Cakes',
  email: 'rosa@example.com',
  phone: '+1 555 0100',
};

let counter = 0;

/** A published generated site; returns its subdomain, contact form id and the owner's token. */
async function publishedSite(ctx: TestContext) {
  counter += 1;
  const owner = await ctx.register();
  const { pages } = generateSite(business);
  const saved = await ctx.call('POST', '/api/website/save', {
    token: owner.token,
    body: { name: 'Rosa Bakery', pages },
  });
  const id = saved.json<{ id: number }>().id;
  const subdomain = `forms-${counter}-${ctx.kind}`;
  const published = await ctx.call('POST', `/api/website/${id}/publish`, {
    token: owner.token,
    body: { subdomain },
  });
  expect(published.statusCode, published.body).toBe(200);
  const contact = await ctx.call('GET', `/sites/${subdomain}/contact`);
  const formId = /data-form-id="([^"]+)"/.exec(contact.body)?.[1] ?? '';
  expect(formId).not.toBe('');
  return { owner, id, subdomain, formId, url: `/api/public/sites/${subdomain}/forms/${formId}` };
}

const message = { Name: 'Ada', Email: 'ada@example.com', Message: 'Two loaves, please' };

describeEachDatabase('form submissions', (ctx) => {
  it("a published form's text fields stop where the server's limit is, so a visitor cannot type a message that fails", async () => {
    const site = await publishedSite(ctx);
    const page = (await ctx.call('GET', `/sites/${site.subdomain}/contact`)).body;
    // Every field a visitor types in says how long it may be; the message box too.
    const typed = [...page.matchAll(/<(input|textarea)\b[^>]*name="(Name|Email|Message)"[^>]*>/g)];
    expect(typed.map((tag) => tag[2])).toEqual(['Name', 'Email', 'Message']);
    const limits = typed.map((tag) => Number(/maxlength="(\d+)"/i.exec(tag[0])?.[1]));
    expect(limits).toEqual([5000, 5000, 5000]);
    // The longest message the page lets a visitor type is stored; the server refuses one longer.
    const longest = { ...message, Message: 'x'.repeat(limits[2] ?? 0) };
    const stored = await ctx.call('POST', site.url, { body: { data: longest }, remoteAddress: '10.0.0.9' });
    expect(stored.statusCode, stored.body).toBe(201);
    const tooLong = { ...message, Message: 'x'.repeat((limits[2] ?? 0) + 1) };
    const refused = await ctx.call('POST', site.url, { body: { data: tooLong }, remoteAddress: '10.0.0.9' });
    expect(refused.statusCode).toBe(400);
  });

  it('stores a visitor post and gives the owner list, open (new → read), replied and delete', async () => {
    const site = await publishedSite(ctx);
    const preflight = await ctx.call('OPTIONS', site.url, { headers: { origin: 'null' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');

    const posted = await ctx.call('POST', site.url, {
      body: { data: { ...message, Unknown: 'dropped' }, bz_website: '' },
      remoteAddress: '10.0.0.1',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.headers['access-control-allow-origin']).toBe('*');

    const list = await ctx.call('GET', '/api/forms/submissions', { token: site.owner.token });
    expect(list.statusCode).toBe(200);
    const [stored] = list.json<{ id: number; status: string }[]>();
    expect(stored).toMatchObject({
      formId: site.formId,
      formTitle: 'Contact Us',
      websiteName: 'Rosa Bakery',
      websiteId: site.id,
      pagePath: 'contact',
      data: message,
      status: 'new',
    });
    expect(Date.parse((stored as unknown as { submittedAt: string }).submittedAt)).not.toBeNaN();

    const opened = await ctx.call('GET', `/api/forms/submissions/${stored?.id}`, { token: site.owner.token });
    expect(opened.json()).toMatchObject({ status: 'read' });
    const replied = await ctx.call('PATCH', `/api/forms/submissions/${stored?.id}`, {
      token: site.owner.token,
      body: { status: 'replied' },
    });
    expect(replied.json()).toMatchObject({ status: 'replied' });
    // Opening again leaves replied alone.
    expect(
      (await ctx.call('GET', `/api/forms/submissions/${stored?.id}`, { token: site.owner.token })).json(),
    ).toMatchObject({ status: 'replied' });

    const stranger = await ctx.register();
    expect((await ctx.call('GET', '/api/forms/submissions', { token: stranger.token })).json()).toEqual([]);
    for (const method of ['GET', 'DELETE'] as const) {
      expect(
        (await ctx.call(method, `/api/forms/submissions/${stored?.id}`, { token: stranger.token }))
          .statusCode,
      ).toBe(404);
    }
    const cards = await ctx.call('GET', '/api/website', { token: site.owner.token });
    expect(cards.json()[0]).toMatchObject({ submissionCount: 1 });

    expect(
      (await ctx.call('DELETE', `/api/forms/submissions/${stored?.id}`, { token: site.owner.token }))
        .statusCode,
    ).toBe(204);
    expect((await ctx.call('GET', '/api/forms/submissions', { token: site.owner.token })).json()).toEqual([]);
  });

  it('refuses unknown forms (404), bad and oversized bodies, and quietly drops honeypot posts', async () => {
    const site = await publishedSite(ctx);
    const ip = { remoteAddress: '10.0.1.1' };
    expect(
      (
        await ctx.call('POST', `/api/public/sites/${site.subdomain}/forms/nope`, {
          body: { data: message },
          ...ip,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.call('POST', `/api/public/sites/nobody-here/forms/${site.formId}`, {
          body: { data: message },
          ...ip,
        })
      ).statusCode,
    ).toBe(404);
    const oversized = await ctx.call('POST', site.url, {
      body: { data: { Message: 'x'.repeat(20_000) } },
      remoteAddress: '10.0.1.2',
    });
    expect(oversized.statusCode).toBe(413);
    const notText = await ctx.call('POST', site.url, {
      body: { data: { Name: { a: 1 } } },
      remoteAddress: '10.0.1.3',
    });
    expect(notText.statusCode).toBe(400);
    const extra = await ctx.call('POST', site.url, {
      body: { data: message, admin: true },
      remoteAddress: '10.0.1.4',
    });
    expect(extra.statusCode).toBe(400);
    const empty = await ctx.call('POST', site.url, {
      body: { data: { Name: '  ' } },
      remoteAddress: '10.0.1.5',
    });
    expect(empty.json()).toEqual({ message: 'The form is empty' });

    const bot = await ctx.call('POST', site.url, {
      body: { data: message, bz_website: 'http://spam.example' },
      remoteAddress: '10.0.1.6',
    });
    expect(bot.statusCode).toBe(201);
    expect((await ctx.call('GET', '/api/forms/submissions', { token: site.owner.token })).json()).toEqual([]);
  });

  it('limits posts per visitor IP and per site (429)', async () => {
    const site = await publishedSite(ctx);
    for (let i = 0; i < FORM_RATE_LIMITS.perIp; i += 1) {
      const ok = await ctx.call('POST', site.url, { body: { data: message }, remoteAddress: '10.0.2.1' });
      expect(ok.statusCode).toBe(201);
    }
    const limited = await ctx.call('POST', site.url, { body: { data: message }, remoteAddress: '10.0.2.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many submissions. Please try again later.' });
    // Another visitor still gets through, until the site's own limit is reached.
    const other = await ctx.call('POST', site.url, { body: { data: message }, remoteAddress: '10.0.2.2' });
    expect(other.statusCode).toBe(201);
    let status = 201;
    for (let i = 0; i < FORM_RATE_LIMITS.perSite && status !== 429; i += 1) {
      status = (
        await ctx.call('POST', site.url, {
          body: { data: message, bz_website: 'bot' },
          remoteAddress: `10.0.3.${i}`,
        })
      ).statusCode;
    }
    expect(status).toBe(429);
  });
});

// A load balancer on another host (10.0.0.2) forwards every visitor: without TRUST_PROXY the server sees one
// address for all of them, and the per-visitor limit becomes a limit for everybody.
const viaBalancer = (visitor: string): Call => ({
  body: { data: message },
  remoteAddress: '10.0.0.2',
  headers: { 'x-forwarded-for': visitor },
});

/** The statuses of one post more than a visitor may make in a minute, the i-th made with `post(i)`. */
async function overTheLimit(ctx: TestContext, url: string, post: (i: number) => Call): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= FORM_RATE_LIMITS.perIp; i += 1)
    statuses.push((await ctx.call('POST', url, post(i))).statusCode);
  return statuses;
}
const LIMITED = [201, 201, 201, 201, 201, 429];

describeEachDatabase(
  'form limits behind a load balancer on another host, not named in TRUST_PROXY',
  (ctx) => {
    it('counts every visitor as the balancer (the default trusts only a proxy on this host)', async () => {
      const site = await publishedSite(ctx);
      expect(await overTheLimit(ctx, site.url, (i) => viaBalancer(`203.0.113.${i + 1}`))).toEqual(LIMITED);
    });
  },
);

describeEachDatabase(
  'form limits behind a load balancer named in TRUST_PROXY',
  (ctx) => {
    it('counts each visitor the balancer names, and a direct client by its own address', async () => {
      const site = await publishedSite(ctx);
      expect(await overTheLimit(ctx, site.url, (i) => viaBalancer(`203.0.113.${i + 1}`))).toEqual([
        201, 201, 201, 201, 201, 201,
      ]);
      // One visitor through the balancer is still limited.
      expect(await overTheLimit(ctx, site.url, () => viaBalancer('198.51.100.7'))).toEqual(LIMITED);
      // A client that is not a trusted proxy cannot choose its address with the header.
      const direct = (i: number): Call => ({
        body: { data: message },
        remoteAddress: '198.51.100.99',
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
      expect(await overTheLimit(ctx, site.url, direct)).toEqual(LIMITED);
    });
  },
  { config: { trustProxy: ['loopback', '10.0.0.0/8'] } },
);
