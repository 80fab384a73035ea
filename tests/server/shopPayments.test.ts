import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDetails, PlacedOrderResponse } from '../../src/contracts/store.ts';
import { until } from './crmHelpers.ts';
import {
  amountOf,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  type FakeStripe,
  signedWebhook,
  startFakeStripe,
} from './fakeStripe.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';
import { createShop, placeOrder, type ShopSetup, stockOf } from './shopFixtures.ts';
import { addItem, newCart } from './storeFixtures.ts';

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});

async function buyerView(ctx: TestContext, order: PlacedOrderResponse): Promise<OrderDetails> {
  const response = await ctx.call('GET', `/api/ecommerce/orders/${order.id}?token=${order.accessToken}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderDetails>();
}

const subjectsTo = async (ctx: TestContext, to: string) =>
  (
    await ctx.db.query<{ subject: string }>(
      'select subject from mail_outbox where to_address = $1 order by id',
      [to],
    )
  ).map((row) => row.subject);

function postWebhook(ctx: TestContext, webhook: { payload: string; headers: Record<string, string> }) {
  return ctx.call('POST', '/api/webhooks/stripe', { body: webhook.payload, headers: webhook.headers });
}

/** The Checkout Session event Stripe would send for this order. */
function sessionEvent(
  order: PlacedOrderResponse,
  type: 'checkout.session.completed' | 'checkout.session.expired',
  id?: string,
) {
  const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === order.id);
  if (!session) throw new Error('no Checkout Session for this order');
  return signedWebhook({
    id,
    type,
    object: {
      ...session,
      status: type === 'checkout.session.completed' ? 'complete' : 'expired',
      payment_status: type === 'checkout.session.completed' ? 'paid' : 'unpaid',
    },
  });
}

describeEachDatabase(
  'card payments through Stripe Checkout',
  (ctx) => {
    let shop: ShopSetup;
    let emailCounter = 0;
    const buyerEmail = () => {
      emailCounter += 1;
      return `card-${emailCounter}-${ctx.kind}@example.com`;
    };
    const cardOrder = (email: string) => placeOrder(ctx, shop, { email, paymentMethod: 'card' });

    beforeAll(async () => {
      // 10 % tax on top: 2 mugs at $6.00 → $13.20.
      shop = await createShop(ctx, { paymentMethods: ['manual', 'card'], taxRate: 10, taxInclusive: false });
    });

    it('a card checkout opens a Stripe Checkout for the order total and holds the stock', async () => {
      const before = await stockOf(ctx, shop);
      const order = await cardOrder(buyerEmail());
      expect(order).toMatchObject({
        paymentMethod: 'card',
        paymentStatus: 'awaiting',
        status: 'awaiting_payment',
      });
      expect(order.total).toBe(13.2);
      expect(await stockOf(ctx, shop)).toBe(before - 2);

      const created = stripe.requests.filter(
        (r) => r.path === '/v1/checkout/sessions' && r.form.client_reference_id === order.id,
      );
      expect(created).toHaveLength(1);
      const form = created[0]?.form ?? {};
      expect(amountOf(form)).toBe(1320);
      expect(form).toMatchObject({
        mode: 'payment',
        'metadata[orderId]': order.id,
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '600',
        'line_items[0][quantity]': '2',
        'line_items[1][price_data][product_data][name]': 'Tax',
        'line_items[1][price_data][unit_amount]': '120',
      });
      expect(created[0]?.authorization).toBe(`Bearer ${FAKE_STRIPE_SECRET_KEY}`);
      expect(form.success_url).toContain(`/order/${order.id}?token=${order.accessToken}`);
      const session = stripe.sessions.get(order.checkoutUrl?.split('/').pop() ?? '');
      expect(order.checkoutUrl).toBe(session?.url);
      expect(Number(form.expires_at) * 1000).toBe(new Date(order.reservedUntil ?? 0).getTime());
    });

    it('a signed completed webhook marks the order paid and mails the buyer; a replay changes nothing', async () => {
      const email = buyerEmail();
      const order = await cardOrder(email);
      const stock = await stockOf(ctx, shop);
      const webhook = sessionEvent(order, 'checkout.session.completed', `evt_paid_${order.id}`);

      const first = await postWebhook(ctx, webhook);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true, outcome: 'paid' });
      expect(await buyerView(ctx, order)).toMatchObject({
        paymentStatus: 'paid',
        status: 'paid',
        reservedUntil: null,
      });
      expect(await subjectsTo(ctx, email)).toEqual([
        `Your order #${order.orderNumber} at Rosa’s Bakery`,
        `Payment received for order #${order.orderNumber}`,
      ]);

      const replay = await postWebhook(ctx, webhook);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
      expect(await subjectsTo(ctx, email)).toHaveLength(2);
      expect(await stockOf(ctx, shop)).toBe(stock);
      expect((await buyerView(ctx, order)).paymentStatus).toBe('paid');
    });

    it('a forged or missing signature is refused with 400 and changes nothing', async () => {
      const email = buyerEmail();
      const order = await cardOrder(email);
      const forged = sessionEvent(order, 'checkout.session.completed');
      const wrongSecret = signedWebhook(
        { type: 'checkout.session.completed', object: JSON.parse(forged.payload).data.object },
        'whsec_not_the_right_one',
      );
      for (const attempt of [
        wrongSecret,
        { payload: forged.payload, headers: { 'content-type': 'application/json' } },
        { payload: forged.payload.replace('"paid"', '"paid" '), headers: forged.headers },
      ]) {
        const response = await postWebhook(ctx, attempt);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({ message: 'Invalid signature' });
      }
      expect((await buyerView(ctx, order)).paymentStatus).toBe('awaiting');
      expect(await subjectsTo(ctx, email)).toHaveLength(1);
      const recorded = await ctx.db.query('select 1 from payment_events where order_id = $1', [order.id]);
      expect(recorded).toEqual([]);
    });

    it('an expired webhook returns the stock and expires the payment, once', async () => {
      const email = buyerEmail();
      const before = await stockOf(ctx, shop);
      const order = await cardOrder(email);
      expect(await stockOf(ctx, shop)).toBe(before - 2);
      const webhook = sessionEvent(order, 'checkout.session.expired');
      expect((await postWebhook(ctx, webhook)).json()).toEqual({ received: true, outcome: 'expired' });
      expect(await stockOf(ctx, shop)).toBe(before);
      expect(await buyerView(ctx, order)).toMatchObject({ paymentStatus: 'expired', status: 'expired' });
      expect((await postWebhook(ctx, webhook)).json()).toEqual({ received: true, outcome: 'duplicate' });
      expect(await stockOf(ctx, shop)).toBe(before);
      expect(await subjectsTo(ctx, email)).toEqual([
        `Your order #${order.orderNumber} at Rosa’s Bakery`,
        `Order #${order.orderNumber} was cancelled: the card payment was not completed`,
      ]);
    });

    it('other event types are acknowledged and ignored', async () => {
      const other = signedWebhook({ type: 'payment_intent.created', object: { id: 'pi_1' } });
      const response = await postWebhook(ctx, other);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    });

    it('the expiry job closes checkouts whose webhook never came and returns their stock', async () => {
      const email = buyerEmail();
      const before = await stockOf(ctx, shop);
      const overdue = await cardOrder(email);
      const fresh = await cardOrder(buyerEmail());
      await ctx.db.query("update orders set reserved_until = now() - interval '6 minutes' where id = $1", [
        overdue.id,
      ]);
      const jobId = await ctx.jobs.send('card-payment-expiry', {});
      await until(
        async () =>
          (await ctx.jobs.stateOf('card-payment-expiry', jobId as string)) === 'completed' ? true : undefined,
        'the expiry job',
      );
      expect((await buyerView(ctx, overdue)).paymentStatus).toBe('expired');
      expect((await buyerView(ctx, fresh)).paymentStatus).toBe('awaiting');
      expect(await stockOf(ctx, shop)).toBe(before - 2);
      const sessionId = overdue.checkoutUrl?.split('/').pop();
      expect(stripe.requests.some((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
      expect(stripe.sessions.get(sessionId ?? '')?.status).toBe('expired');
      expect(await subjectsTo(ctx, email)).toContain(
        `Order #${overdue.orderNumber} was cancelled: the card payment was not completed`,
      );
    });

    it('when Stripe refuses to open the checkout, the buyer gets an error and the stock comes back', async () => {
      const before = await stockOf(ctx, shop);
      stripe.failNext(400);
      const cart = await newCart(ctx, shop.storeId);
      await addItem(ctx, cart.id, shop.productId, 1);
      // app.inject itself: the harness's call fails any 5xx, and this 502 is the point.
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/ecommerce/orders',
        remoteAddress: '198.51.200.1',
        payload: {
          cartId: cart.id,
          customer: { name: 'Bo', email: buyerEmail() },
          deliveryMethod: 'pickup',
          paymentMethod: 'card',
        },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/Card payment is unavailable/);
      expect(await stockOf(ctx, shop)).toBe(before);
    });
  },
  {
    jobs: () => ({ smtpUrl: null }),
    config: {
      stripeSecretKey: FAKE_STRIPE_SECRET_KEY,
      stripeWebhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      get stripeApiUrl() {
        return stripe.url;
      },
      allowLoopbackOutbound: true,
    },
  },
);
