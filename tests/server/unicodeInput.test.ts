import { expect, it } from 'vitest';
import { csvUpload } from './crmHelpers.ts';
import { describeEachDatabase, type TestContext, uniqueEmail } from './harness.ts';
import { createStore, newCart } from './storeFixtures.ts';

const NUL = 'a\u0000b';
const HIGH = 'a\ud800b';
const LOW = '\udc00b';
const problem = (field: string) => `${field} must not contain a NUL character or an unpaired surrogate`;

type Call = Parameters<TestContext['call']>;

/** Sends the request and expects a 400 naming `field`. */
async function expectRefused(ctx: TestContext, field: string, ...[method, url, options]: Call) {
  const response = await ctx.call(method, url, options);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
  expect(response.json()).toEqual({ message: problem(field) });
}

describeEachDatabase('unicode input', (ctx) => {
  it('refuses a NUL or lone surrogate in the register name, and registers nobody', async () => {
    const email = uniqueEmail();
    for (const name of [NUL, HIGH, LOW]) {
      await expectRefused(ctx, 'name', 'POST', '/api/auth/register', {
        body: { email, password: 'secret-pass', name },
      });
    }
    // Nothing was stored: the same address registers cleanly afterwards.
    const again = await ctx.call('POST', '/api/auth/register', { body: { email, password: 'secret-pass' } });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses bad text in contact fields on create and update, and in the contact search', async () => {
    const { token } = await ctx.register();
    await expectRefused(ctx, 'firstName', 'POST', '/api/crm/contacts', { token, body: { firstName: NUL } });
    await expectRefused(ctx, 'company', 'POST', '/api/crm/contacts', {
      token,
      body: { firstName: 'Ada', company: HIGH },
    });
    await expectRefused(ctx, 'tags.1', 'POST', '/api/crm/contacts', {
      token,
      body: { firstName: 'Ada', tags: ['ok', LOW] },
    });
    const created = await ctx.call('POST', '/api/crm/contacts', { token, body: { firstName: 'Ada' } });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    await expectRefused(ctx, 'lastName', 'PUT', `/api/crm/contacts/${id}`, {
      token,
      body: { firstName: 'Ada', lastName: NUL },
    });
    await expectRefused(ctx, 'x-account-id header', 'GET', '/api/crm/contacts', {
      token,
      headers: { 'x-account-id': '1\u0000' },
    });
    await expectRefused(ctx, 'search', 'GET', '/api/crm/contacts?search=%00', { token });
    await expectRefused(ctx, 'search', 'GET', `/api/crm/contacts?search=${encodeURIComponent('x')}%00`, {
      token,
    });
    const list = await ctx.call('GET', '/api/crm/contacts', { token });
    expect(list.json()).toMatchObject({ totalCount: 1, contacts: [{ id, firstName: 'Ada', lastName: '' }] });
  });

  it('refuses bad text in a cart customerId, a customer id in the path and an Idempotency-Key', async () => {
    const store = await createStore(ctx);
    await expectRefused(ctx, 'customerId', 'POST', '/api/ecommerce/cart', {
      body: { storeId: store.storeId, customerId: NUL },
    });
    await expectRefused(ctx, 'customerId', 'POST', '/api/ecommerce/cart', {
      body: { storeId: store.storeId, customerId: HIGH },
    });
    await expectRefused(ctx, 'id', 'GET', '/api/ecommerce/customers/%00/orders', {
      token: store.owner.token,
    });
    const cart = await newCart(ctx, store.storeId);
    await expectRefused(ctx, 'idempotency-key header', 'POST', '/api/ecommerce/orders', {
      body: { cartId: cart.id },
      headers: { 'idempotency-key': NUL },
    });
  });

  it('refuses bad text in a website name and nested page fields, and in the business setup', async () => {
    const { token } = await ctx.register();
    await expectRefused(ctx, 'name', 'POST', '/api/website/save', { token, body: { name: NUL } });
    await expectRefused(ctx, 'pages.0.name', 'POST', '/api/website/save', {
      token,
      body: { name: 'Site', pages: [{ id: 'p1', name: HIGH, path: '/' }] },
    });
    await expectRefused(ctx, 'Field names in pages.0.elements.0', 'POST', '/api/website/save', {
      token,
      body: { name: 'Site', pages: [{ id: 'p1', name: 'Home', path: '/', elements: [{ [NUL]: 1 }] }] },
    });
    // pagesData is JSON text: its escapes only become characters once the route parses it.
    await expectRefused(ctx, 'pagesData.0.name', 'POST', '/api/website/save', {
      token,
      body: { name: 'Site', pagesData: '[{"id":"p1","name":"\\u0000","path":"/"}]' },
    });
    const setup = { businessName: 'Rosa', industry: 'Retail', services: 'Bread', email: 'r@example.com' };
    await expectRefused(ctx, 'businessName', 'POST', '/api/business/setup', {
      token,
      body: { ...setup, businessName: LOW, phone: '+1 555 0100' },
    });
    await expectRefused(ctx, 'services', 'POST', '/api/business/setup', {
      token,
      body: { ...setup, services: NUL, phone: '+1 555 0100' },
    });
    const sites = await ctx.call('GET', '/api/website', { token });
    expect(sites.json()).toEqual([]);
  });

  it('refuses bad text in the text fields of a CSV import (the file itself is data)', async () => {
    const { token } = await ctx.register();
    const mapping = JSON.stringify({ name: 'firstName', '\u0000': '' });
    const upload = csvUpload('name\nAda\n', { mapping });
    await expectRefused(ctx, 'Field names in mapping', 'POST', '/api/crm/contacts/import', {
      token,
      ...upload,
    });
    const escaped = csvUpload('name\nAda\n', { duplicates: 'skip\u0000' });
    await expectRefused(ctx, 'duplicates', 'POST', '/api/crm/contacts/import', { token, ...escaped });
  });

  it('answers a NUL or a broken UTF-8 sequence in the raw URL with a 4xx, wherever it lands', async () => {
    const { token } = await ctx.register();
    for (const url of [
      '/sites/%00',
      '/sites/%00/',
      '/sites/a/%00',
      '/sites/a/%ED%A0%80',
      '/sites/%ED%A0%80/sitemap.xml',
      '/sites/a%00/robots.txt',
      '/api/nowhere%00',
      '/api/nowhere/%ED%A0%80',
      '/%00',
      '/dashboard%ED%A0%80',
      '/dashboard?q=%00',
      '/api/crm/contacts/%00',
      '/api/ecommerce/customers/%ED%A0%80/orders',
      '/api/ecommerce/products?storeId=%00',
    ]) {
      const response = await ctx.call('GET', url, { token });
      expect(response.statusCode, `${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const broken = await ctx.call('GET', '/api/crm/contacts/%ED%A0%80', { token });
    expect({ status: broken.statusCode, body: broken.json() }).toEqual({
      status: 400,
      body: { message: 'The address is not valid: a percent-encoded part of it is not UTF-8 text' },
    });
    // In the query string a broken sequence is not decoded: it stays the literal text "%ED%A0%80".
    const literal = await ctx.call('GET', '/api/crm/contacts?search=%ED%A0%80', { token });
    expect(literal.json()).toEqual({ contacts: [], totalCount: 0 });
  });

  it('keeps valid text unchanged: emoji pairs, accents, CJK, right-to-left and U+FFFF', async () => {
    const { token } = await ctx.register({ name: 'Zoë 👩🏽‍💻' });
    const name = {
      firstName: 'Zoë 😀👍🏾',
      lastName: 'Ñúñez-Øster 東京 مرحبا שלום',
      company: 'Ǆemal \uffff 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    };
    const created = await ctx.call('POST', '/api/crm/contacts', { token, body: name });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const found = await ctx.call('GET', `/api/crm/contacts?search=${encodeURIComponent('東京 مرحبا')}`, {
      token,
    });
    expect(found.json()).toMatchObject({ totalCount: 1, contacts: [{ id, ...name }] });
    const me = await ctx.call('GET', '/api/user/me', { token });
    expect(me.json()).toMatchObject({ name: 'Zoë 👩🏽‍💻' });
  });
});
