import { JSDOM } from 'jsdom';
import { expect, it, vi } from 'vitest';
import type { SpecElement } from '../../src/canvas/pagesData.ts';
import { mountStorefronts } from '../../src/canvas/published/storefront.ts';
import { renderPageMarkup } from '../../src/canvas/staticRender.tsx';
import type { Order, Paged, Product } from '../../src/contracts/store.ts';
import { createStoreClient } from '../../src/services/storeClient.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';
import { createProduct, createStore } from './storeFixtures.ts';

// The page's script talks to the real server: on a loaded machine a round trip can take well over vitest's 1 s default.
const waitLong = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

// The published page's script against markup from the real renderers and the real API (app.inject).
function injectFetch(ctx: TestContext): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const response = await ctx.app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: (init?.headers ?? {}) as Record<string, string>,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      remoteAddress: '192.0.2.10',
    });
    return new Response(response.statusCode === 204 ? null : response.body, {
      status: response.statusCode,
      statusText: response.statusMessage,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };
}

const element = (id: string, type: string, props: Record<string, unknown>): SpecElement => ({
  id,
  type,
  parentId: null,
  children: [],
  ...props,
});

function publishedPage(elements: SpecElement[]) {
  const markup = renderPageMarkup({ id: 'home', name: 'Home', path: 'home', isHomePage: true, elements });
  const dom = new JSDOM(`<!doctype html><html><body>${markup}</body></html>`, {
    url: 'http://site.test/sites/rosa/',
  });
  return { markup, dom, doc: dom.window.document };
}

