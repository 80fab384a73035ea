import { afterAll, beforeAll, expect, it } from 'vitest';
import { queueMail } from '../../server/shop/mailOutbox.ts';
import type { OutboxMessage, OutboxPage } from '../../src/contracts/admin.ts';
import type { ContactPage } from '../../src/contracts/crm.ts';
import { until } from './crmHelpers.ts';
import { ADMIN_EMAIL, describeEachDatabase, type Session, type TestContext, uniqueEmail } from './harness.ts';
import { createShop, placeOrder } from './shopFixtures.ts';
import { type SmtpServer, startSmtpServer } from './smtpServer.ts';

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

/** Encoded words (=?UTF-8?Q?…?= / ?B?) of a header decoded, folded lines joined. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/** The message's Subject header, decoded. */
function subjectOf(data: string): string {
  const headers = (data.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const line = headers.split(/\r?\n/).find((header) => header.toLowerCase().startsWith('subject:'));
  return decodeHeader(line?.slice('subject:'.length).trim() ?? '');
}

/** The mail a recipient got with this subject, once the job sent it. */
const mailTo = (to: string, subject: string) =>
  until(
    async () => smtp.messages.find((m) => m.to.includes(to) && subjectOf(m.data) === subject),
    `"${subject}" to ${to}`,
  );

/** Quoted-printable soft breaks and =XX escapes undone, so the body reads as written. */
const readable = (data: string) =>
  Buffer.from(
    data
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

async function outbox(ctx: TestContext, admin: Session, query = ''): Promise<OutboxPage> {
  const response = await ctx.call('GET', `/api/admin/outbox${query}`, { token: admin.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OutboxPage>();
}

describeEachDatabase(
  'shop mails through SMTP',
  (ctx) => {
    let admin: Session;
    beforeAll(async () => {
      admin = await ctx.register({ email: ADMIN_EMAIL });
    });

    it('the buyer gets their confirmation and the owner a notice; the buyer becomes a CRM contact', async () => {
      const shop = await createShop(ctx);
      const buyer = uniqueEmail('buyer');
      const order = await placeOrder(ctx, shop, { email: buyer });
      // The checkout answer says the confirmation is mailed, and carries the buyer's order page.
      expect(order.confirmationEmailed).toBe(true);
      expect(order.orderUrl).toBe(`http://localhost:80/order/${order.id}?token=${order.accessToken}`);

      const confirmation = readable((await mailTo(buyer, 'Your order #1001 at Rosa’s Bakery')).data);
      expect(confirmation).toContain('2 × Mug — $12.00');
      expect(confirmation).toContain('Total: $12.00');
      expect(confirmation).toContain('Collect at 5 Main St.');
      expect(confirmation).toContain('Payment: Pay when you collect your order.');
      expect(confirmation).toContain(`/order/${order.id}?token=${order.accessToken}`);

      const notice = readable((await mailTo(shop.owner.email, 'New order #1001 — $12.00')).data);
      expect(notice).toContain('Buyer: Ada Lovelace');
      expect(notice).toContain(`Email: ${buyer}`);
      expect(notice).toContain('Phone: +1 555 0100');
      expect(notice).not.toContain(order.accessToken);

      // The outbox says both went out.
      const sent = await until(async () => {
        const page = await outbox(ctx, admin, '?status=sent');
        const mine = page.results.filter((m) => m.to === buyer || m.to === shop.owner.email);
        return mine.length === 2 ? mine : undefined;
      }, 'both messages sent');
      expect(sent.map((m) => [m.kind, m.status, m.attempts]).sort()).toEqual([
        ['order.confirmation', 'sent', 1],
        ['order.notice', 'sent', 1],
      ]);
      expect(sent.every((m) => m.sentAt !== null)).toBe(true);

      // The buyer is the owner's contact now, tagged, with the order counted.
      const contacts = await ctx.call('GET', `/api/crm/contacts?search=${encodeURIComponent(buyer)}`, {
        token: shop.owner.token,
      });
      expect(contacts.json<ContactPage>().contacts).toEqual([
        expect.objectContaining({
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: buyer,
          phone: '+1 555 0100',
          tags: ['customer'],
          orderCount: 1,
          lifetimeValue: 12,
        }),
      ]);
      const activities = await ctx.call('GET', '/api/crm/activities?search=placed', {
        token: shop.owner.token,
      });
      expect(activities.statusCode, activities.body).toBe(200);
      expect(JSON.stringify(activities.json())).toContain('Order #1001 placed — $12.00');
    });

    it('a second order of the same buyer adds to the same contact; a cancelled one stops counting', async () => {
      const shop = await createShop(ctx, { orderNoticeEmail: 'orders@rosa.example' });
      const buyer = uniqueEmail('again');
      await placeOrder(ctx, shop, { email: buyer, quantity: 1 });
      const second = await placeOrder(ctx, shop, { email: buyer.toUpperCase(), quantity: 3 });
      await mailTo('orders@rosa.example', 'New order #1002 — $18.00');

      const read = async () =>
        (
          await ctx.call('GET', `/api/crm/contacts?search=${encodeURIComponent(buyer)}`, {
            token: shop.owner.token,
          })
        ).json<ContactPage>().contacts;
      expect(await read()).toEqual([expect.objectContaining({ orderCount: 2, lifetimeValue: 24 })]);

      const cancelled = await ctx.call('PATCH', `/api/ecommerce/orders/${second.id}`, {
        token: shop.owner.token,
        body: { action: 'cancel' },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await read()).toEqual([expect.objectContaining({ orderCount: 1, lifetimeValue: 6 })]);
      await mailTo(buyer, 'Order #1002 was cancelled');
    });

    it('owner actions mail the buyer: ready for pickup, then paid; completing sends nothing', async () => {
      const shop = await createShop(ctx);
      const buyer = uniqueEmail('status');
      const order = await placeOrder(ctx, shop, { email: buyer });
      const act = async (action: string) => {
        const response = await ctx.call('PATCH', `/api/ecommerce/orders/${order.id}`, {
          token: shop.owner.token,
          body: { action },
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      await act('readyForPickup');
      const ready = readable((await mailTo(buyer, 'Order #1001 is ready for pickup')).data);
      expect(ready).toContain('Collect at 5 Main St.');
      await act('markPaid');
      await mailTo(buyer, 'Payment received for order #1001');
      await act('complete');
      const rows = await ctx.db.query<{ subject: string }>(
        'select subject from mail_outbox where to_address = $1 order by id',
        [buyer],
      );
      expect(rows.map((row) => row.subject)).toEqual([
        'Your order #1001 at Rosa’s Bakery',
        'Order #1001 is ready for pickup',
        'Payment received for order #1001',
      ]);
    });

    it('a refused recipient: the attempt and the server’s answer are kept; after the last try, failed', async () => {
      const refused = uniqueEmail('refused');
      smtp.rejected.add(refused);
      const [id] = await ctx.db.transaction(async (tx) => [
        await queueMail(tx, { accountId: null, kind: 'test', to: refused, subject: 'Hello', body: 'Hi' }),
      ]);
      const jobId = await ctx.jobs.send('outbox-mail', { ids: [id as number] }, { retryLimit: 0 });
      await until(
        async () =>
          (await ctx.jobs.stateOf('outbox-mail', jobId as string)) === 'completed' ? true : undefined,
        'the job to finish',
      );
      const page = await outbox(ctx, admin, '?status=failed');
      const failed = page.results.find((m: OutboxMessage) => m.id === id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
      expect(failed?.lastError).toContain('550');
    });
  },
  { jobs: () => ({ smtpUrl: smtp.url }) },
);

describeEachDatabase(
  'shop mails without a mail server',
  (ctx) => {
    it('messages wait in the outbox as held; platform admins read them, others get 403', async () => {
      const admin = await ctx.register({ email: ADMIN_EMAIL });
      const shop = await createShop(ctx);
      const buyer = uniqueEmail('held');
      const order = await placeOrder(ctx, shop, { email: buyer });
      // Nothing is mailed, and the checkout answer says so; the order page's address is the way back.
      expect(order.confirmationEmailed).toBe(false);
      const orderPage = await ctx.call(
        'GET',
        new URL(order.orderUrl).pathname + new URL(order.orderUrl).search,
      );
      expect(orderPage.statusCode).toBe(200);
      expect(orderPage.body).toContain('<h1>Order #1001</h1>');

      const held = await until(async () => {
        const page = await outbox(ctx, admin, '?status=held');
        return page.results.length === 2 ? page : undefined;
      }, 'two held messages');
      expect(held.totalCount).toBe(2);
      expect(held.results.map((m) => m.subject)).toEqual([
        'New order #1001 — $12.00',
        'Your order #1001 at Rosa’s Bakery',
      ]);
      expect(held.results[1]).toMatchObject({ to: buyer, status: 'held', attempts: 0, sentAt: null });
      expect(held.results[1]?.body).toContain('2 × Mug — $12.00');

      const paged = await outbox(ctx, admin, '?skip=1&take=1');
      expect(paged).toMatchObject({
        totalCount: 2,
        results: [{ subject: 'Your order #1001 at Rosa’s Bakery' }],
      });
      expect((await outbox(ctx, admin, '?status=sent')).results).toEqual([]);

      expect((await ctx.call('GET', '/api/admin/outbox', { token: shop.owner.token })).statusCode).toBe(403);
      expect((await ctx.call('GET', '/api/admin/outbox')).statusCode).toBe(401);
      const bad = await ctx.call('GET', '/api/admin/outbox?status=lost', { token: admin.token });
      expect(bad.statusCode).toBe(400);
    });
  },
  { jobs: () => ({ smtpUrl: null }) },
);
