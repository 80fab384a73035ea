import { expect, test } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  type Cart,
  CHECKOUT_MESSAGES,
  type CheckoutOptions,
  type PlacedOrderResponse,
  type Product,
} from '../../src/contracts/store.ts';
import {
  CART_FAILED_MESSAGE,
  CHECKOUT_OPTIONS_FAILED_MESSAGE,
  cartMachine,
  MORE_PRODUCTS_FAILED_MESSAGE,
  ORDER_FAILED_MESSAGE,
  ORDER_PLACED_MESSAGE,
  PRODUCTS_FAILED_MESSAGE,
  SAMPLE_PRODUCTS,
  selectCanCheckout,
  selectCartBusy,
  selectCartCount,
  selectCartOpen,
  selectCheckoutStep,
  selectCheckoutTotals,
  selectProductsLoading,
  selectProductsPaging,
} from '../../src/machines/store/cartMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { FakeCalls } from './fakeActors.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { basketModel, catalogueModel } from './models/cart.model.ts';

const coverage = trackCoverage(cartMachine);

const STORE = 'default-store';
const product: Product = { ...SAMPLE_PRODUCTS[0]!, id: 1, storeId: STORE, name: 'Bread', price: 2.5 };
const serverCart = (id: string, quantity = 0, price = 2.5): Cart => ({
  id,
  storeId: STORE,
  currency: 'USD',
  orderId: null,
  total: quantity * price,
  items:
    quantity > 0
      ? [{ id: 7, productId: 1, productName: 'Bread', price, quantity, total: quantity * price }]
      : [],
});
/** The checkout's answer when the total the buyer saw changed (the owner raised the price to $3.00). */
const TOTAL_CHANGED = 'The total of your order is now $6.60: a price, shipping or tax has changed. …';
const OPTIONS: CheckoutOptions = {
  storeId: STORE,
  storeName: 'Bakery',
  currency: 'USD',
  pickupEnabled: true,
  shippingEnabled: false,
  flatShippingRate: 0,
  freeShippingThreshold: null,
  taxRate: 10,
  taxInclusive: false,
  paymentMethods: ['manual', 'card'],
  manualPaymentInstructions: 'Pay when you collect your order.',
  pickupInstructions: 'Main Street 1, 8–12',
};
const order: PlacedOrderResponse = {
  id: 'o'.repeat(32),
  orderNumber: 1001,
  storeId: STORE,
  customerId: 'visitor',
  status: 'placed',
  paymentMethod: 'manual',
  paymentStatus: 'unpaid',
  fulfilmentStatus: 'unfulfilled',
  deliveryMethod: 'pickup',
  subtotal: 2.5,
  shipping: 0,
  tax: 0.25,
  taxInclusive: false,
  total: 2.75,
  currency: 'USD',
  createdDate: '2026-01-01T00:00:00.000Z',
  items: [{ productId: 1, productName: 'Bread', price: 2.5, quantity: 1 }],
  reservedUntil: null,
  customer: { name: 'Ana', email: 'ana@example.com' },
  shippingAddress: null,
  note: '',
  trackingNumber: null,
  carrier: null,
  paymentInstructions: 'Pay when you collect your order.',
  accessToken: 't'.repeat(32),
  checkoutUrl: null,
  orderUrl: `https://app.example/order/${'o'.repeat(32)}?token=${'t'.repeat(32)}`,
  confirmationEmailed: false,
};
const cardOrder: PlacedOrderResponse = {
  ...order,
  paymentMethod: 'card',
  paymentStatus: 'awaiting',
  status: 'awaiting_payment',
  checkoutUrl: 'https://checkout.stripe.test/pay/cs_1',
};
const SAVED = 's'.repeat(32);

function start(calls: FakeCalls, cartId: string | null): Actor<typeof cartMachine> {
  const actors = Object.fromEntries(
    [
      'loadProducts',
      'loadCart',
      'createCart',
      'addItem',
      'updateItem',
      'removeItem',
      'loadCheckoutOptions',
      'placeOrder',
      'redirectToPayment',
    ].map((name) => [name, calls.actor(name)]),
  );
  return createActor(cartMachine.provide({ actors }), {
    inspect: coverage.inspect,
    input: { storeId: STORE, customerId: 'visitor', cartId },
  }).start();
}