describeEachDatabase('published storefront script', (ctx) => {
  it('lists the live catalogue, adds to the cart, removes, and checks out on a rendered page', async () => {
    const setup = await createStore(ctx);
    const bread = await createProduct(ctx, setup, { name: 'Bread', price: 2.5, inventoryQuantity: 5 });
    const evil = await createProduct(ctx, setup, {
      name: '<img src=x onerror=alert(1)>',
      price: 1,
      inventoryQuantity: 0,
    });
    const { markup, doc } = publishedPage([
      element('g', 'product-grid', { content: 'Our Products', storeId: setup.storeId }),
      element('c', 'shopping-cart', { storeId: setup.storeId }),
      element('p', 'product-card', {
        storeId: setup.storeId,
        productId: String(bread.id),
        content: 'Static name',
      }),
    ]);
    // The no-JS markup: what the script binds to, and a sensible fallback.
    expect(markup).toContain(`data-store-id="${setup.storeId}"`);
    expect(markup).toContain(`data-product-id="${bread.id}"`);
    expect(markup).toContain('Loading products…');
    expect(markup).toContain('Your cart is empty');

    mountStorefronts(doc, {
      client: createStoreClient('http://site.test', injectFetch(ctx)),
      storage: null,
    });
    const grid = doc.querySelector('[data-store-grid]')!;
    await waitLong(() => expect(grid.querySelectorAll('[data-product-card]')).toHaveLength(2));
    // Data is text, never markup.
    expect(grid.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(doc.querySelector('img[src="x"]')).toBeNull();
    const evilCard = grid.querySelector(`[data-product-id="${evil.id}"]`)!;
    expect(evilCard.textContent).toContain('Out of stock');
    expect(evilCard.querySelector('button')!.disabled).toBe(true);
    // The bound product card shows the live product.
    await waitLong(() => expect(doc.querySelector(`[data-element-id="p"]`)?.textContent).toContain('Bread'));

    const breadCard = grid.querySelector(`[data-product-id="${bread.id}"]`)!;
    const quantity = breadCard.querySelector<HTMLSelectElement>('[data-store-quantity]')!;
    expect([...quantity.options].map((option) => option.value)).toEqual(['1', '2', '3', '4', '5']);
    quantity.value = '2';
    const addBread = breadCard.querySelector<HTMLButtonElement>('[data-store-action="add"]')!;
    // The cart is created as the page loads; until it answers, Add is disabled and a click would do nothing.
    await waitLong(() => expect(addBread.disabled).toBe(false));
    addBread.click();
    // While the cart answers, no Add button takes a click the cart would drop.
    expect(addBread.disabled).toBe(true);
    const cart = doc.querySelector('[data-store-cart]')!;
    await waitLong(() => expect(cart.querySelector('[data-cart-title]')?.textContent).toBe('Cart (2)'));
    expect(addBread.disabled).toBe(false);
    // An out-of-stock product stays unavailable when the cart is idle again.
    expect(evilCard.querySelector('button')!.disabled).toBe(true);
    expect(cart.querySelector('[data-cart-total]')?.textContent).toBe('$5.00');

    cart.querySelector<HTMLButtonElement>('[data-store-action="remove"]')!.click();
    await waitLong(() => expect(cart.querySelector('[data-cart-title]')?.textContent).toBe('Cart (0)'));
    expect(cart.textContent).toContain('Your cart is empty');
    expect(cart.querySelector<HTMLButtonElement>('[data-store-action="checkout"]')!.disabled).toBe(true);

    doc.querySelector<HTMLButtonElement>(`[data-element-id="p"] [data-store-action="add"]`)!.click();
    await waitLong(() => expect(cart.querySelector('[data-cart-title]')?.textContent).toBe('Cart (1)'));
    const checkout = cart.querySelector<HTMLButtonElement>('[data-store-action="checkout"]')!;
    expect(checkout.disabled).toBe(false);
    checkout.click();
    await waitLong(() => expect(cart.textContent).toContain('Order placed successfully!'));
    await waitLong(() => expect(cart.querySelector('[data-cart-title]')?.textContent).toBe('Cart (0)'));

    const orders = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders`, {
      token: setup.owner.token,
    });
    expect(orders.json<Paged<Order>>().results).toEqual([
      expect.objectContaining({
        total: 2.5,
        items: [expect.objectContaining({ productName: 'Bread', quantity: 1 })],
      }),
    ]);
    const stock = await ctx.call('GET', `/api/ecommerce/products/${bread.id}?storeId=${setup.storeId}`);
    expect(stock.json<Product>().inventoryQuantity).toBe(4);
  });

  it('offers the store’s categories above a grid, and filters its products by the chosen one', async () => {
    const setup = await createStore(ctx);
    const created = await ctx.call('POST', '/api/ecommerce/categories', {
      token: setup.owner.token,
      body: { storeId: setup.storeId, name: 'Cakes' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const cakes = created.json<{ id: number }>();
    await createProduct(ctx, setup, { name: 'Bread' });
    await createProduct(ctx, setup, { name: 'Cheesecake', categoryId: cakes.id });
    const { doc } = publishedPage([element('g', 'product-grid', { storeId: setup.storeId })]);
    mountStorefronts(doc, { client: createStoreClient('http://site.test', injectFetch(ctx)), storage: null });
    const grid = doc.querySelector('[data-store-grid]')!;

    await waitLong(() => expect(grid.querySelectorAll('[data-product-card]')).toHaveLength(2));
    const bar = await waitLong(() => {
      const found = grid.querySelector('[role="group"][aria-label="Categories"]');
      expect(found).not.toBeNull();
      return found!;
    });
    const buttons = [...bar.querySelectorAll('button')];
    expect(buttons.map((button) => [button.textContent, button.getAttribute('aria-pressed')])).toEqual([
      ['All', 'true'],
      ['Cakes', 'false'],
    ]);
    buttons[1]!.click();
    await waitLong(() => expect(grid.querySelectorAll('[data-product-card]')).toHaveLength(1));
    expect(grid.textContent).toContain('Cheesecake');
    expect(grid.textContent).not.toContain('Bread');
    expect(buttons[1]!.getAttribute('aria-pressed')).toBe('true');
    buttons[0]!.click();
    await waitLong(() => expect(grid.querySelectorAll('[data-product-card]')).toHaveLength(2));
    expect(buttons[0]!.getAttribute('aria-pressed')).toBe('true');
  });

  it('falls back to three sample products with Retry when the catalogue cannot load, and adds a cart panel', async () => {
    const { doc } = publishedPage([element('g', 'product-grid', { storeId: 'no-such-store' })]);
    mountStorefronts(doc, { client: createStoreClient('http://site.test', injectFetch(ctx)), storage: null });
    const grid = doc.querySelector('[data-store-grid]')!;
    await waitLong(() => expect(grid.textContent).toContain('Failed to load products'));
    const cards = grid.querySelectorAll('[data-product-card]');
    expect(cards).toHaveLength(3);
    for (const card of cards) expect(card.querySelector('button')!.disabled).toBe(true);
    expect(grid.querySelector('[data-store-action="retry"]')?.textContent).toBe('Retry');
    // No shopping-cart element on the page: the script adds a cart panel after the grid.
    await waitLong(() =>
      expect(doc.querySelector('[data-store-cart] [data-cart-title]')?.textContent).toBe('Cart (0)'),
    );
  });
});
