import { JSDOM } from 'jsdom';
import { expect, it, vi } from 'vitest';
import type { SpecElement } from '../../src/canvas/pagesData.ts';
import { mountStorefronts } from '../../src/canvas/published/storefront.ts';
import { renderPageMarkup } from '../../src/canvas/staticRender.tsx';
import type { OrderPage, Product } from '../../src/contracts/store.ts';
import { createStoreClient } from '../../src/services/store/storeClient.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';
import { createCategory, createProduct, createStore } from './storeFixtures.ts';

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
    // The checkout form opens in the cart, focus on its heading, with the store's choices and totals.
    const form = await waitLong(() => {
      const found = cart.querySelector<HTMLFormElement>('[data-checkout-form]');
      expect(found?.hidden).toBe(false);
      expect(cart.querySelector('[data-checkout-totals]')?.textContent).toContain('Total$2.50');
      return found!;
    });
    expect(doc.activeElement?.textContent).toBe('Checkout');
    const field = (label: string) => {
      const labelNode = [...form.querySelectorAll('label')].find((node) => node.textContent === label)!;
      return doc.getElementById(labelNode.htmlFor) as HTMLInputElement;
    };
    const type = (label: string, value: string) => {
      const input = field(label);
      input.value = value;
      input.dispatchEvent(new doc.defaultView!.Event('input', { bubbles: true }));
    };
    const placeOrder = [...form.querySelectorAll('button')].find((b) => b.textContent === 'Place order')!;
    // Nothing typed: each field says what it needs, and focus goes to the first one.
    placeOrder.click();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(doc.getElementById(field('Name').getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter your name',
    );
    expect(doc.getElementById(field('Email').getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a valid email address',
    );
    expect(doc.activeElement).toBe(field('Name'));
    // Pickup is the only delivery the store offers (the defaults), so it is chosen.
    expect(form.querySelector<HTMLInputElement>('input[type=radio][value=pickup]')?.checked).toBe(true);
    expect(form.querySelector('input[type=radio][value=shipping]')).toBeNull();
    type('Name', 'Ana Buyer');
    expect(field('Name').getAttribute('aria-invalid')).toBe('false');
    type('Email', 'ana@example.com');
    // Back keeps what was typed; Checkout opens it again.
    [...form.querySelectorAll('button')].find((b) => b.textContent === 'Back to cart')!.click();
    expect(form.hidden).toBe(true);
    expect(doc.activeElement).toBe(checkout);
    checkout.click();
    expect(field('Name').value).toBe('Ana Buyer');
    placeOrder.click();
    await waitLong(() => expect(cart.textContent).toContain('Order placed successfully!'));
    expect(cart.querySelector('[data-order-number]')?.textContent).toBe('Order #1001');
    const confirmation = cart.querySelector('[data-checkout-confirmation]');
    expect(confirmation?.textContent).toContain('Bread × 1');
    // No mail server here: the page claims no mail, and links the buyer's own order page.
    expect(confirmation?.textContent).not.toContain('A confirmation was sent');
    const orderLink = [...(confirmation?.querySelectorAll('a') ?? [])].find(
      (link) => link.textContent === 'View your order',
    );
    const placedId = (
      await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders`, { token: setup.owner.token })
    ).json<OrderPage>().results[0]?.id;
    expect(orderLink?.getAttribute('href')).toMatch(
      new RegExp(`^http://localhost:80/order/${placedId}\\?token=[0-9a-f]{64}$`),
    );
    const orderPage = await ctx.call(
      'GET',
      orderLink?.getAttribute('href')?.replace('http://localhost:80', '') ?? '',
    );
    expect(orderPage.statusCode).toBe(200);
    expect(orderPage.body).toContain('<h1>Order #1001</h1>');
    await waitLong(() => expect(cart.querySelector('[data-cart-title]')?.textContent).toBe('Cart (0)'));

    const orders = await ctx.call('GET', `/api/ecommerce/stores/${setup.storeId}/orders`, {
      token: setup.owner.token,
    });
    expect(orders.json<OrderPage>().results).toEqual([
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
    const cakes = await createCategory(ctx, setup, 'Cakes');
    await createProduct(ctx, setup, { name: 'Bread' });
    await createProduct(ctx, setup, { name: 'Cheesecake', categoryId: cakes });
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

  it('shows visitors nothing of a grid whose store does not exist: no samples, no error, no cart', async () => {
    const { doc } = publishedPage([element('g', 'product-grid', { storeId: 'no-such-store' })]);
    const fetches: string[] = [];
    const fetcher = injectFetch(ctx);
    mountStorefronts(doc, {
      client: createStoreClient('http://site.test', (input, init) => {
        fetches.push(String(input));
        return fetcher(input, init);
      }),
      storage: null,
    });
    const grid = doc.querySelector<HTMLElement>('[data-store-grid]')!;
    await waitLong(() => expect(grid.hidden).toBe(true));
    expect(fetches.some((url) => url.includes('/products?storeId=no-such-store'))).toBe(true);
    expect(grid.textContent).not.toContain('Sample Product');
    expect(grid.textContent).not.toContain('99.99');
    expect(grid.textContent).not.toContain('Failed to load products');
    expect(doc.querySelector<HTMLElement>('[data-store-cart]')?.hidden).toBe(true);
  });

  it('says Failed to load products with Retry (never sample products) when the catalogue is down a while', async () => {
    const { doc } = publishedPage([element('g', 'product-grid', { storeId: 'any-store' })]);
    let down = true;
    const fetcher = injectFetch(ctx);
    mountStorefronts(doc, {
      client: createStoreClient('http://site.test', (input, init) =>
        down && String(input).includes('/products?')
          ? Promise.resolve(new Response('{}', { status: 503, statusText: 'Service Unavailable' }))
          : fetcher(input, init),
      ),
      storage: null,
    });
    const grid = doc.querySelector<HTMLElement>('[data-store-grid]')!;
    await waitLong(() => expect(grid.textContent).toContain('Failed to load products'));
    expect(grid.hidden).toBe(false);
    expect(grid.querySelectorAll('[data-product-card]')).toHaveLength(0);
    expect(grid.textContent).not.toContain('Sample Product');
    down = false;
    grid.querySelector<HTMLButtonElement>('[data-store-action="retry"]')!.click();
    // The store itself does not exist: once the server answers, the grid goes away quietly.
    await waitLong(() => expect(grid.hidden).toBe(true));
  });
});
