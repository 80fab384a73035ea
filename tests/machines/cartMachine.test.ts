import { expect, test } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Cart, CheckoutOptions, PlacedOrderResponse, Product } from '../../src/contracts/store.ts';
import { cartMachine, SAMPLE_PRODUCTS, selectCartNotice } from '../../src/machines/store/cartMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { FakeCalls } from './fakeActors.ts';

// Examples beside the model paths (cartMachine.model.test.ts): what the dashboard walk found.

const STORE = 'bakery';
const SAVED = 's'.repeat(32);
const loaf = (stock: number): Product => ({
  ...SAMPLE_PRODUCTS[0]!,
  id: 1,
  storeId: STORE,
  name: 'Sourdough Loaf',
  price: 3.9,
  inventoryQuantity: stock,
});
const cartOf = (quantity: number): Cart => ({
  id: SAVED,
  storeId: STORE,
  currency: 'EUR',
  orderId: null,
  total: Math.round(quantity * 390) / 100,
  items: [
    { id: 7, productId: 1, productName: 'Sourdough Loaf', price: 3.9, quantity, total: quantity * 3.9 },
  ],
});
const OPTIONS: CheckoutOptions = {
  storeId: STORE,
  storeName: 'Bakery',
  currency: 'EUR',
  pickupEnabled: true,
  shippingEnabled: false,
  flatShippingRate: 0,
  freeShippingThreshold: null,
  taxRate: 10,
  taxInclusive: false,
  paymentMethods: ['manual'],
  manualPaymentInstructions: '',
  pickupInstructions: '',
};

function start(calls: FakeCalls): Actor<typeof cartMachine> {
  const names = ['loadProducts', 'loadCart', 'createCart', 'addItem', 'updateItem', 'removeItem'];
  const more = ['loadCheckoutOptions', 'placeOrder', 'redirectToPayment'];
  const actors = Object.fromEntries([...names, ...more].map((name) => [name, calls.actor(name)]));
  return createActor(cartMachine.provide({ actors }), {
    input: { storeId: STORE, customerId: 'dashboard-preview', cartId: SAVED },
  }).start();
}

test('an order reads the products again: the cards offer only the stock that is left', async () => {
  const calls = new FakeCalls();
  const actor = start(calls);
  await calls.settleNamed('loadProducts', { results: [loaf(3)], totalCount: 1 });
  await calls.settleNamed('loadCart', cartOf(2));
  actor.send({ type: 'cart.checkout' });
  await calls.settleNamed('loadCheckoutOptions', OPTIONS);
  actor.send({ type: 'checkout.update', fields: { name: 'Ana', email: 'ana@example.com' } });
  actor.send({ type: 'checkout.submit' });
  expect(calls.inFlight()).toEqual(['placeOrder']);

  await calls.settleNamed('placeOrder', { id: 'o1', checkoutUrl: null } as unknown as PlacedOrderResponse);
  expect(calls.inFlight().sort()).toEqual(['createCart', 'loadProducts']);
  expect(calls.calls.filter((call) => call.name === 'loadProducts')).toHaveLength(2);
  await calls.settleNamed('loadProducts', { results: [loaf(1)], totalCount: 1 });
  expect(actor.getSnapshot().context.products.map((product) => product.inventoryQuantity)).toEqual([1]);
});

test('a refused quantity change says why beside its line; the line keeps its quantity until one is accepted', async () => {
  const calls = new FakeCalls();
  const actor = start(calls);
  await calls.settleNamed('loadProducts', { results: [loaf(5)], totalCount: 1 });
  await calls.settleNamed('loadCart', cartOf(1));

  actor.send({ type: 'cart.setQuantity', itemId: 7, quantity: 5 });
  expect(calls.calls.at(-1)).toEqual({
    name: 'updateItem',
    input: { cartId: SAVED, itemId: 7, quantity: 5 },
  });
  await calls.failNamed('updateItem', new ApiError(409, 'Only 3 of Sourdough Loaf in stock'));
  expect(selectCartNotice(actor.getSnapshot())).toEqual({
    severity: 'error',
    text: 'Only 3 of Sourdough Loaf in stock',
    itemId: 7,
  });
  expect(actor.getSnapshot().context).toMatchObject({ cart: cartOf(1), pendingItemId: null });

  actor.send({ type: 'cart.setQuantity', itemId: 7, quantity: 3 });
  await calls.settleNamed('updateItem', cartOf(3));
  expect(selectCartNotice(actor.getSnapshot())).toBeNull();
  expect(actor.getSnapshot().context.cart).toEqual(cartOf(3));
});
