import { expect, it } from 'vitest';
import { DEFAULT_PAYMENT_WORDS } from '../../src/contracts/paymentWords.ts';
import {
  DEFAULT_STORE_SETTINGS,
  type PlacedOrderResponse,
  type StoreSettings,
} from '../../src/contracts/store.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';
import { addItem, checkout, createProduct, createStore, newCart, type StoreSetup } from './storeFixtures.ts';

// A manual order's payment words: the owner's own, else the default for how the order reaches the buyer.
const SHIPPING_ADDRESS = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };

async function shippingStore(ctx: TestContext, fields: Partial<StoreSettings> = {}) {
  const setup = await createStore(ctx);
  const response = await ctx.call('PUT', `/api/ecommerce/stores/${setup.storeId}/settings`, {
    token: setup.owner.token,
    body: { ...DEFAULT_STORE_SETTINGS, shippingEnabled: true, ...fields },
  });
  expect(response.statusCode, response.body).toBe(200);
  const bread = await createProduct(ctx, setup, { name: 'Bread', price: 3, inventoryQuantity: 50 });
  return { setup, bread, settings: response.json<StoreSettings>() };
}

/** What the buyer of a manual order is told about paying: in the checkout's answer and on their order page. */
async function paymentWordsOf(ctx: TestContext, setup: StoreSetup, productId: number, shipped: boolean) {
  const cart = await newCart(ctx, setup.storeId);
  expect((await addItem(ctx, cart.id, productId, 1)).statusCode).toBe(200);
  const response = await checkout(ctx, {
    cartId: cart.id,
    ...(shipped ? { deliveryMethod: 'shipping', shippingAddress: SHIPPING_ADDRESS } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json<PlacedOrderResponse>();
  const page = await ctx.call('GET', `/order/${order.id}?token=${order.accessToken}`);
  expect(page.body).toContain(`<h2>Payment</h2><p class="note">${order.paymentInstructions}</p>`);
  return order.paymentInstructions;
}

describeEachDatabase('the payment words of manual orders', (ctx) => {
  it('without the owner’s own words: “pay when you collect” for a pickup, payment before shipping for a shipped order', async () => {
    const { setup, bread, settings } = await shippingStore(ctx);
    expect(settings.manualPaymentInstructions).toBe('');
    expect(await paymentWordsOf(ctx, setup, bread.id, false)).toBe('Pay when you collect your order.');
    expect(await paymentWordsOf(ctx, setup, bread.id, true)).toBe(
      'The shop will contact you about payment. Your order ships once it is paid.',
    );
    expect(DEFAULT_PAYMENT_WORDS.shipping).toBe(
      'The shop will contact you about payment. Your order ships once it is paid.',
    );
  });

  it('the owner’s own words go to every manual order, shipped or collected', async () => {
    const own = 'Transfer to IBAN DE00 1234 within 7 days.';
    const { setup, bread, settings } = await shippingStore(ctx, { manualPaymentInstructions: own });
    expect(settings.manualPaymentInstructions).toBe(own);
    expect(await paymentWordsOf(ctx, setup, bread.id, false)).toBe(own);
    expect(await paymentWordsOf(ctx, setup, bread.id, true)).toBe(own);
    const options = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/checkout`);
    expect(options.json<{ manualPaymentInstructions: string }>().manualPaymentInstructions).toBe(own);
  });

  it('a store that saved the former default reads it as none of its own: shipped orders get the shipping words, the row stays', async () => {
    const { setup, bread } = await shippingStore(ctx, {
      manualPaymentInstructions: 'Pay when you collect your order.',
    });
    const settings = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/settings`, {
      token: setup.owner.token,
    });
    expect(settings.json<StoreSettings>().manualPaymentInstructions).toBe('');
    expect(await paymentWordsOf(ctx, setup, bread.id, true)).toBe(DEFAULT_PAYMENT_WORDS.shipping);
    expect(await paymentWordsOf(ctx, setup, bread.id, false)).toBe('Pay when you collect your order.');
    const row = await ctx.db.one<{ words: string }>(
      'select manual_payment_instructions as words from store_settings where store_id = $1',
      [setup.storeId],
    );
    expect(row?.words).toBe('Pay when you collect your order.');
  });
});
