import { expect, it } from 'vitest';
import type { CardCheckout, PaymentGateway } from '../../server/payments/gateway.ts';
import {
  type Cart,
  type CheckoutOptions,
  DEFAULT_STORE_SETTINGS,
  type Order,
  type OrderDetails,
  type OrderPage,
  type OrdersSummary,
  type PlacedOrderResponse,
  type Product,
  type StoreSettings,
} from '../../src/contracts/store.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';
import {
  addItem,
  BUYER,
  checkout,
  createProduct,
  createStore,
  newCart,
  type StoreSetup,
} from './storeFixtures.ts';

const SHIPPING_ADDRESS = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };

async function saveSettings(ctx: TestContext, setup: StoreSetup, fields: Partial<StoreSettings>) {
  const response = await ctx.call('PUT', `/api/ecommerce/stores/${setup.storeId}/settings`, {
    token: setup.owner.token,
    body: { ...DEFAULT_STORE_SETTINGS, ...fields },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StoreSettings>();
}

/** A cart of the given lines, ready to check out. */
async function cartWith(ctx: TestContext, storeId: string, lines: [Product, number][]): Promise<Cart> {
  const cart = await newCart(ctx, storeId);
  for (const [product, quantity] of lines) {
    const added = await addItem(ctx, cart.id, product.id, quantity);
    expect(added.statusCode, added.body).toBe(200);
  }
  return cart;
}

async function place(ctx: TestContext, storeId: string, lines: [Product, number][], fields = {}) {
  const cart = await cartWith(ctx, storeId, lines);
  const response = await checkout(ctx, { cartId: cart.id, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PlacedOrderResponse>();
}

const stockOf = async (ctx: TestContext, storeId: string, product: Product) =>
  (await ctx.call('GET', `/api/ecommerce/products/${product.id}?storeId=${storeId}`)).json<Product>()
    .inventoryQuantity;

const nextNumber = async (ctx: TestContext, storeId: string) =>
  (
    await ctx.db.one<{ n: number }>('select next_order_number as n from stores where store_id = $1', [
      storeId,
    ])
  )?.n;

const act = (ctx: TestContext, setup: StoreSetup, id: string, body: Record<string, unknown>) =>
  ctx.call('PATCH', `/api/ecommerce/orders/${id}`, { token: setup.owner.token, body });

const BUYER_KEYS = [
  'customer',
  'shippingAddress',
  'note',
  'paymentInstructions',
  'trackingNumber',
  'carrier',
];

describeEachDatabase('shop checkout, orders and settings', (ctx) => {
  it('refuses a buyer’s bad input with the field’s message, and changes nothing', async () => {
    const setup = await createStore(ctx);
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 3, inventoryQuantity: 5 });
    const cart = await cartWith(ctx, setup.storeId, [[bread, 2]]);
    const refused: [Record<string, unknown>, string][] = [
      [{ customer: { email: 'ada@example.com' } }, 'Please enter your name'],
      [{ customer: { name: '   ', email: 'ada@example.com' } }, 'Please enter your name'],
      [{ customer: { name: 'Ada' } }, 'Please enter a valid email address'],
      [{ customer: { name: 'Ada', email: 'not-an-email' } }, 'Please enter a valid email address'],
      [
        { customer: { name: 'x'.repeat(121), email: 'a@example.com' } },
        'customer.name must be at most 120 characters',
      ],
      [{ customer: { ...BUYER, phone: '1'.repeat(41) } }, 'customer.phone must be at most 40 characters'],
      [{ note: 'n'.repeat(1001) }, 'note must be at most 1000 characters'],
      [{ deliveryMethod: 'drone' }, 'deliveryMethod must be one of: pickup, shipping'],
      [{ paymentMethod: 'cash' }, 'paymentMethod must be one of: manual, card'],
      // Shipping is not enabled in this store's (default) settings.
      [
        { deliveryMethod: 'shipping', shippingAddress: SHIPPING_ADDRESS },
        'This delivery method is not available for this store',
      ],
      // No card gateway on this server.
      [{ paymentMethod: 'card' }, 'This payment method is not available for this store'],
    ];
    for (const [fields, message] of refused) {
      const response = await checkout(ctx, { cartId: cart.id, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    await saveSettings(ctx, setup, { shippingEnabled: true });
    const noAddress = await checkout(ctx, { cartId: cart.id, deliveryMethod: 'shipping' });
    expect(noAddress.json()).toEqual({ message: 'Please enter your shipping address' });
    const noCity = await checkout(ctx, {
      cartId: cart.id,
      deliveryMethod: 'shipping',
      shippingAddress: { ...SHIPPING_ADDRESS, city: undefined },
    });
    expect(noCity.json()).toEqual({ message: 'shippingAddress.city is required' });
    const blankLine = await checkout(ctx, {
      cartId: cart.id,
      deliveryMethod: 'shipping',
      shippingAddress: { ...SHIPPING_ADDRESS, line1: '  ' },
    });
    expect(blankLine.json()).toEqual({ message: 'shippingAddress.line1 must not be empty' });

    // Nothing changed: stock, the open cart, the next order number, no order.
    expect(await stockOf(ctx, setup.storeId, bread)).toBe(5);
    expect((await ctx.call('GET', `/api/ecommerce/cart/${cart.id}`)).json<Cart>()).toMatchObject({
      orderId: null,
      total: 6,
    });
    expect(await nextNumber(ctx, setup.storeId)).toBe(1001);
    const placed = await checkout(ctx, {
      cartId: cart.id,
      customer: { name: '  Ada  ', email: ' Ada@Example.COM ', phone: ' 555 ' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<PlacedOrderResponse>()).toMatchObject({
      orderNumber: 1001,
      customer: { name: 'Ada', email: 'ada@example.com', phone: '555' },
      paymentMethod: 'manual',
      paymentStatus: 'unpaid',
      status: 'placed',
      checkoutUrl: null,
      paymentInstructions: 'Pay when you collect your order.',
      // No job engine, so no mail: the answer must not let the page claim one was sent.
      confirmationEmailed: false,
    });
    const { accessToken, id, orderUrl } = placed.json<PlacedOrderResponse>();
    expect(accessToken).toMatch(/^[0-9a-f]{64}$/);
    // The buyer's own page, on the origin the checkout came to (APP_URL unset).
    expect(orderUrl).toBe(`http://localhost:80/order/${id}?token=${accessToken}`);
  });

  it('totals: flat shipping, free from the threshold, tax added on top or included', async () => {
    const setup = await createStore(ctx);
    const ten = await createProduct(ctx, setup, { name: 'Ten', price: 10, inventoryQuantity: 100 });
    await saveSettings(ctx, setup, {
      shippingEnabled: true,
      flatShippingRate: 4.99,
      freeShippingThreshold: 50,
      taxRate: 8.25,
    });
    const shipped = { deliveryMethod: 'shipping', shippingAddress: SHIPPING_ADDRESS };
    // 20.00 + 4.99 = 24.99; tax 8.25% of it = 2.0617 → 2.06; total 27.05.
    expect(await place(ctx, setup.storeId, [[ten, 2]], shipped)).toMatchObject({
      subtotal: 20,
      shipping: 4.99,
      tax: 2.06,
      total: 27.05,
      taxInclusive: false,
      shippingAddress: SHIPPING_ADDRESS,
    });
    // From 50.00 shipping is free: 60.00 + 8.25% = 64.95.
    expect(await place(ctx, setup.storeId, [[ten, 6]], shipped)).toMatchObject({
      subtotal: 60,
      shipping: 0,
      tax: 4.95,
      total: 64.95,
    });
    // Pickup: no shipping.
    expect(await place(ctx, setup.storeId, [[ten, 1]])).toMatchObject({
      shipping: 0,
      tax: 0.83,
      total: 10.83,
      shippingAddress: null,
    });
    await saveSettings(ctx, setup, { taxRate: 20, taxInclusive: true });
    // Included: 12.00 holds 2.00 of 20% tax; the total stays 12.00.
    const price = await createProduct(ctx, setup, { name: 'Twelve', price: 12, inventoryQuantity: 5 });
    expect(await place(ctx, setup.storeId, [[price, 1]])).toMatchObject({
      subtotal: 12,
      tax: 2,
      total: 12,
      taxInclusive: true,
    });
  });

  it('holds the order to the total the buyer was shown: a price or tax changed since is a 409 that changes nothing', async () => {
    const setup = await createStore(ctx);
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 3, inventoryQuantity: 5 });
    const cart = await cartWith(ctx, setup.storeId, [[bread, 2]]);
    // The owner raises the price after the buyer read the cart (2 × $3.00 = $6.00).
    const raised = await ctx.call('PUT', `/api/ecommerce/products/${bread.id}`, {
      token: setup.owner.token,
      body: { name: 'Bread', price: 3.5 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const stale = await checkout(ctx, { cartId: cart.id, expectedTotal: 6 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toEqual({
      message:
        'The total of your order is now $7.00: a price, shipping or tax has changed. Check your cart and place your order again.',
    });
    // Nothing was taken: the stock, the open cart (at the new price), the order number.
    expect(await stockOf(ctx, setup.storeId, bread)).toBe(5);
    expect((await ctx.call('GET', `/api/ecommerce/cart/${cart.id}`)).json<Cart>()).toMatchObject({
      orderId: null,
      total: 7,
    });
    expect(await nextNumber(ctx, setup.storeId)).toBe(1001);
    // Tax added since: the total shown before it is refused too.
    await saveSettings(ctx, setup, { taxRate: 10 });
    const untaxed = await checkout(ctx, { cartId: cart.id, expectedTotal: 7 });
    expect(untaxed.statusCode, untaxed.body).toBe(409);
    expect(untaxed.json<{ message: string }>().message).toMatch(/^The total of your order is now \$7\.70:/);
    const placed = await checkout(ctx, { cartId: cart.id, expectedTotal: 7.7 });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<PlacedOrderResponse>()).toMatchObject({
      orderNumber: 1001,
      subtotal: 7,
      tax: 0.7,
      total: 7.7,
    });
    expect(await stockOf(ctx, setup.storeId, bread)).toBe(3);
  });

  it('names the line a buyer must change when a product sold out or stopped being sold since it was added', async () => {
    const setup = await createStore(ctx);
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 3, inventoryQuantity: 5 });
    const cake = await createProduct(ctx, setup, { name: 'Cake', price: 9, inventoryQuantity: 1 });
    const cart = await cartWith(ctx, setup.storeId, [
      [bread, 1],
      [cake, 1],
    ]);
    const edit = (fields: Record<string, unknown>) =>
      ctx.call('PUT', `/api/ecommerce/products/${cake.id}`, {
        token: setup.owner.token,
        body: { name: 'Cake', price: 9, ...fields },
      });
    expect((await edit({ inventoryQuantity: 0 })).statusCode).toBe(200);
    const soldOut = await checkout(ctx, { cartId: cart.id });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toEqual({
      message: 'Cake is out of stock: remove it from your cart to place your order.',
    });
    expect((await edit({ inventoryQuantity: 1, isActive: false })).statusCode).toBe(200);
    const hidden = await checkout(ctx, { cartId: cart.id });
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json()).toEqual({
      message: 'Cake is no longer sold: remove it from your cart to place your order.',
    });
    // Nothing was taken from the other line.
    expect(await stockOf(ctx, setup.storeId, bread)).toBe(5);
    const line = (await ctx.call('GET', `/api/ecommerce/cart/${cart.id}`))
      .json<Cart>()
      .items.find((item) => item.productId === cake.id);
    expect((await ctx.call('DELETE', `/api/ecommerce/cart/${cart.id}/items/${line?.id}`)).statusCode).toBe(
      200,
    );
    const placed = await checkout(ctx, { cartId: cart.id });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<PlacedOrderResponse>()).toMatchObject({ total: 3 });
  });

  it('the cart itself says which line cannot be bought as it is, before any checkout, and stops saying once it can', async () => {
    const setup = await createStore(ctx);
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 3, inventoryQuantity: 5 });
    const cake = await createProduct(ctx, setup, { name: 'Cake', price: 9, inventoryQuantity: 3 });
    const cart = await cartWith(ctx, setup.storeId, [
      [bread, 1],
      [cake, 2],
    ]);
    const edit = (fields: Record<string, unknown>) =>
      ctx.call('PUT', `/api/ecommerce/products/${cake.id}`, { token: setup.owner.token, body: fields });
    const problems = async () =>
      (await ctx.call('GET', `/api/ecommerce/cart/${cart.id}`))
        .json<Cart>()
        .items.map((item) => [item.productName, item.problem ?? null]);

    expect(await problems()).toEqual([
      ['Bread', null],
      ['Cake', null],
    ]);
    expect((await edit({ inventoryQuantity: 1 })).statusCode).toBe(200);
    expect(await problems()).toEqual([
      ['Bread', null],
      ['Cake', 'Only 1 of Cake in stock'],
    ]);
    expect((await edit({ inventoryQuantity: 0 })).statusCode).toBe(200);
    expect(await problems()).toEqual([
      ['Bread', null],
      ['Cake', 'Cake is out of stock: remove it from your cart to place your order.'],
    ]);
    expect((await edit({ inventoryQuantity: 4, isActive: false })).statusCode).toBe(200);
    expect(await problems()).toEqual([
      ['Bread', null],
      ['Cake', 'Cake is no longer sold: remove it from your cart to place your order.'],
    ]);
    expect((await edit({ isActive: true })).statusCode).toBe(200);
    expect(await problems()).toEqual([
      ['Bread', null],
      ['Cake', null],
    ]);
  });

  it('numbers orders 1001, 1002… per store, without gaps under 20 parallel checkouts', async () => {
    const setup = await createStore(ctx);
    const other = await createStore(ctx);
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 1, inventoryQuantity: 100 });
    const rye = await createProduct(ctx, other, { name: 'Rye', price: 1, inventoryQuantity: 100 });
    const carts = await Promise.all(
      Array.from({ length: 20 }, () => cartWith(ctx, setup.storeId, [[bread, 1]])),
    );
    // A refused checkout in the middle takes no number.
    const empty = await newCart(ctx, setup.storeId);
    const responses = await Promise.all([
      ...carts.map((cart) => checkout(ctx, { cartId: cart.id })),
      checkout(ctx, { cartId: empty.id }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      ...Array.from({ length: 20 }, () => 201),
      400,
    ]);
    const numbers = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json<Order>().orderNumber)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => 1001 + index));
    expect(await stockOf(ctx, setup.storeId, bread)).toBe(80);
    // Another store counts on its own.
    expect((await place(ctx, other.storeId, [[rye, 1]])).orderNumber).toBe(1001);
    expect((await place(ctx, setup.storeId, [[bread, 1]])).orderNumber).toBe(1021);
  });

  it('an order’s id shows no buyer; its token shows the buyer; a wrong token or another account sees nothing', async () => {
    const setup = await createStore(ctx);
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 2, inventoryQuantity: 5 });
    await saveSettings(ctx, setup, { shippingEnabled: true });
    const placed = await place(ctx, setup.storeId, [[bread, 1]], {
      customer: { ...BUYER, phone: '555-0100' },
      deliveryMethod: 'shipping',
      shippingAddress: SHIPPING_ADDRESS,
      note: 'Ring twice',
    });
    const anonymous = await ctx.call('GET', `/api/ecommerce/orders/${placed.id}`);
    expect(anonymous.statusCode).toBe(200);
    for (const key of [...BUYER_KEYS, 'accessToken'])
      expect(Object.keys(anonymous.json())).not.toContain(key);
    expect(anonymous.body).not.toContain('Ada');
    expect(anonymous.body).not.toContain('Main St');
    expect(anonymous.json<Order>()).toMatchObject({ orderNumber: 1001, total: 2, status: 'placed' });

    const own = await ctx.call('GET', `/api/ecommerce/orders/${placed.id}?token=${placed.accessToken}`);
    expect(own.json<OrderDetails>()).toMatchObject({
      customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '555-0100' },
      shippingAddress: SHIPPING_ADDRESS,
      note: 'Ring twice',
    });
    const wrong = await ctx.call('GET', `/api/ecommerce/orders/${placed.id}?token=${'0'.repeat(64)}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: 'Order not found' });
    expect((await ctx.call('GET', `/api/ecommerce/orders/${placed.id}?token=short`)).statusCode).toBe(404);

    // Another account: its owner's routes know nothing of the order, token or not.
    const stranger = await ctx.register();
    const patch = await ctx.call('PATCH', `/api/ecommerce/orders/${placed.id}?token=${placed.accessToken}`, {
      token: stranger.token,
      body: { action: 'markPaid' },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ message: 'Order not found' });
    for (const url of [
      `/api/ecommerce/stores/${setup.storeId}/orders`,
      `/api/ecommerce/stores/${setup.storeId}/orders.csv`,
      `/api/ecommerce/stores/${setup.storeId}/settings`,
    ]) {
      const response = await ctx.call('GET', url, { token: stranger.token });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Store not found' });
    }
    const summary = await ctx.call('GET', '/api/ecommerce/orders/summary', { token: stranger.token });
    expect(summary.json()).toEqual({ needsAction: 0, latestOrderAt: null });
  });

  it('owner actions follow the one rule; refusals say why; cancel returns the stock', async () => {
    const setup = await createStore(ctx);
    const jam = await createProduct(ctx, setup, { name: 'Jam', price: 5, inventoryQuantity: 10 });
    await saveSettings(ctx, setup, { shippingEnabled: true });
    const shipped = await place(ctx, setup.storeId, [[jam, 1]], {
      deliveryMethod: 'shipping',
      shippingAddress: SHIPPING_ADDRESS,
    });
    const refusedShip = await act(ctx, setup, shipped.id, { action: 'ship' });
    expect(refusedShip.statusCode).toBe(409);
    expect(refusedShip.json()).toEqual({
      message: 'Order #1001 cannot be marked as shipped: it is not paid yet.',
    });
    expect((await act(ctx, setup, shipped.id, { action: 'readyForPickup' })).json()).toEqual({
      message: 'Order #1001 cannot be marked as ready for pickup: it is a shipping order.',
    });
    expect((await act(ctx, setup, shipped.id, { action: 'markPaid' })).json()).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
    });
    const tracking = await act(ctx, setup, shipped.id, {
      action: 'ship',
      trackingNumber: ' 1Z999 ',
      carrier: 'UPS',
    });
    expect(tracking.json()).toMatchObject({ status: 'shipped', trackingNumber: '1Z999', carrier: 'UPS' });
    expect((await act(ctx, setup, shipped.id, { action: 'cancel' })).json()).toEqual({
      message: 'Order #1001 cannot be cancelled: it has already been shipped.',
    });
    expect((await act(ctx, setup, shipped.id, { action: 'complete' })).json()).toMatchObject({
      status: 'completed',
    });
    expect((await act(ctx, setup, shipped.id, { action: 'markPaid' })).json()).toEqual({
      message: 'Order #1001 is completed and cannot change.',
    });
    expect((await act(ctx, setup, shipped.id, { action: 'complete', trackingNumber: 'x' })).statusCode).toBe(
      400,
    );

    // Pickup, paid on collection: ready, then completed marks it paid.
    const pickup = await place(ctx, setup.storeId, [[jam, 2]]);
    expect((await act(ctx, setup, pickup.id, { action: 'readyForPickup' })).json()).toMatchObject({
      status: 'ready_for_pickup',
    });
    expect((await act(ctx, setup, pickup.id, { action: 'complete' })).json()).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
    });

    const cancelled = await place(ctx, setup.storeId, [[jam, 3]]);
    expect(await stockOf(ctx, setup.storeId, jam)).toBe(4);
    expect((await act(ctx, setup, cancelled.id, { action: 'cancel' })).json()).toMatchObject({
      status: 'cancelled',
      fulfilmentStatus: 'cancelled',
    });
    expect(await stockOf(ctx, setup.storeId, jam)).toBe(7);
    expect((await act(ctx, setup, cancelled.id, { action: 'cancel' })).json()).toEqual({
      message: 'Order #1003 is cancelled and cannot change.',
    });
    expect(await stockOf(ctx, setup.storeId, jam)).toBe(7);
    const logged = await ctx.db.query<{ details: { action: string } }>(
      `select details from activity_logs where type = 'store.order_status_changed' and account_id = $1 order by id`,
      [setup.owner.accountId],
    );
    expect(logged.map((row) => row.details.action)).toEqual([
      'markPaid',
      'ship',
      'complete',
      'readyForPickup',
      'complete',
      'cancel',
    ]);
  });

  it('an owner reads any one order of a store by its id (the drawer’s link); others get 404', async () => {
    const setup = await createStore(ctx);
    const tea = await createProduct(ctx, setup, { name: 'Tea', price: 4, inventoryQuantity: 50 });
    const placed = await place(ctx, setup.storeId, [[tea, 2]], {
      customer: { name: 'Grace Hopper', email: 'grace@navy.example' },
    });
    const token = setup.owner.token;
    const url = `/api/ecommerce/stores/${setup.storeId}/orders/${placed.id}`;

    const own = await ctx.call('GET', url, { token });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<OrderDetails>()).toMatchObject({
      id: placed.id,
      orderNumber: 1001,
      total: 8,
      customer: { name: 'Grace Hopper', email: 'grace@navy.example' },
    });
    expect(own.json()).not.toHaveProperty('accountId');

    // Another store of the same account, another account, an unknown id: 'Order not found', 'Store not found'.
    const other = await ctx.call('POST', '/api/ecommerce/stores', {
      token,
      body: { storeId: `${setup.storeId}-b`, storeName: 'Second shop' },
    });
    expect(other.statusCode, other.body).toBe(201);
    const wrongStore = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}-b/orders/${placed.id}`, {
      token,
    });
    expect([wrongStore.statusCode, wrongStore.json()]).toEqual([404, { message: 'Order not found' }]);
    const stranger = await ctx.register();
    const foreign = await ctx.call('GET', url, { token: stranger.token });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: 'Order not found' }]);
    const unknown = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders/${'x'.repeat(32)}`, {
      token,
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Order not found' }]);
    const malformed = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders/short`, { token });
    expect(malformed.statusCode).toBe(400);
  });

  it('lists with status filter and search, exports CSV safely, and counts what needs the owner', async () => {
    const setup = await createStore(ctx);
    const tea = await createProduct(ctx, setup, { name: 'Tea, "green"', price: 4, inventoryQuantity: 50 });
    const token = setup.owner.token;
    const empty = await ctx.call('GET', '/api/ecommerce/orders/summary', { token });
    expect(empty.json()).toEqual({ needsAction: 0, latestOrderAt: null });
    const first = await place(ctx, setup.storeId, [[tea, 1]], {
      customer: { name: '=HYPERLINK("http://evil")', email: 'eve@example.com' },
    });
    const second = await place(ctx, setup.storeId, [[tea, 2]], {
      customer: { name: 'Grace Hopper', email: 'grace@navy.example' },
    });
    const third = await place(ctx, setup.storeId, [[tea, 1]], {
      customer: { name: 'Alan', email: 'alan@example.com' },
    });
    await act(ctx, setup, second.id, { action: 'markPaid' });
    await act(ctx, setup, third.id, { action: 'cancel' });

    const list = async (query: string) => {
      const response = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders?${query}`, {
        token,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<OrderPage>();
      return { count: page.totalCount, numbers: page.results.map((order) => order.orderNumber) };
    };
    expect(await list('')).toEqual({ count: 3, numbers: [1003, 1002, 1001] });
    expect(await list('take=1&skip=1')).toEqual({ count: 3, numbers: [1002] });
    expect(await list('status=paid')).toEqual({ count: 1, numbers: [1002] });
    expect(await list('status=placed')).toEqual({ count: 1, numbers: [1001] });
    expect(await list('status=cancelled')).toEqual({ count: 1, numbers: [1003] });
    expect(await list('status=shipped')).toEqual({ count: 0, numbers: [] });
    expect(await list('searchTerm=GRACE')).toEqual({ count: 1, numbers: [1002] });
    expect(await list('searchTerm=navy.example')).toEqual({ count: 1, numbers: [1002] });
    expect(await list(`searchTerm=${encodeURIComponent('#1003')}`)).toEqual({ count: 1, numbers: [1003] });
    expect(await list('searchTerm=1001')).toEqual({ count: 1, numbers: [1001] });
    expect(await list('searchTerm=%25')).toEqual({ count: 0, numbers: [] });
    const results = (
      await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders?searchTerm=alan`, { token })
    ).json<OrderPage>().results;
    expect(results[0]).toMatchObject({
      customer: { name: 'Alan', email: 'alan@example.com' },
      status: 'cancelled',
    });
    expect(
      (await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders?status=lost`, { token }))
        .statusCode,
    ).toBe(400);

    const csv = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders.csv?status=placed`, {
      token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="orders-${setup.storeId}.csv"`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'Order,Date,Status,Payment,Fulfilment,Buyer,Email,Phone,Delivery,Address,Items,Subtotal,Shipping,Tax,Total,Currency,Tracking',
    );
    expect(lines[1]).toBe(
      `#1001,${first.createdDate},Placed,manual (unpaid),unfulfilled,"'=HYPERLINK(""http://evil"")",eve@example.com,,pickup,,"1 × Tea, ""green""",4.00,0.00,0.00,4.00,USD,`,
    );
    expect(lines.slice(2)).toEqual(['']);
    const all = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders.csv`, { token });
    expect(all.body.split('\r\n').filter(Boolean)).toHaveLength(4);

    // Needs the owner: placed (1001) and paid (1002), not the cancelled one.
    const summary = (await ctx.call('GET', '/api/ecommerce/orders/summary', { token })).json<OrdersSummary>();
    expect(summary).toEqual({ needsAction: 2, latestOrderAt: third.createdDate });
  });

  it('store settings: the owner’s, validated with clear messages; buyers read the checkout options', async () => {
    const setup = await createStore(ctx);
    const url = `/api/ecommerce/stores/${setup.storeId}/settings`;
    const token = setup.owner.token;
    expect((await ctx.call('GET', url, { token })).json()).toEqual(DEFAULT_STORE_SETTINGS);
    // In the Settings tab's words, a field's message led by its label (the tab puts it under that field).
    const refused: [Partial<StoreSettings>, string][] = [
      [
        { pickupEnabled: false, shippingEnabled: false },
        'Turn on pickup or shipping: buyers need a way to get their order.',
      ],
      [{ paymentMethods: [] }, 'Choose at least one payment method'],
      [
        { paymentMethods: ['card'] },
        'Card payments are not set up on this server yet: keep manual payment on',
      ],
      [{ paymentMethods: ['manual', 'manual'] }, 'Name each payment method once'],
      [{ flatShippingRate: -1 }, 'Flat shipping rate must be at least 0'],
      [
        { shippingEnabled: true, flatShippingRate: 1.234 },
        'Flat shipping rate: use at most 2 decimals (cents)',
      ],
      [
        { shippingEnabled: true, freeShippingThreshold: 0.001 },
        'Free shipping from: use at most 2 decimals (cents)',
      ],
      [{ taxRate: 101 }, 'Tax rate must be at most 100'],
      [{ taxRate: 8.8755 }, 'Tax rate: use at most 3 decimals, e.g. 8.875'],
      [{ orderNoticeEmail: 'nope' }, 'Order notice email must be a valid email address'],
      [{ pickupInstructions: 'x'.repeat(2001) }, 'Pickup instructions must be at most 2000 characters'],
      [{ taxInclusive: 'yes' as unknown as boolean }, 'How tax is charged must be a boolean'],
    ];
    for (const [fields, message] of refused) {
      const response = await ctx.call('PUT', url, { token, body: { ...DEFAULT_STORE_SETTINGS, ...fields } });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json<{ message: string }>().message, JSON.stringify(fields)).toBe(message);
    }
    expect((await ctx.call('GET', url, { token })).json()).toEqual(DEFAULT_STORE_SETTINGS);
    const saved = await saveSettings(ctx, setup, {
      shippingEnabled: true,
      flatShippingRate: 5.5,
      freeShippingThreshold: 40,
      taxRate: 8.25,
      orderNoticeEmail: 'Orders@Shop.example',
      paymentMethods: ['manual', 'card'],
      pickupInstructions: 'Back door, 9–5',
    });
    expect(saved).toMatchObject({
      orderNoticeEmail: 'orders@shop.example',
      taxRate: 8.25,
      flatShippingRate: 5.5,
    });
    expect((await ctx.call('GET', url, { token })).json()).toEqual(saved);

    const viewer = await ctx.call('PUT', url, { body: DEFAULT_STORE_SETTINGS });
    expect(viewer.statusCode).toBe(401);

    const options = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/checkout`);
    expect(options.statusCode).toBe(200);
    expect(options.headers['access-control-allow-origin']).toBe('*');
    expect(options.json<CheckoutOptions>()).toEqual({
      storeId: setup.storeId,
      storeName: 'Rosa’s Bakery',
      currency: 'USD',
      pickupEnabled: true,
      shippingEnabled: true,
      flatShippingRate: 5.5,
      freeShippingThreshold: 40,
      taxRate: 8.25,
      taxInclusive: false,
      // No gateway on this server: card is not offered.
      paymentMethods: ['manual'],
      // None of the owner's own: the checkout shows the default for the delivery chosen (paymentWords.ts).
      manualPaymentInstructions: '',
      pickupInstructions: 'Back door, 9–5',
    });
    expect((await ctx.call('GET', '/api/ecommerce/stores/no-such-store/checkout')).json()).toEqual({
      message: 'Store not found',
    });
  });

  it('the buyer’s order page: escaped, no script, 404 with a wrong token', async () => {
    const setup = await createStore(ctx);
    const evil = await createProduct(ctx, setup, {
      name: '<script>alert(1)</script>',
      price: 2,
      inventoryQuantity: 5,
    });
    await saveSettings(ctx, setup, {
      pickupInstructions: 'Ring <b>bell</b>',
      manualPaymentInstructions: 'IBAN & co',
    });
    const placed = await place(ctx, setup.storeId, [[evil, 2]]);
    const page = await ctx.call('GET', `/order/${placed.id}?token=${placed.accessToken}&cancelled=1`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(page.body).toContain('<h1>Order #1001</h1>');
    expect(page.body).toContain('Rosa’s Bakery');
    expect(page.body).toContain('Status: <span class="status">Placed</span>');
    expect(page.body).toContain('2 × &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(page.body).toContain('$4.00');
    expect(page.body).toContain('Ring &#60;b&#62;bell&#60;/b&#62;');
    expect(page.body).toContain('IBAN &#38; co');
    expect(page.body).toContain('Payment not completed');
    expect(page.body).not.toContain('Payment received');
    expect(page.body).not.toMatch(/<script/i);
    const paid = await ctx.call('GET', `/order/${placed.id}?token=${placed.accessToken}&paid=1`);
    expect(paid.body).toContain('Payment received');

    for (const url of [
      `/order/${placed.id}?token=${'f'.repeat(64)}`,
      `/order/${placed.id}`,
      '/order/unknown?token=x',
    ]) {
      const missing = await ctx.call('GET', url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(missing.body, url).toContain('Order not found');
      expect(missing.body, url).not.toContain('Rosa');
    }
  });

  it('saving the business profile creates the account’s store once, with a unique id', async () => {
    const profile = (businessName: string) => ({
      businessName,
      industry: 'retail',
      services: 'Bread',
      email: 'hello@example.com',
      phone: '555-0100',
    });
    const stores = async (token: string) =>
      (await ctx.call('GET', '/api/ecommerce/stores', { token })).json();
    const first = await ctx.register();
    const saved = await ctx.call('POST', '/api/business/setup', {
      token: first.token,
      body: profile('Crème Brûlée Co.'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stores(first.token)).toEqual([
      {
        storeId: 'creme-brulee-co',
        storeName: 'Crème Brûlée Co.',
        currency: 'USD',
        createdAt: expect.any(String),
      },
    ]);
    // Saved again (renamed): still the one store.
    await ctx.call('POST', '/api/business/setup', { token: first.token, body: profile('Another Name') });
    expect((await stores(first.token)).map((store: { storeId: string }) => store.storeId)).toEqual([
      'creme-brulee-co',
    ]);
    // Another business of the same name gets a suffix; a name without letters gets 'store'.
    const second = await ctx.register();
    await ctx.call('POST', '/api/business/setup', { token: second.token, body: profile('Crème brûlée co') });
    expect(await stores(second.token)).toEqual([expect.objectContaining({ storeId: 'creme-brulee-co-2' })]);
    const third = await ctx.register();
    await ctx.call('POST', '/api/business/setup', { token: third.token, body: profile('☕☕') });
    expect((await stores(third.token))[0].storeId).toMatch(/^store(-\d+)?$/);
  });
});

/** The card provider we cannot reach: records what it was asked, and fails when told to. */
function fakeGateway() {
  const calls: { orderId: string; total: number; successUrl: string; cancelUrl: string; expiresAt: Date }[] =
    [];
  const state = { fail: false };
  const gateway: PaymentGateway = {
    async createCheckout(order, urls, expiresAt): Promise<CardCheckout> {
      calls.push({ orderId: order.id, total: order.total, ...urls, expiresAt });
      if (state.fail) throw new Error('provider down');
      return {
        sessionId: `cs_test_${calls.length}`,
        url: `https://checkout.example/pay/${calls.length}`,
        expiresAt,
      };
    },
  };
  return { gateway, calls, state };
}

const card = fakeGateway();

describeEachDatabase(
  'shop checkout with card payments',
  (ctx) => {
    it('a card order awaits payment with its stock reserved and answers the checkout URL', async () => {
      const setup = await createStore(ctx);
      const tea = await createProduct(ctx, setup, { name: 'Tea', price: 7.5, inventoryQuantity: 5 });
      const options = async () =>
        (await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/checkout`)).json<CheckoutOptions>()
          .paymentMethods;
      expect(await options()).toEqual(['manual']);
      const cart = await cartWith(ctx, setup.storeId, [[tea, 2]]);
      const refused = await checkout(ctx, { cartId: cart.id, paymentMethod: 'card' });
      expect(refused.json()).toEqual({ message: 'This payment method is not available for this store' });
      await saveSettings(ctx, setup, { paymentMethods: ['manual', 'card'] });
      expect(await options()).toEqual(['manual', 'card']);

      const before = Date.now();
      const placed = await checkout(ctx, { cartId: cart.id, paymentMethod: 'card' });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<PlacedOrderResponse>();
      expect(order).toMatchObject({
        paymentMethod: 'card',
        paymentStatus: 'awaiting',
        status: 'awaiting_payment',
        checkoutUrl: `https://checkout.example/pay/${card.calls.length}`,
        paymentInstructions: '',
        total: 15,
      });
      const reserved = Date.parse(order.reservedUntil ?? '');
      expect(reserved - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
      expect(reserved - before).toBeLessThan(31 * 60_000);
      const call = card.calls.at(-1);
      expect(call).toMatchObject({ orderId: order.id, total: 15 });
      expect(call?.successUrl).toBe(
        `http://localhost:80/order/${order.id}?token=${order.accessToken}&paid=1`,
      );
      expect(call?.cancelUrl).toBe(
        `http://localhost:80/order/${order.id}?token=${order.accessToken}&cancelled=1`,
      );
      const session = await ctx.db.one<{ id: string }>(
        'select stripe_session_id as id from orders where id = $1',
        [order.id],
      );
      expect(session?.id).toBe(`cs_test_${card.calls.length}`);
      expect(await stockOf(ctx, setup.storeId, tea)).toBe(3);
      // Not paid yet: the owner can neither mark it paid nor hand it over.
      expect((await act(ctx, setup, order.id, { action: 'readyForPickup' })).json()).toEqual({
        message: 'Order #1001 cannot be marked as ready for pickup: its card payment is still open.',
      });
      const summary = (
        await ctx.call('GET', '/api/ecommerce/orders/summary', { token: setup.owner.token })
      ).json();
      expect(summary).toMatchObject({ needsAction: 0 });
      // A repeat answers the same order.
      const again = await checkout(ctx, { cartId: cart.id, paymentMethod: 'card' });
      expect(again.statusCode).toBe(200);
      expect(again.json<PlacedOrderResponse>()).toMatchObject({
        id: order.id,
        accessToken: order.accessToken,
      });
    });

    it('when the provider fails: 502, the stock returns and the order’s payment expires', async () => {
      const setup = await createStore(ctx);
      const tea = await createProduct(ctx, setup, { name: 'Tea', price: 3, inventoryQuantity: 4 });
      await saveSettings(ctx, setup, { paymentMethods: ['card'] });
      const cart = await cartWith(ctx, setup.storeId, [[tea, 3]]);
      card.state.fail = true;
      try {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/ecommerce/orders',
          payload: { cartId: cart.id, customer: BUYER, deliveryMethod: 'pickup', paymentMethod: 'card' },
          remoteAddress: '192.0.2.77',
        });
        expect(response.statusCode).toBe(502);
        expect(response.json()).toEqual({
          message:
            'Card payment is unavailable right now. Please try again or choose another payment method.',
        });
      } finally {
        card.state.fail = false;
      }
      expect(await stockOf(ctx, setup.storeId, tea)).toBe(4);
      const orders = (
        await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders`, { token: setup.owner.token })
      ).json<OrderPage>();
      expect(orders.results).toEqual([
        expect.objectContaining({ paymentStatus: 'expired', status: 'expired', reservedUntil: null }),
      ]);
      expect((await act(ctx, setup, orders.results[0]?.id ?? '', { action: 'cancel' })).json()).toEqual({
        message: 'Order #1001 has an expired card payment and cannot change.',
      });
      expect(await stockOf(ctx, setup.storeId, tea)).toBe(4);
    });
  },
  { payments: card.gateway },
);