type StateChecks = Record<string, () => void | Promise<void>>;

/** Each state's own check, after the '*' check (which xstate/graph would run only where a state has none). */
function everyState(checks: StateChecks): StateChecks {
  const every = checks['*'];
  if (!every) return checks;
  return Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      key === '*'
        ? check
        : async () => {
            await every();
            await check();
          },
    ]),
  );
}

const basketPaths = createTestModel(basketModel, {
  serializeTransition: serializeEveryTransition,
}).getShortestPaths();

for (const path of basketPaths) {
  test(`cart: ${path.description}`, async () => {
    const calls = new FakeCalls();
    let actor!: Actor<typeof cartMachine>;
    // What the machine should hold, kept in step with the events and answers.
    let cart: Cart = serverCart('');
    let cartError: string | null = null;
    let notice: { severity: string; text: string; itemId?: number } | null = null;
    let isOpen = false;
    let quantity = 0;
    let lastOrder: PlacedOrderResponse | null = null;
    let cartSerial = 0;
    // The checkout: what was typed, its messages, and the attempts (a changed request gets a new key).
    let fieldErrors: Record<string, string> = {};
    let checkoutError: string | null = null;
    let buyer: { name: string; email: string; phone?: string } = { name: '', email: '' };
    let attempt: { request: string; serial: number; cartId: string } | null = null;
    // The price the cart was last read at: a conflict reads it again, at the raised price.
    let price = 2.5;
    // Set while the conflict's reads run (the cart, then the store's choices).
    let refreshing = false;
    const request = () => JSON.stringify([buyer, quantity, price]);
    const submit = () => {
      actor.send({ type: 'checkout.submit' });
      const valid = buyer.name !== '' && buyer.email !== '';
      if (!valid) {
        fieldErrors = {
          ...(buyer.name ? {} : { name: CHECKOUT_MESSAGES.nameRequired }),
          ...(buyer.email ? {} : { email: CHECKOUT_MESSAGES.emailInvalid }),
        };
        return;
      }
      fieldErrors = {};
      checkoutError = null;
      if (!attempt || attempt.request !== request() || attempt.cartId !== cart.id)
        attempt = { request: request(), serial: (attempt?.serial ?? 0) + 1, cartId: cart.id };
    };
    const nextCartId = () => `${String(++cartSerial).padStart(2, '0')}${'c'.repeat(30)}`;
    const boot = async (cartId: string | null) => {
      actor = start(calls, cartId);
      await calls.settleNamed('loadProducts', { results: [product], totalCount: 1 });
    };
    const current = () => calls.inFlight()[0];
    /** An order took stock: the products are read again (one read, for the current filter), beside the next cart. */
    const catalogueReadAgain = async () => {
      expect(calls.inFlight().filter((name) => name === 'loadProducts')).toEqual(['loadProducts']);
      expect(calls.calls.findLast((call) => call.name === 'loadProducts')?.input).toEqual({
        storeId: STORE,
        skip: 0,
        take: 20,
        categoryId: null,
      });
      await calls.settleNamed('loadProducts', { results: [product], totalCount: 1 });
    };

    await path.test({
      events: {
        'start.fresh': () => boot(null),
        'start.saved': () => boot(SAVED),
        'call.succeed': async () => {
          const name = current();
          if (name === 'loadCart' && refreshing) {
            expect(calls.calls.findLast((call) => call.name === 'loadCart')?.input).toEqual({
              cartId: cart.id,
            });
            price = 3;
            cart = serverCart(cart.id, quantity, price);
          } else if (name === 'loadCart') {
            expect(calls.calls.at(-1)?.input).toEqual({ cartId: SAVED });
            quantity = 2;
            cart = serverCart(SAVED, quantity, price);
          } else if (name === 'createCart') {
            cart = serverCart(nextCartId());
          } else if (name === 'addItem') {
            quantity += 1;
            cart = serverCart(cart.id || nextCartId(), quantity, price);
            notice = null;
          } else if (name === 'updateItem') {
            quantity = 5;
            cart = serverCart(cart.id, quantity, price);
            notice = null;
          } else if (name === 'removeItem') {
            quantity = 0;
            cart = serverCart(cart.id, 0, price);
            notice = null;
          } else if (name === 'loadCheckoutOptions') {
            refreshing = false;
          } else if (name === 'placeOrder') {
            lastOrder = order;
            cart = serverCart('');
            notice = { severity: 'success', text: ORDER_PLACED_MESSAGE };
            quantity = 0;
            attempt = null;
          }
          await calls.settle(
            name === 'placeOrder'
              ? order
              : name === 'loadCheckoutOptions'
                ? OPTIONS
                : name === 'loadCart' ||
                    name === 'createCart' ||
                    name === 'addItem' ||
                    name === 'updateItem' ||
                    name === 'removeItem'
                  ? cart
                  : undefined,
          );
          if (name === 'placeOrder') await catalogueReadAgain();
        },
        'call.succeedCheckedOut': async () => {
          // Back from the payment page: the stored cart was checked out, so a new one starts.
          await calls.settleNamed('loadCart', { ...serverCart(SAVED, 2), orderId: order.id });
        },
        'call.succeedCard': async () => {
          lastOrder = cardOrder;
          cart = serverCart('');
          quantity = 0;
          attempt = null;
          await calls.settleNamed('placeOrder', cardOrder);
          await catalogueReadAgain();
        },
        'call.conflict': async () => {
          // Placing answered 409: its message shows, and the cart is read again.
          checkoutError = TOTAL_CHANGED;
          refreshing = true;
          await calls.fail(new ApiError(409, TOTAL_CHANGED));
          // The catalogue is read again too (the cards show the new price).
          expect(calls.inFlight()).toContain('loadProducts');
          await calls.settleNamed('loadProducts', { results: [product], totalCount: 1 });
        },
        'call.fail': async () => {
          const name = current();
          if (refreshing) {
            // A failed read after the conflict: its message stays, the cart is as it was.
            if (name === 'loadCheckoutOptions') refreshing = false;
            else if (name === 'loadCart') refreshing = false;
            await calls.fail(new ApiError(503, 'API Error: Service Unavailable'));
            return;
          }
          if (name === 'loadCheckoutOptions') checkoutError = CHECKOUT_OPTIONS_FAILED_MESSAGE;
          if (name === 'placeOrder') {
            // A server failure (5xx) gets the spec's message; what was typed stays.
            checkoutError = ORDER_FAILED_MESSAGE;
            await calls.fail(new ApiError(503, 'API Error: Service Unavailable'));
            return;
          }
          if (name === 'loadCart') cartError = CART_FAILED_MESSAGE;
          if (name === 'createCart') cart = serverCart('');
          if (name === 'addItem') notice = { severity: 'error', text: 'Only 2 of Bread in stock' };
          // A refused quantity change belongs to its line (the drawer shows it there).
          if (name === 'updateItem')
            notice = { severity: 'error', text: 'Only 2 of Bread in stock', itemId: 7 };
          if (name === 'removeItem') {
            quantity = 0;
            cart = { ...cart, items: [], total: 0 };
          }
          await calls.fail(new ApiError(409, 'Only 2 of Bread in stock'));
        },
        'cart.add': () => {
          const step = selectCheckoutStep(actor.getSnapshot());
          if (step !== 'placing' && step !== 'cart') checkoutError = null;
          if (step === 'confirmed') notice = null;
          actor.send({ type: 'cart.add', productId: 1, quantity: 1 });
        },
        'cart.addSample': () => actor.send({ type: 'cart.add', productId: -1, quantity: 1 }),
        'cart.setQuantity': () => actor.send({ type: 'cart.setQuantity', itemId: 7, quantity: 5 }),
        'cart.setZero': () => actor.send({ type: 'cart.setQuantity', itemId: 7, quantity: 0 }),
        'cart.remove': () => actor.send({ type: 'cart.remove', itemId: 7 }),
        'cart.checkout': () => {
          // Opens only with items and nothing in flight: the drawer opens on the form.
          if (quantity > 0 && calls.inFlight().length === 0) {
            isOpen = true;
            notice = null;
          }
          actor.send({ type: 'cart.checkout' });
        },
        'checkout.fill': () => {
          // A field that had a message is checked again as it changes: these two are fine now.
          const phone =
            selectCheckoutStep(actor.getSnapshot()) === 'details' && attempt ? '555 0100' : undefined;
          buyer = { ...buyer, name: 'Ana', email: 'ana@example.com', ...(phone ? { phone } : {}) };
          actor.send({
            type: 'checkout.update',
            fields: { name: 'Ana', email: 'ana@example.com', ...(phone ? { phone } : {}) },
          });
          const { name: _n, email: _e, ...rest } = fieldErrors;
          fieldErrors = rest;
        },
        'checkout.clear': () => {
          buyer = { ...buyer, name: '' };
          actor.send({ type: 'checkout.update', fields: { name: '' } });
        },
        'checkout.submit': submit,
        'checkout.back': () => {
          if (selectCheckoutStep(actor.getSnapshot()) !== 'placing') checkoutError = null;
          actor.send({ type: 'checkout.back' });
        },
        'checkout.retry': () => {
          checkoutError = null;
          actor.send({ type: 'checkout.retry' });
        },
        'checkout.done': () => {
          // Continue shopping: the sidebar or dropdown closes.
          notice = null;
          isOpen = false;
          actor.send({ type: 'checkout.done' });
        },
        'cart.open': () => {
          actor.send({ type: 'cart.open' });
          isOpen = true;
        },
        'cart.close': () => {
          actor.send({ type: 'cart.close' });
          isOpen = false;
        },
        'cart.toggle': () => {
          actor.send({ type: 'cart.toggle' });
          isOpen = !isOpen;
        },
        'cart.dismiss': () => {
          actor.send({ type: 'cart.dismiss' });
          notice = null;
        },
      },
      // '*' is only xstate/graph's fallback for states without their own check: run it in every state.
      states: everyState({
        '*': () => {
          if (!actor) return;
          const { context } = actor.getSnapshot();
          expect(context.cart).toEqual(cart);
          expect(context.cartError).toBe(cartError);
          expect(context.notice).toEqual(notice);
          expect(selectCartOpen(actor.getSnapshot())).toBe(isOpen);
          expect(context.lastOrder).toEqual(lastOrder);
          expect(selectCartCount(actor.getSnapshot())).toBe(quantity);
          expect(context.fieldErrors).toEqual(fieldErrors);
          expect(context.checkoutError).toBe(checkoutError);
          // Nothing typed is thrown away.
          expect(context.draft).toMatchObject({ name: buyer.name, email: buyer.email });
        },
        loadingCart: () => expect(calls.inFlight()).toEqual(['loadCart']),
        creating: () => expect(calls.inFlight()).toEqual(['createCart']),
        empty: () => {
          expect(calls.inFlight()).toEqual([]);
          expect(selectCanCheckout(actor.getSnapshot())).toBe(false);
        },
        filled: () => {
          expect(calls.inFlight()).toEqual([]);
          expect(selectCanCheckout(actor.getSnapshot())).toBe(true);
        },
        addingFirst: () => {
          expect(selectCartBusy(actor.getSnapshot())).toBe(true);
          // With only a local cart the actor gets no id and creates one first.
          expect(calls.calls.at(-1)).toEqual({
            name: 'addItem',
            input: { storeId: STORE, customerId: 'visitor', cartId: cart.id, productId: 1, quantity: 1 },
          });
        },
        addingMore: () => expect(calls.inFlight()).toEqual(['addItem']),
        updating: () =>
          expect(calls.calls.at(-1)).toEqual({
            name: 'updateItem',
            input: { cartId: cart.id, itemId: 7, quantity: 5 },
          }),
        removing: () =>
          expect(calls.calls.at(-1)).toEqual({ name: 'removeItem', input: { cartId: cart.id, itemId: 7 } }),
        loadingOptions: () => {
          expect(calls.inFlight()).toEqual(['loadCheckoutOptions']);
          expect(calls.calls.at(-1)?.input).toEqual({ storeId: STORE });
          expect(selectCheckoutStep(actor.getSnapshot())).toBe('loading');
        },
        optionsFailed: () => expect(selectCheckoutStep(actor.getSnapshot())).toBe('unavailable'),
        details: () => {
          expect(selectCheckoutStep(actor.getSnapshot())).toBe('details');
          // The preview uses the server's rule: 10 % tax on top of the cart.
          const subtotal = cart.total;
          expect(selectCheckoutTotals(actor.getSnapshot())).toEqual({
            subtotal,
            shipping: 0,
            tax: Math.round(subtotal * 10) / 100,
            total: Math.round(subtotal * 110) / 100,
          });
        },
        invalid: () => expect(selectCheckoutStep(actor.getSnapshot())).toBe('details'),
        ready: () => expect(selectCheckoutStep(actor.getSnapshot())).toBe('details'),
        failed: () => expect(selectCheckoutStep(actor.getSnapshot())).toBe('details'),
        refreshingCart: () => {
          expect(selectCheckoutStep(actor.getSnapshot())).toBe('details');
          expect(selectCartBusy(actor.getSnapshot())).toBe(true);
          expect(calls.inFlight()).toEqual(['loadCart']);
        },
        refreshingOptions: () => {
          expect(selectCheckoutStep(actor.getSnapshot())).toBe('details');
          expect(selectCartBusy(actor.getSnapshot())).toBe(true);
          expect(calls.calls.at(-1)).toEqual({ name: 'loadCheckoutOptions', input: { storeId: STORE } });
        },
        failedInvalid: () => expect(selectCheckoutStep(actor.getSnapshot())).toBe('details'),
        filledReady: () => expect(selectCheckoutStep(actor.getSnapshot())).toBe('cart'),
        placing: () => {
          expect(selectCheckoutStep(actor.getSnapshot())).toBe('placing');
          expect(selectCartBusy(actor.getSnapshot())).toBe(true);
          expect(calls.calls.filter((call) => call.name === 'placeOrder').at(-1)).toEqual({
            name: 'placeOrder',
            input: {
              input: {
                cartId: cart.id,
                customer: buyer,
                deliveryMethod: 'pickup',
                paymentMethod: 'manual',
                // The total the buyer is shown: 10 % tax on top of the cart.
                expectedTotal: Math.round(cart.total * 110) / 100,
              },
              idempotencyKey: `checkout-${cart.id}-${attempt?.serial}`,
            },
          });
        },
        redirecting: () => {
          expect(selectCheckoutStep(actor.getSnapshot())).toBe('redirecting');
          expect(calls.calls.findLast((call) => call.name === 'redirectToPayment')).toEqual({
            name: 'redirectToPayment',
            input: { url: cardOrder.checkoutUrl },
          });
          expect(calls.inFlight()).toEqual(['redirectToPayment']);
        },
        confirmed: () => {
          expect(selectCheckoutStep(actor.getSnapshot())).toBe('confirmed');
          expect(calls.inFlight()).toEqual(['createCart']);
        },
        confirmedCart: () => expect(selectCheckoutStep(actor.getSnapshot())).toBe('confirmed'),
      }),
    });
  });
}

