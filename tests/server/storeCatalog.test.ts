import { expect, it } from 'vitest';
import type { ProductPage, Store } from '../../src/contracts/store.ts';
import { describeEachDatabase } from './harness.ts';
import { checkoutBody, createCategory, createProduct, createStore, uniqueStoreId } from './storeFixtures.ts';

describeEachDatabase('store catalogue', (ctx) => {
  it('creates a store (USD by default), lists the account’s stores and refuses a taken or malformed id', async () => {
    const owner = await ctx.register();
    const storeId = uniqueStoreId();
    const created = await ctx.call('POST', '/api/ecommerce/stores', {
      token: owner.token,
      body: { storeId, storeName: '  Corner Shop ' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ storeId, storeName: 'Corner Shop', currency: 'USD' });
    const list = await ctx.call('GET', '/api/ecommerce/stores', { token: owner.token });
    expect(list.json<Store[]>().map((store) => store.storeId)).toEqual([storeId]);

    const other = await ctx.register();
    const taken = await ctx.call('POST', '/api/ecommerce/stores', {
      token: other.token,
      body: { storeId, storeName: 'Mine' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This store ID is already in use. Please choose a different one.');
    for (const body of [
      { storeId: 'Bad Id!', storeName: 'x' },
      { storeId: uniqueStoreId(), storeName: 'x', currency: 'JPY' },
      { storeId: uniqueStoreId(), storeName: '   ' },
    ]) {
      const bad = await ctx.call('POST', '/api/ecommerce/stores', { token: other.token, body });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    }
    expect((await ctx.call('GET', '/api/ecommerce/stores', { token: other.token })).json()).toEqual([]);
    expect((await ctx.call('GET', '/api/ecommerce/stores')).statusCode).toBe(401);
  });

  it('pages 20 by default, searches by name or code, filters by category and hides inactive products', async () => {
    const setup = await createStore(ctx);
    const categoryId = await createCategory(ctx, setup, 'Bread');
    for (let index = 1; index <= 23; index += 1) {
      await createProduct(ctx, setup, {
        name: `Item ${index}`,
        code: `SKU-${index}`,
        categoryId: index <= 3 ? categoryId : null,
      });
    }
    await createProduct(ctx, setup, { name: 'Hidden 100%_ loaf', isActive: false });

    const first = await ctx.call('GET', `/api/ecommerce/products?storeId=${setup.storeId}`);
    const page = first.json<ProductPage>();
    expect(page.totalCount).toBe(23);
    expect(page.results).toHaveLength(20);
    expect(page.results[0]).toMatchObject({ name: 'Item 1', currency: 'USD', price: 4.5, rating: 5 });
    const second = await ctx.call('GET', `/api/ecommerce/products?storeId=${setup.storeId}&skip=20&take=20`);
    expect(second.json<ProductPage>().results.map((p) => p.name)).toEqual(['Item 21', 'Item 22', 'Item 23']);
    const past = await ctx.call('GET', `/api/ecommerce/products?storeId=${setup.storeId}&skip=100`);
    expect(past.json()).toEqual({ results: [], totalCount: 23 });

    const search = await ctx.call('GET', `/api/ecommerce/products?storeId=${setup.storeId}&searchTerm=sku-2`);
    expect(search.json<ProductPage>().results.map((p) => p.name)).toEqual([
      'Item 2',
      'Item 20',
      'Item 21',
      'Item 22',
      'Item 23',
    ]);
    // % and _ mean themselves, and inactive products never show to shoppers.
    const literal = await ctx.call(
      'GET',
      `/api/ecommerce/products?storeId=${setup.storeId}&searchTerm=100%25_`,
    );
    expect(literal.json()).toEqual({ results: [], totalCount: 0 });
    const byCategory = await ctx.call(
      'GET',
      `/api/ecommerce/products?storeId=${setup.storeId}&categoryId=${categoryId}`,
    );
    expect(byCategory.json<ProductPage>().totalCount).toBe(3);
    const categories = await ctx.call('GET', `/api/ecommerce/categories?storeId=${setup.storeId}`);
    expect(categories.json()).toEqual([{ id: categoryId, storeId: setup.storeId, name: 'Bread' }]);

    // The owner's own list includes the inactive one.
    const owned = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/products?searchTerm=hidden`, {
      token: setup.owner.token,
    });
    expect(owned.json<ProductPage>().results).toEqual([expect.objectContaining({ isActive: false })]);

    expect((await ctx.call('GET', '/api/ecommerce/products?storeId=no-such-store')).statusCode).toBe(404);
    expect((await ctx.call('GET', '/api/ecommerce/products')).statusCode).toBe(400);
    expect(
      (await ctx.call('GET', `/api/ecommerce/products?storeId=${setup.storeId}&take=101`)).statusCode,
    ).toBe(400);
  });

  it('creates, reads, updates and deletes a product with every field of the spec', async () => {
    const setup = await createStore(ctx, 'EUR');
    const product = await createProduct(ctx, setup, {
      name: 'Cake',
      code: 'CK-1',
      price: 99.99,
      currency: 'EUR',
      description: 'Chocolate',
      imageUrl: '/api/uploads/abc.png',
      inventoryQuantity: 3,
      rating: 4.5,
      originalPrice: 129.99,
    });
    expect(product).toMatchObject({
      name: 'Cake',
      code: 'CK-1',
      price: 99.99,
      currency: 'EUR',
      originalPrice: 129.99,
      rating: 4.5,
      inventoryQuantity: 3,
      isActive: true,
      categoryId: null,
    });
    const read = await ctx.call('GET', `/api/ecommerce/products/${product.id}?storeId=${setup.storeId}`);
    expect(read.json()).toEqual(product);

    const updated = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
      token: setup.owner.token,
      body: { name: 'Cake XL', price: 12, inventoryQuantity: 0, originalPrice: null },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Cake XL',
      price: 12,
      inventoryQuantity: 0,
      originalPrice: null,
    });

    for (const body of [
      { name: 'x', price: -1 },
      { name: 'x', price: 1, rating: 6 },
      { name: 'x', price: 1, inventoryQuantity: -2 },
      { name: 'x', price: 1, imageUrl: 'javascript:alert(1)' },
      { name: 'x', price: 1, currency: 'USD' },
      { name: 'x', price: '1' },
    ]) {
      const bad = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
        token: setup.owner.token,
        body,
      });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unchanged = await ctx.call('GET', `/api/ecommerce/products/${product.id}?storeId=${setup.storeId}`);
    expect(unchanged.json()).toMatchObject({ name: 'Cake XL', price: 12 });

    expect(
      (await ctx.call('DELETE', `/api/ecommerce/products/${product.id}`, { token: setup.owner.token }))
        .statusCode,
    ).toBe(204);
    expect(
      (await ctx.call('GET', `/api/ecommerce/products/${product.id}?storeId=${setup.storeId}`)).statusCode,
    ).toBe(404);
  });

  it('refuses an original price at or below the price (a discount that never was) and changes nothing', async () => {
    const setup = await createStore(ctx);
    const message =
      'Enter an original price above the price, or leave it empty: it shows as the price before a discount';
    for (const originalPrice of [4.5, 3]) {
      const created = await ctx.call('POST', '/api/ecommerce/products', {
        token: setup.owner.token,
        body: { storeId: setup.storeId, name: 'Loaf', price: 4.5, originalPrice },
      });
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json().message).toBe(message);
    }
    const list = async () =>
      (
        await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/products`, { token: setup.owner.token })
      ).json<ProductPage>().results;
    expect(await list()).toEqual([]);

    const product = await createProduct(ctx, setup, { price: 4.5, originalPrice: 6 });
    const lowered = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
      token: setup.owner.token,
      body: { name: 'Sourdough', price: 4.5, originalPrice: 4 },
    });
    expect(lowered.statusCode, lowered.body).toBe(400);
    expect(lowered.json().message).toBe(message);
    expect(await list()).toEqual([product]);
  });

  it('refuses a price or original price with more than 2 decimals, as the store settings do, and changes nothing', async () => {
    const setup = await createStore(ctx);
    const product = await createProduct(ctx, setup, { price: 6.5 });
    const priceMessage = 'Enter the price with at most 2 decimals (cents), e.g. 6.55';
    const originalMessage = 'Enter the original price with at most 2 decimals (cents), e.g. 8.99';
    for (const [fields, message] of [
      [{ price: 6.555 }, priceMessage],
      [{ price: 6.5, originalPrice: 8.999 }, originalMessage],
    ] as const) {
      const created = await ctx.call('POST', '/api/ecommerce/products', {
        token: setup.owner.token,
        body: { storeId: setup.storeId, name: 'Loaf', ...fields },
      });
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json().message).toBe(message);
      const updated = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
        token: setup.owner.token,
        body: { name: 'Loaf', ...fields },
      });
      expect(updated.statusCode, updated.body).toBe(400);
      expect(updated.json().message).toBe(message);
    }
    const owned = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/products`, {
      token: setup.owner.token,
    });
    expect(owned.json<ProductPage>().results).toEqual([product]);
    // Cents are fine, however the number is written.
    const cents = await createProduct(ctx, setup, { price: 0.29, originalPrice: 1.1 });
    expect(cents).toMatchObject({ price: 0.29, originalPrice: 1.1 });
  });

  it('a new product sent without a stock gets the spec’s 10 (as the dialog starts it), not 0 and Out of stock', async () => {
    const setup = await createStore(ctx);
    const created = await ctx.call('POST', '/api/ecommerce/products', {
      token: setup.owner.token,
      body: { storeId: setup.storeId, name: 'Loaf', price: 4.5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ inventoryQuantity: 10, rating: 5 });
  });

  it('a PUT that leaves out the stock (or another optional field) keeps what the product has, not 0 or a default', async () => {
    const setup = await createStore(ctx);
    const categoryId = await createCategory(ctx, setup, 'Bread');
    const product = await createProduct(ctx, setup, {
      name: 'Loaf',
      code: 'LF-1',
      price: 4.5,
      originalPrice: 6,
      description: 'Rye',
      imageUrl: '/api/uploads/loaf.png',
      inventoryQuantity: 7,
      isActive: false,
      rating: 3.5,
      categoryId,
    });
    const updated = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
      token: setup.owner.token,
      body: { name: 'Rye loaf', price: 5 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const read = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/products`, {
      token: setup.owner.token,
    });
    expect(read.json<ProductPage>().results).toEqual([{ ...product, name: 'Rye loaf', price: 5 }]);
    expect(updated.json()).toEqual({ ...product, name: 'Rye loaf', price: 5 });

    // Sent, a field replaces the stored one (null clears the nullable ones).
    const cleared = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
      token: setup.owner.token,
      body: { name: 'Rye loaf', price: 5, inventoryQuantity: 0, originalPrice: null, categoryId: null },
    });
    expect(cleared.json()).toMatchObject({ inventoryQuantity: 0, originalPrice: null, categoryId: null });

    // A kept original price still has to be above a new price.
    const lowered = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
      token: setup.owner.token,
      body: { name: 'Rye loaf', price: 5, originalPrice: 6 },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const above = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
      token: setup.owner.token,
      body: { name: 'Rye loaf', price: 7 },
    });
    expect(above.statusCode, above.body).toBe(400);
    expect(above.json().message).toBe(
      'Enter an original price above the price, or leave it empty: it shows as the price before a discount',
    );
  });

  it('an edit sends only what it changed: the stock sold and the price set meanwhile are kept', async () => {
    const setup = await createStore(ctx);
    const product = await createProduct(ctx, setup, { name: 'Loaf', price: 4.5, inventoryQuantity: 7 });
    // Meanwhile: another member raises the price, and the stock goes down (an order, a count).
    const raised = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
      token: setup.owner.token,
      body: { price: 5, inventoryQuantity: 6 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const described = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
      token: setup.owner.token,
      body: { description: 'Baked at dawn' },
    });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json()).toEqual({
      ...product,
      price: 5,
      inventoryQuantity: 6,
      description: 'Baked at dawn',
    });
    // Nothing sent changes nothing; a sent field is still checked against the kept ones.
    const empty = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
      token: setup.owner.token,
      body: {},
    });
    expect(empty.json()).toEqual(described.json());
    const below = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
      token: setup.owner.token,
      body: { originalPrice: 4 },
    });
    expect(below.statusCode, below.body).toBe(400);
  });

  it('refuses a rating with more than 1 decimal (4.55 is not stored as 4.6) and changes nothing', async () => {
    const setup = await createStore(ctx);
    const product = await createProduct(ctx, setup, { name: 'Loaf', price: 4.5, rating: 4.5 });
    const message = 'Enter the rating with at most 1 decimal, e.g. 4.5';
    const created = await ctx.call('POST', '/api/ecommerce/products', {
      token: setup.owner.token,
      body: { storeId: setup.storeId, name: 'Bun', price: 1, rating: 4.55 },
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().message).toBe(message);
    const updated = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
      token: setup.owner.token,
      body: { name: 'Loaf', price: 4.5, rating: 4.55 },
    });
    expect(updated.statusCode, updated.body).toBe(400);
    expect(updated.json().message).toBe(message);
    const owned = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/products`, {
      token: setup.owner.token,
    });
    expect(owned.json<ProductPage>().results).toEqual([product]);
  });

  it('a stock of 2.7 (or below 0) is refused in the dialog’s words, “Stock”, not the field’s code name', async () => {
    const setup = await createStore(ctx);
    const product = await createProduct(ctx, setup, { name: 'Loaf', price: 4.5, inventoryQuantity: 3 });
    for (const [inventoryQuantity, message] of [
      [2.7, 'Stock must be a whole number, e.g. 3'],
      [-2, 'Stock must be 0 or more'],
    ] as const) {
      const created = await ctx.call('POST', '/api/ecommerce/products', {
        token: setup.owner.token,
        body: { storeId: setup.storeId, name: 'Bun', price: 1, inventoryQuantity },
      });
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json().message).toBe(message);
      const updated = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
        token: setup.owner.token,
        body: { name: 'Loaf', price: 4.5, inventoryQuantity },
      });
      expect(updated.statusCode, updated.body).toBe(400);
      expect(updated.json().message).toBe(message);
      expect(updated.json().message).not.toContain('inventoryQuantity');
    }
    // The other fields' messages use their labels too.
    for (const [fields, message] of [
      [{ rating: 6 }, 'Enter a rating from 0 to 5'],
      [{ originalPrice: -1 }, 'The original price must be 0 or more, or leave it empty'],
      [{ originalPrice: 20_000_000 }, 'The original price must be at most 10,000,000'],
      [{ imageUrl: 'javascript:alert(1)' }, 'Image is not in a valid format'],
      [{ inventoryQuantity: 'many' }, 'Stock must be a number'],
    ] as const) {
      const updated = await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
        token: setup.owner.token,
        body: { name: 'Loaf', price: 4.5, ...fields },
      });
      expect(updated.statusCode, updated.body).toBe(400);
      expect(updated.json().message).toBe(message);
    }
    const owned = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/products`, {
      token: setup.owner.token,
    });
    expect(owned.json<ProductPage>().results).toEqual([product]);
  });

  it('the list shoppers see follows every change at once (no stale page after an edit or a sale)', async () => {
    const setup = await createStore(ctx);
    const product = await createProduct(ctx, setup, { name: 'Loaf', price: 3, inventoryQuantity: 4 });
    const list = async () =>
      (await ctx.call('GET', `/api/ecommerce/products?storeId=${setup.storeId}`)).json<ProductPage>().results;
    expect((await list())[0]).toMatchObject({ price: 3, inventoryQuantity: 4 });
    expect((await list())[0]).toMatchObject({ price: 3, inventoryQuantity: 4 });
    await ctx.call('PUT', `/api/ecommerce/products/${product.id}`, {
      token: setup.owner.token,
      body: { name: 'Loaf', price: 3.5, inventoryQuantity: 4 },
    });
    expect((await list())[0]).toMatchObject({ price: 3.5 });
    const cart = (await ctx.call('POST', '/api/ecommerce/cart', { body: { storeId: setup.storeId } })).json<{
      id: string;
    }>();
    await ctx.call('POST', `/api/ecommerce/cart/${cart.id}/items`, {
      body: { productId: product.id, quantity: 3 },
    });
    const placed = await ctx.call('POST', '/api/ecommerce/orders', {
      body: checkoutBody({ cartId: cart.id }),
      remoteAddress: '198.18.0.1',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await list())[0]).toMatchObject({ inventoryQuantity: 1 });
  });

  it('an owner reads one product of a store by its id, inactive too (the editor’s link); others get 404', async () => {
    const setup = await createStore(ctx);
    const rye = await createProduct(ctx, setup, {
      name: 'Rye',
      price: 5,
      inventoryQuantity: 12,
      isActive: false,
    });
    const token = setup.owner.token;
    const url = `/api/ecommerce/stores/${setup.storeId}/products/${rye.id}`;

    const own = await ctx.call('GET', url, { token });
    expect([own.statusCode, own.json()]).toEqual([200, rye]);
    // Shoppers' own read keeps an inactive product out.
    const shopper = await ctx.call('GET', `/api/ecommerce/products/${rye.id}?storeId=${setup.storeId}`);
    expect(shopper.statusCode).toBe(404);

    const second = uniqueStoreId();
    const created = await ctx.call('POST', '/api/ecommerce/stores', {
      token,
      body: { storeId: second, storeName: 'Second shop' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const misses = await Promise.all([
      // Another store of the same account, another account, no sign-in, an unknown id.
      ctx.call('GET', `/api/ecommerce/stores/${second}/products/${rye.id}`, { token }),
      ctx.call('GET', url, { token: (await ctx.register()).token }),
      ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/products/${rye.id + 1000}`, { token }),
    ]);
    expect(misses.map((response) => [response.statusCode, response.json()])).toEqual(
      Array(3).fill([404, { message: 'Product not found' }]),
    );
    expect((await ctx.call('GET', url)).statusCode).toBe(401);
    expect(
      (await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/products/abc`, { token })).statusCode,
    ).toBe(400);
  });

  it('another account cannot touch a store, its products, categories or orders', async () => {
    const setup = await createStore(ctx);
    const product = await createProduct(ctx, setup, {});
    const category = (
      await ctx.call('POST', '/api/ecommerce/categories', {
        token: setup.owner.token,
        body: { storeId: setup.storeId, name: 'Cakes' },
      })
    ).json<{ id: number }>();
    const stranger = await ctx.register();
    const token = stranger.token;
    const attempts = [
      ctx.call('POST', '/api/ecommerce/products', {
        token,
        body: { storeId: setup.storeId, name: 'Mine', price: 1 },
      }),
      ctx.call('PUT', `/api/ecommerce/products/${product.id}`, { token, body: { name: 'Mine', price: 0 } }),
      ctx.call('DELETE', `/api/ecommerce/products/${product.id}`, { token }),
      ctx.call('POST', '/api/ecommerce/categories', { token, body: { storeId: setup.storeId, name: 'X' } }),
      ctx.call('DELETE', `/api/ecommerce/categories/${category.id}`, { token }),
      ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders`, { token }),
      ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/products`, { token }),
      ctx.call('PATCH', `/api/ecommerce/orders/${'a'.repeat(32)}`, { token, body: { action: 'markPaid' } }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode, response.body).toBe(404);
    // A product of the stranger's own store cannot use the owner's category either.
    const own = await createStore(ctx);
    const foreignCategory = await ctx.call('POST', '/api/ecommerce/products', {
      token: own.owner.token,
      body: { storeId: own.storeId, name: 'x', price: 1, categoryId: category.id },
    });
    expect(foreignCategory.statusCode).toBe(404);

    const read = await ctx.call('GET', `/api/ecommerce/products/${product.id}?storeId=${setup.storeId}`);
    expect(read.json()).toMatchObject({ name: 'Sourdough', price: 4.5 });
    expect((await ctx.call('GET', `/api/ecommerce/categories?storeId=${setup.storeId}`)).json()).toHaveLength(
      1,
    );
  });
});
