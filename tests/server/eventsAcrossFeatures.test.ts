import { afterAll, beforeAll, expect, it } from 'vitest';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from '../../server/jobs/webhooks.ts';
import { generateSite } from '../../src/canvas/generator/generateSite.ts';
import { describeEachDatabase, type Session, type TestContext } from './harness.ts';
import { type Loopback, startLoopback } from './loopbackServer.ts';
import { addItem, checkout, createProduct, createStore, newCart } from './storeFixtures.ts';

// What one feature does reaches the others through the job engine: a visitor's form post becomes a CRM
// lead, and form posts, orders and new contacts are delivered to the account's webhooks, signed.

let receiver: Loopback;
beforeAll(async () => {
  receiver = await startLoopback(() => ({ status: 200, body: { ok: true } }));
});
afterAll(() => receiver.close());

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function webhookFor(ctx: TestContext, owner: Session, path: string, events: string[]) {
  const created = await ctx.call('POST', '/api/webhooks', {
    token: owner.token,
    body: { url: `${receiver.url}${path}`, events },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number; secret: string }>();
}

/** The signed body the receiver got on `path`, once it arrives. */
async function received(path: string, secret: string) {
  const request = await waitFor(
    async () => receiver.received.find((r) => r.path === path),
    (found) => found !== undefined,
  );
  expect(request, `a delivery to ${path}`).toBeDefined();
  const timestamp = Number(request?.headers[TIMESTAMP_HEADER]);
  expect(
    verifySignature(secret, timestamp, request?.body ?? '', String(request?.headers[SIGNATURE_HEADER])),
  ).toBe(true);
  return JSON.parse(request?.body ?? '{}') as { event: string; data: Record<string, unknown> };
}

let counter = 0;

describeEachDatabase(
  'events across features',
  (ctx) => {
    it('a contact form on a published site becomes a CRM lead and a signed form.submitted delivery', async () => {
      counter += 1;
      const owner = await ctx.register();
      const hook = await webhookFor(ctx, owner, `/forms-${ctx.kind}`, ['form.submitted']);
      const { pages } = generateSite({
        businessName: 'Rosa Bakery',
        industry: 'retail',
        services: 'Bread, Cakes',
        email: 'rosa@example.com',
        phone: '+1 555 0100',
      });
      const saved = await ctx.call('POST', '/api/website/save', {
        token: owner.token,
        body: { name: 'Rosa Bakery', pages },
      });
      const subdomain = `events-${counter}-${ctx.kind}`;
      const published = await ctx.call('POST', `/api/website/${saved.json<{ id: number }>().id}/publish`, {
        token: owner.token,
        body: { subdomain },
      });
      expect(published.statusCode, published.body).toBe(200);
      const contactPage = await ctx.call('GET', `/sites/${subdomain}/contact`);
      const formId = /data-form-id="([^"]+)"/.exec(contactPage.body)?.[1] ?? '';
      const posted = await ctx.call('POST', `/api/public/sites/${subdomain}/forms/${formId}`, {
        body: {
          data: { Name: 'Ada Lovelace', Email: 'ada@example.com', Message: 'Two loaves' },
          bz_website: '',
        },
        remoteAddress: '10.9.0.1',
      });
      expect(posted.statusCode, posted.body).toBe(201);

      type Lead = { name: string; email: string; source: string; status: string };
      const leads = await waitFor(
        async () => {
          const response = await ctx.call('GET', '/api/crm/leads', { token: owner.token });
          const body = response.json<Lead[] | { leads: Lead[] }>();
          return Array.isArray(body) ? body : body.leads;
        },
        (rows) => rows.some((lead) => lead.email === 'ada@example.com'),
      );
      expect(leads.find((lead) => lead.email === 'ada@example.com')).toMatchObject({
        name: 'Ada Lovelace',
        source: 'website form',
      });

      const delivery = await received(`/forms-${ctx.kind}`, hook.secret);
      expect(delivery).toMatchObject({
        event: 'form.submitted',
        data: { formId, websiteName: 'Rosa Bakery', data: { Email: 'ada@example.com' } },
      });
    });

    it('a placed order and a new contact are delivered to the webhooks subscribed to them', async () => {
      const store = await createStore(ctx);
      const orders = await webhookFor(ctx, store.owner, `/orders-${ctx.kind}`, ['order.placed']);
      const contacts = await webhookFor(ctx, store.owner, `/contacts-${ctx.kind}`, ['contact.created']);
      const product = await createProduct(ctx, store, { name: 'Rye', price: 3, inventoryQuantity: 5 });
      const cart = await newCart(ctx, store.storeId);
      expect((await addItem(ctx, cart.id, product.id, 2)).statusCode).toBe(200);
      const placed = await checkout(ctx, { cartId: cart.id });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = await received(`/orders-${ctx.kind}`, orders.secret);
      expect(order).toMatchObject({ event: 'order.placed', data: { id: placed.json<{ id: string }>().id } });

      const contact = await ctx.call('POST', '/api/crm/contacts', {
        token: store.owner.token,
        body: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
      });
      expect(contact.statusCode, contact.body).toBe(201);
      expect(await received(`/contacts-${ctx.kind}`, contacts.secret)).toMatchObject({
        event: 'contact.created',
        data: { email: 'grace@example.com' },
      });
    });
  },
  // The receiver listens on loopback (ALLOW_LOOPBACK_OUTBOUND).
  { jobs: () => ({}), config: { allowLoopbackOutbound: true } },
);