const cataloguePaths = createTestModel(catalogueModel, {
  serializeTransition: serializeEveryTransition,
}).getShortestPaths();

for (const path of cataloguePaths) {
  test(`catalogue: ${path.description}`, async () => {
    const calls = new FakeCalls();
    let actor!: Actor<typeof cartMachine>;
    let loads = 0;
    // Each filter event alternates between category 7 and all products.
    let filter: number | null = null;
    let ordered = false;
    // The catalogue is two pages of one product (Bread, then Rye): how many are shown, of how many.
    let shown = 0;
    let total = 0;
    const rye: Product = { ...product, id: 2, name: 'Rye' };
    await path.test({
      events: {
        // A stored cart with one Bread: there is something to order, whatever the catalogue does.
        load: async () => {
          actor = start(calls, SAVED);
          await calls.settleNamed('loadCart', serverCart(SAVED, 1));
          loads += 1;
        },
        'order.placed': async () => {
          // The shortest paths order once: the stored cart is the one there is to check out.
          if (ordered) throw new Error('this harness places one order a path');
          ordered = true;
          actor.send({ type: 'cart.checkout' });
          await calls.settleNamed('loadCheckoutOptions', OPTIONS);
          actor.send({ type: 'checkout.update', fields: { name: 'Ana', email: 'ana@example.com' } });
          actor.send({ type: 'checkout.submit' });
          await calls.settleNamed('placeOrder', order);
          await calls.settleNamed('createCart', serverCart('c'.repeat(32)));
          loads += 1;
        },
        'call.succeed': async () => {
          const last = calls.calls.findLast((call) => call.name === 'loadProducts');
          const skip = (last?.input as { skip: number } | undefined)?.skip ?? 0;
          await calls.settleNamed('loadProducts', { results: skip === 0 ? [product] : [rye], totalCount: 2 });
          shown = skip + 1;
          total = 2;
        },
        'call.fail': async () => {
          const more = selectProductsPaging(actor.getSnapshot()).loadingMore;
          await calls.failNamed('loadProducts', new ApiError(500, 'API Error: Internal Server Error'));
          // A failed first page shows the three samples (nothing more); a failed next page keeps the first.
          if (!more) [shown, total] = [3, 3];
        },
        'cart.more': () => {
          actor.send({ type: 'cart.more' });
          if (shown < total) loads += 1;
        },
        'cart.retry': () => {
          actor.send({ type: 'cart.retry' });
          loads += 1;
        },
        'cart.filter': () => {
          filter = filter === null ? 7 : null;
          actor.send({ type: 'cart.filter', categoryId: filter });
          loads += 1;
        },
        'cart.addSample': () =>
          actor.send({ type: 'cart.add', productId: SAMPLE_PRODUCTS[1]!.id, quantity: 1 }),
      },
      states: {
        loading: () => {
          expect(selectProductsLoading(actor.getSnapshot())).toBe(true);
          const productLoads = calls.calls.filter((call) => call.name === 'loadProducts');
          expect(productLoads).toHaveLength(loads);
          // The running load asks for the current filter; a filter during a load replaces that load.
          expect(productLoads.at(-1)?.input).toMatchObject({ categoryId: filter, skip: 0 });
          expect(calls.inFlight().filter((name) => name === 'loadProducts')).toHaveLength(1);
          expect(['loadProducts', 'loadCart', 'createCart']).toContain(calls.calls.at(-1)?.name);
        },
        ready: () => {
          expect(actor.getSnapshot().context).toMatchObject({ products: [product], productsError: null });
          expect(selectProductsPaging(actor.getSnapshot())).toEqual({
            shown: 1,
            total: 2,
            hasMore: true,
            loadingMore: false,
            error: null,
          });
        },
        // The next page is asked for from where the shown products end; they stay shown meanwhile.
        loadingMore: () => {
          expect(calls.calls.filter((call) => call.name === 'loadProducts')).toHaveLength(loads);
          expect(calls.calls.at(-1)).toEqual({
            name: 'loadProducts',
            input: { storeId: STORE, skip: 1, take: 20, categoryId: filter },
          });
          expect(selectProductsLoading(actor.getSnapshot())).toBe(false);
          expect(selectProductsPaging(actor.getSnapshot())).toMatchObject({ shown: 1, loadingMore: true });
        },
        allShown: () => {
          expect(actor.getSnapshot().context.products).toEqual([product, rye]);
          expect(selectProductsPaging(actor.getSnapshot())).toEqual({
            shown: 2,
            total: 2,
            hasMore: false,
            loadingMore: false,
            error: null,
          });
          expect(calls.inFlight().filter((name) => name === 'loadProducts')).toEqual([]);
        },
        moreFailed: () => {
          expect(actor.getSnapshot().context).toMatchObject({ products: [product], productsError: null });
          expect(selectProductsPaging(actor.getSnapshot())).toEqual({
            shown: 1,
            total: 2,
            hasMore: true,
            loadingMore: false,
            error: MORE_PRODUCTS_FAILED_MESSAGE,
          });
        },
        failed: () => {
          const { context } = actor.getSnapshot();
          expect(context.productsError).toBe(PRODUCTS_FAILED_MESSAGE);
          expect(context.products).toEqual(SAMPLE_PRODUCTS);
          expect(context.products).toHaveLength(3);
          expect(calls.inFlight()).toEqual([]);
        },
      },
    });
  });
}

