import { expect, it } from 'vitest';
import type { Cart, Order, OrderPage, PlacedOrderResponse, Product } from '../../src/contracts/store.ts';
import { describeEachDatabase } from './harness.ts';
import { addItem, checkout, checkoutBody, createProduct, createStore, newCart } from './storeFixtures.ts';

describeEachDatabase('store carts and checkout', (ctx) => {
  it('prices a cart from the catalogue: merges lines, changes quantities, removes at ≤ 0 and on delete', async () => {
    const setup = await createStore(ctx, 'GBP');
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 2.1, inventoryQuantity: 5 });
    const cake = await createProduct(ctx, setup, { name: 'Cake', price: 0.7, inventoryQuantity: 9 });
    const cart = await newCart(ctx, setup.storeId);
    expect(cart).toMatchObject({ storeId: setup.storeId, items: [], total: 0, currency: 'GBP' });
    // ≥ 128 bits: 24 random bytes in base64url.
    expect(cart.id).toMatch(/^[A-Za-z0-9_-]{32}$/);

    expect((await addItem(ctx, cart.id, bread.id)).json<Cart>().items[0]).toMatchObject({ quantity: 1 });
    await addItem(ctx, cart.id, bread.id, 2);
    const added = (await addItem(ctx, cart.id, cake.id, 3)).json<Cart>();
    expect(added.items).toEqual([
      {
        id: expect.any(Number),
        productId: bread.id,
        productName: 'Bread',
        price: 2.1,
        quantity: 3,
        total: 6.3,
      },
      {
        id: expect.any(Number),
        productId: cake.id,
        productName: 'Cake',
        price: 0.7,
        quantity: 3,
        total: 2.1,
      },
    ]);
    expect(added.total).toBe(8.4);
    const [breadLine, cakeLine] = added.items;

    const patched = await ctx.call('PATCH', `/api/ecommerce/cart/${cart.id}/items/${cakeLine?.id}`, {
      body: { quantity: 1 },
    });
    expect(patched.json<Cart>().total).toBe(7);
    const zero = await ctx.call('PATCH', `/api/ecommerce/cart/${cart.id}/items/${cakeLine?.id}`, {
      body: { quantity: 0 },
    });
    expect(zero.json<Cart>().items.map((item) => item.productName)).toEqual(['Bread']);
    const removed = await ctx.call('DELETE', `/api/ecommerce/cart/${cart.id}/items/${breadLine?.id}`);
    expect(removed.json()).toMatchObject({ items: [], total: 0 });
    expect(
      (await ctx.call('DELETE', `/api/ecommerce/cart/${cart.id}/items/${breadLine?.id}`)).statusCode,
    ).toBe(404);
    expect((await ctx.call('GET', `/api/ecommerce/cart/${cart.id}`)).json()).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await ctx.call('GET', `/api/ecommerce/cart/${'x'.repeat(32)}`)).statusCode).toBe(404);
  });

  it('refuses more than the stock (409), out-of-stock and inactive products, and client-sent prices', async () => {
    const setup = await createStore(ctx);
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 3, inventoryQuantity: 2 });
    const none = await createProduct(ctx, setup, { name: 'Gone', inventoryQuantity: 0 });
    const hidden = await createProduct(ctx, setup, { name: 'Hidden', isActive: false });
    const cart = await newCart(ctx, setup.storeId);

    const over = await addItem(ctx, cart.id, bread.id, 3);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Only 2 of Bread in stock');
    await addItem(ctx, cart.id, bread.id, 2);
    expect((await addItem(ctx, cart.id, bread.id, 1)).statusCode).toBe(409);
    const out = await addItem(ctx, cart.id, none.id);
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe('This product is out of stock');
    expect((await addItem(ctx, cart.id, hidden.id)).statusCode).toBe(404);

    const withPrice = await ctx.call('POST', `/api/ecommerce/cart/${cart.id}/items`, {
      body: { productId: bread.id, quantity: 1, price: 0.01 },
    });
    expect(withPrice.statusCode).toBe(400);
    // The owner changes the price: the cart follows the catalogue, and so does the order.
    await ctx.call('PUT', `/api/ecommerce/products/${bread.id}`, {
      token: setup.owner.token,
      body: { name: 'Bread', price: 5, inventoryQuantity: 2 },
    });
    const current = (await ctx.call('GET', `/api/ecommerce/cart/${cart.id}`)).json<Cart>();
    expect(current).toMatchObject({ total: 10, items: [expect.objectContaining({ price: 5, quantity: 2 })] });
    const order = await checkout(ctx, { cartId: cart.id, total: 0.01 });
    expect(order.statusCode).toBe(400);
    const placed = await checkout(ctx, { cartId: cart.id });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ total: 10, currency: 'USD', status: 'placed' });
  });

  it('checks out once: a repeat (same cart, with or without its Idempotency-Key) returns the first order', async () => {
    const setup = await createStore(ctx);
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 2.5, inventoryQuantity: 4 });
    const cart = await newCart(ctx, setup.storeId, 'ada');
    await addItem(ctx, cart.id, bread.id, 3);
    const empty = await newCart(ctx, setup.storeId);
    const emptyCheckout = await checkout(ctx, { cartId: empty.id });
    expect(emptyCheckout.statusCode).toBe(400);
    expect(emptyCheckout.json().message).toBe('Your cart is empty');

    const first = await checkout(ctx, { cartId: cart.id }, { 'idempotency-key': 'key-1' });
    expect(first.statusCode).toBe(201);
    const order = first.json<Order>();
    expect(order).toMatchObject({
      customerId: 'ada',
      total: 7.5,
      items: [{ productId: bread.id, productName: 'Bread', price: 2.5, quantity: 3 }],
    });
    expect(order.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const again = await checkout(ctx, { cartId: cart.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(order);
    const retried = await checkout(ctx, { cartId: cart.id }, { 'idempotency-key': 'key-1' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(order);
    // Anyone with the id sees the order without its buyer; the buyer's token shows them their details.
    const {
      accessToken,
      checkoutUrl: _u,
      orderUrl: _o,
      confirmationEmailed: _m,
      ...details
    } = order as PlacedOrderResponse;
    const {
      customer: _c,
      shippingAddress: _a,
      note: _n,
      trackingNumber: _t,
      carrier: _r,
      paymentInstructions: _p,
      ...shown
    } = details;
    expect((await ctx.call('GET', `/api/ecommerce/orders/${order.id}`)).json()).toEqual(shown);
    expect((await ctx.call('GET', `/api/ecommerce/orders/${order.id}?token=${accessToken}`)).json()).toEqual(
      details,
    );

    // The checked-out cart is closed; stock went down once.
    expect((await addItem(ctx, cart.id, bread.id)).statusCode).toBe(409);
    const product = await ctx.call('GET', `/api/ecommerce/products/${bread.id}?storeId=${setup.storeId}`);
    expect(product.json<Product>().inventoryQuantity).toBe(1);
    const logged = await ctx.db.query<{ details: { orderId: string } }>(
      `select details from activity_logs where type = 'store.order_placed' and account_id = $1`,
      [setup.owner.accountId],
    );
    expect(logged.map((row) => row.details.orderId)).toEqual([order.id]);
  });

  it('an Idempotency-Key is bound to the cart it first served: another cart with it is a 409 that changes nothing', async () => {
    const setup = await createStore(ctx);
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 2, inventoryQuantity: 5 });
    const first = await newCart(ctx, setup.storeId, 'ada');
    await addItem(ctx, first.id, bread.id, 1);
    const placed = await checkout(ctx, { cartId: first.id }, { 'idempotency-key': 'bound-key' });
    expect(placed.statusCode).toBe(201);

    const other = await newCart(ctx, setup.storeId, 'eve');
    await addItem(ctx, other.id, bread.id, 2);
    const reused = await checkout(ctx, { cartId: other.id }, { 'idempotency-key': 'bound-key' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ message: 'Idempotency-Key was already used for another cart' });
    // Nothing of the first order leaks, no order was made and no stock was taken for the other cart.
    expect(reused.body).not.toContain(placed.json<Order>().id);
    const orders = await ctx.db.query<{ cart_id: string }>('select cart_id from orders where store_id = $1', [
      setup.storeId,
    ]);
    expect(orders).toEqual([{ cart_id: first.id }]);
    const product = await ctx.call('GET', `/api/ecommerce/products/${bread.id}?storeId=${setup.storeId}`);
    expect(product.json<Product>().inventoryQuantity).toBe(4);

    // The same key with its own cart still answers the first order; the other cart checks out under a key of its own.
    const retried = await checkout(ctx, { cartId: first.id }, { 'idempotency-key': 'bound-key' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(placed.json());
    const own = await checkout(ctx, { cartId: other.id }, { 'idempotency-key': 'another-key' });
    expect(own.statusCode).toBe(201);
    expect(own.json<Order>()).toMatchObject({ customerId: 'eve', total: 4 });
  });

  it('two carts racing under one Idempotency-Key: one order, the other cart gets the 409', async () => {
    const setup = await createStore(ctx);
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 1, inventoryQuantity: 10 });
    const carts = await Promise.all([newCart(ctx, setup.storeId), newCart(ctx, setup.storeId)]);
    for (const each of carts) await addItem(ctx, each.id, bread.id, 1);
    const responses = await Promise.all(
      carts.map((each) => checkout(ctx, { cartId: each.id }, { 'idempotency-key': 'raced-key' })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused?.json()).toEqual({ message: 'Idempotency-Key was already used for another cart' });
    const product = await ctx.call('GET', `/api/ecommerce/products/${bread.id}?storeId=${setup.storeId}`);
    expect(product.json<Product>().inventoryQuantity).toBe(9);
  });

  it('10 parallel checkouts of one cart make one order; of ten carts never take stock below zero', async () => {
    const setup = await createStore(ctx);
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 1, inventoryQuantity: 7 });
    const cart = await newCart(ctx, setup.storeId);
    await addItem(ctx, cart.id, bread.id, 2);
    const same = await Promise.all(Array.from({ length: 10 }, () => checkout(ctx, { cartId: cart.id })));
    expect(same.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(new Set(same.map((response) => response.json<Order>().id)).size).toBe(1);
    const stock = async () =>
      (await ctx.call('GET', `/api/ecommerce/products/${bread.id}?storeId=${setup.storeId}`)).json<Product>()
        .inventoryQuantity;
    expect(await stock()).toBe(5);

    const carts = await Promise.all(Array.from({ length: 10 }, () => newCart(ctx, setup.storeId)));
    for (const each of carts) await addItem(ctx, each.id, bread.id, 1);
    const many = await Promise.all(carts.map((each) => checkout(ctx, { cartId: each.id })));
    expect(many.filter((response) => response.statusCode === 201)).toHaveLength(5);
    expect(many.filter((response) => response.statusCode === 409)).toHaveLength(5);
    expect(await stock()).toBe(0);
    const orders = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders?take=50`, {
      token: setup.owner.token,
    });
    expect(orders.json<OrderPage>().totalCount).toBe(6);
  });

  it('the owner moves orders placed → paid → ready → completed, or cancels (stock returns), and lists a customer’s', async () => {
    const setup = await createStore(ctx);
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 1, inventoryQuantity: 5 });
    const place = async (customerId: string) => {
      const cart = await newCart(ctx, setup.storeId, customerId);
      await addItem(ctx, cart.id, bread.id, 2);
      return (await checkout(ctx, { cartId: cart.id })).json<Order>();
    };
    const first = await place('ada');
    const second = await place('bob');
    const token = setup.owner.token;
    const act = (id: string, action: string) =>
      ctx.call('PATCH', `/api/ecommerce/orders/${id}`, { token, body: { action } });

    expect((await act(first.id, 'complete')).statusCode).toBe(409);
    expect((await act(first.id, 'markPaid')).json()).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect((await act(first.id, 'readyForPickup')).json()).toMatchObject({ status: 'ready_for_pickup' });
    expect((await act(first.id, 'complete')).json()).toMatchObject({ status: 'completed' });
    expect((await act(first.id, 'cancel')).json().message).toBe(
      `Order #${first.orderNumber} is completed and cannot change.`,
    );
    expect((await act(second.id, 'fulfil')).statusCode).toBe(400);
    expect((await act(second.id, 'cancel')).json()).toMatchObject({ status: 'cancelled' });
    const product = await ctx.call('GET', `/api/ecommerce/products/${bread.id}?storeId=${setup.storeId}`);
    expect(product.json<Product>().inventoryQuantity).toBe(3);

    const page = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders?take=1`, { token });
    expect(page.json<OrderPage>()).toMatchObject({ totalCount: 2, results: [{ id: second.id }] });
    const ada = await ctx.call('GET', '/api/ecommerce/customers/ada/orders', { token });
    expect(ada.json<Order[]>().map((order) => order.id)).toEqual([first.id]);
    const stranger = await ctx.register();
    expect(
      (await ctx.call('GET', '/api/ecommerce/customers/ada/orders', { token: stranger.token })).json(),
    ).toEqual([]);
  });

  it('answers CORS for published pages and rate-limits checkout per client address', async () => {
    const setup = await createStore(ctx);
    const preflight = await ctx.call('OPTIONS', '/api/ecommerce/cart', {
      headers: { origin: 'null', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('idempotency-key');
    const list = await ctx.call('GET', `/api/ecommerce/products?storeId=${setup.storeId}`);
    expect(list.headers['access-control-allow-origin']).toBe('*');
    const owner = await ctx.call('GET', '/api/ecommerce/stores', { token: setup.owner.token });
    expect(owner.headers['access-control-allow-origin']).toBeUndefined();

    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      const response = await ctx.call('POST', '/api/ecommerce/orders', {
        body: checkoutBody({ cartId: 'z'.repeat(32) }),
        remoteAddress: '203.0.113.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