/** The stored cart (2 × Bread) loaded and its checkout form open, with the store's choices read. */
async function atCheckout(calls: FakeCalls, { productsFail = false, options = OPTIONS } = {}) {
  const actor = start(calls, SAVED);
  if (productsFail)
    await calls.failNamed('loadProducts', new ApiError(500, 'API Error: Internal Server Error'));
  else await calls.settleNamed('loadProducts', { results: [product], totalCount: 1 });
  await calls.settleNamed('loadCart', serverCart(SAVED, 2));
  actor.send({ type: 'cart.checkout' });
  await calls.settleNamed('loadCheckoutOptions', options);
  return actor;
}

test('after a conflict the products are read again whether their last read failed or is still running', async () => {
  const calls = new FakeCalls();
  const actor = await atCheckout(calls, { productsFail: true });
  actor.send({ type: 'checkout.update', fields: { name: 'Ana', email: 'ana@example.com' } });
  const conflict = async () => {
    actor.send({ type: 'checkout.submit' });
    await calls.failNamed('placeOrder', new ApiError(409, TOTAL_CHANGED));
    await calls.settleNamed('loadCart', serverCart(SAVED, 2, 3));
    await calls.settleNamed('loadCheckoutOptions', OPTIONS);
  };
  await conflict();
  expect(calls.inFlight()).toEqual(['loadProducts']);
  // A second conflict while that read runs starts it again: one read in flight, the older answer dropped.
  await conflict();
  expect(calls.inFlight()).toEqual(['loadProducts']);
  expect(calls.calls.filter((call) => call.name === 'loadProducts')).toHaveLength(3);
  await calls.settleNamed('loadProducts', { results: [product], totalCount: 1 });
  expect(actor.getSnapshot().context).toMatchObject({ products: [product], productsError: null });
});

test('a delivery choice withdrawn while the buyer types is read again: the form offers what the store now does', async () => {
  const calls = new FakeCalls();
  const actor = await atCheckout(calls, {
    options: { ...OPTIONS, shippingEnabled: true, flatShippingRate: 4 },
  });
  const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };
  actor.send({
    type: 'checkout.update',
    fields: { name: 'Ana', email: 'ana@example.com', deliveryMethod: 'shipping', ...address },
  });
  actor.send({ type: 'checkout.submit' });
  await calls.failNamed('placeOrder', new ApiError(400, CHECKOUT_MESSAGES.deliveryUnavailable));
  await calls.settleNamed('loadCart', serverCart(SAVED, 2));
  // The owner turned shipping off: pickup is what is offered, and chosen.
  await calls.settleNamed('loadCheckoutOptions', OPTIONS);
  await calls.settleNamed('loadProducts', { results: [product], totalCount: 1 });
  const { context } = actor.getSnapshot();
  expect(context.checkoutError).toBe(CHECKOUT_MESSAGES.deliveryUnavailable);
  expect(context.draft).toMatchObject({ name: 'Ana', deliveryMethod: 'pickup', line1: '1 Main St' });
  expect(selectCheckoutTotals(actor.getSnapshot())).toEqual({
    subtotal: 5,
    shipping: 0,
    tax: 0.5,
    total: 5.5,
  });
  // Any other refusal is shown as it is, with nothing read again.
  actor.send({ type: 'checkout.submit' });
  await calls.failNamed('placeOrder', new ApiError(400, 'note must be at most 1000 characters'));
  expect(calls.inFlight()).toEqual([]);
  expect(actor.getSnapshot().context.checkoutError).toBe('note must be at most 1000 characters');
});

test('a category filter reads the products again and nothing else: the cart, its items and an open checkout stay', async () => {
  const calls = new FakeCalls();
  // A first visit: no stored cart, so the machine created this one.
  const actor = start(calls, null);
  await calls.settleNamed('loadProducts', { results: [product], totalCount: 1 });
  const fresh = serverCart('f'.repeat(32));
  await calls.settleNamed('createCart', fresh);
  actor.send({ type: 'cart.add', productId: 1, quantity: 2 });
  await calls.settleNamed('addItem', serverCart(fresh.id, 2));
  actor.send({ type: 'cart.checkout' });
  await calls.settleNamed('loadCheckoutOptions', OPTIONS);
  actor.send({ type: 'checkout.update', fields: { name: 'Ana' } });
  for (const categoryId of [7, null]) {
    actor.send({ type: 'cart.filter', categoryId });
    expect(calls.inFlight()).toEqual(['loadProducts']);
    expect(calls.calls.at(-1)?.input).toMatchObject({ categoryId });
    await calls.settleNamed('loadProducts', { results: [product], totalCount: 1 });
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('details');
    expect(actor.getSnapshot().context.cart).toEqual(serverCart(fresh.id, 2));
    expect(actor.getSnapshot().context.draft).toMatchObject({ name: 'Ana' });
  }
  expect(calls.calls.filter((call) => call.name === 'createCart')).toHaveLength(1);
});

test('after a changed total (409) the cart is read again, and the next try carries the new total under a new key', async () => {
  const calls = new FakeCalls();
  const actor = await atCheckout(calls);
  actor.send({ type: 'checkout.update', fields: { name: 'Ana', email: 'ana@example.com' } });
  actor.send({ type: 'checkout.submit' });
  const placed = () => calls.calls.filter((call) => call.name === 'placeOrder').at(-1)?.input;
  // 2 × $2.50 and 10 % tax: the $5.50 the buyer is shown.
  expect(placed()).toMatchObject({ input: { expectedTotal: 5.5 }, idempotencyKey: `checkout-${SAVED}-1` });
  await calls.failNamed('placeOrder', new ApiError(409, TOTAL_CHANGED));
  expect(actor.getSnapshot().context.checkoutError).toBe(TOTAL_CHANGED);
  const raisedBread = { ...product, price: 3 };
  await calls.settleNamed('loadProducts', { results: [raisedBread], totalCount: 1 });
  expect(actor.getSnapshot().context.products).toEqual([raisedBread]);
  await calls.settleNamed('loadCart', serverCart(SAVED, 2, 3));
  await calls.settleNamed('loadCheckoutOptions', OPTIONS);
  expect(selectCheckoutTotals(actor.getSnapshot())).toEqual({
    subtotal: 6,
    shipping: 0,
    tax: 0.6,
    total: 6.6,
  });
  // What was typed and the message stay until the buyer places the order again.
  expect(actor.getSnapshot().context.draft).toMatchObject({ name: 'Ana', email: 'ana@example.com' });
  expect(actor.getSnapshot().context.checkoutError).toBe(TOTAL_CHANGED);
  actor.send({ type: 'checkout.submit' });
  expect(placed()).toMatchObject({ input: { expectedTotal: 6.6 }, idempotencyKey: `checkout-${SAVED}-2` });
  expect(actor.getSnapshot().context.checkoutError).toBeNull();
});

test('the generated paths cover every state and transition of both models', () => {
  for (const [model, paths] of [
    [basketModel, basketPaths],
    [catalogueModel, cataloguePaths],
  ] as const) {
    const { edges, states } = walked(paths, 'init');
    expect([...declaredStates(model)].filter((s) => s !== model.id && !states.has(s))).toEqual([]);
    expect([...declaredTransitions(model)].filter((e) => !edges.has(e))).toEqual([]);
  }
});

test('the messages are the spec’s, word for word', () => {
  expect([PRODUCTS_FAILED_MESSAGE, CART_FAILED_MESSAGE, ORDER_PLACED_MESSAGE, ORDER_FAILED_MESSAGE]).toEqual([
    'Failed to load products',
    'Failed to load cart',
    'Order placed successfully!',
    'Error placing order. Please try again.',
  ]);
});

testRealCoverage(coverage, 'cartMachine');
