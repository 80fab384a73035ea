import { afterEach, describe, expect, it, vi } from 'vitest';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { type SpecElement, toSpecPages } from '../../src/canvas/pagesData.ts';
import { mountStorefronts } from '../../src/canvas/published/storefront.ts';
import { contrastRatio, parseRgb } from '../../src/canvas/published/storefrontTheme.ts';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { renderPageMarkup } from '../../src/canvas/staticRender.tsx';
import { TEMPLATES } from '../../src/canvas/templates.ts';
import type { Cart, Product } from '../../src/contracts/store.ts';
import { createStoreClient } from '../../src/services/store/storeClient.ts';

// The published shop's script on the real renderers' markup, against a fake store server that records each request.
const STORE = 'rosa-store';

const product = (id: number, name: string, inventoryQuantity: number): Product => ({
  id,
  storeId: STORE,
  name,
  code: '',
  price: 2,
  currency: 'USD',
  description: '',
  imageUrl: '',
  inventoryQuantity,
  isActive: true,
  rating: 0,
  originalPrice: null,
  categoryId: null,
});

function fakeStoreServer(products: Product[]) {
  const requests: string[] = [];
  let cart: Cart = { id: 'cart-1', storeId: STORE, items: [], total: 0, currency: 'USD', orderId: null };
  const answer = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const withItems = (items: Cart['items']) => {
    cart = { ...cart, items, total: items.reduce((sum, item) => sum + item.total, 0) };
    return answer(cart);
  };
  const fetcher: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace('/api/ecommerce', '');
    const body =
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as { productId: number; quantity: number })
        : null;
    requests.push(`${method} ${path}${body ? ` ${JSON.stringify(body)}` : ''}`);
    if (path === '/products') {
      // As the API pages: `take` products from `skip`, and how many there are in all.
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const take = Number(url.searchParams.get('take') ?? 20);
      return answer({ results: products.slice(skip, skip + take), totalCount: products.length });
    }
    if (path === '/categories') return answer([]);
    if (method === 'POST' && path === '/cart') return answer(cart);
    const line = /^\/cart\/cart-1\/items(?:\/(\d+))?$/.exec(path);
    if (line && method === 'POST' && body) {
      const sold = products.find((p) => p.id === body.productId);
      if (!sold) return answer({ message: 'Product not found' }, 404);
      const quantity = (cart.items.find((item) => item.productId === sold.id)?.quantity ?? 0) + body.quantity;
      if (quantity > sold.inventoryQuantity)
        return answer({ message: `Only ${sold.inventoryQuantity} left` }, 400);
      const others = cart.items.filter((item) => item.productId !== sold.id);
      const id = cart.items.find((item) => item.productId === sold.id)?.id ?? cart.items.length + 1;
      const item = { id, productId: sold.id, productName: sold.name, price: sold.price, quantity };
      return withItems([...others, { ...item, total: item.price * quantity }]);
    }
    if (line && method === 'PATCH' && body) {
      return withItems(
        cart.items.map((item) =>
          item.id === Number(line[1])
            ? { ...item, quantity: body.quantity, total: item.price * body.quantity }
            : item,
        ),
      );
    }
    if (line && method === 'DELETE')
      return withItems(cart.items.filter((item) => item.id !== Number(line[1])));
    return answer({ message: 'Not found' }, 404);
  };
  return { client: createStoreClient('http://site.test', fetcher), requests };
}

const element = (id: string, type: string, props: Record<string, unknown>): SpecElement => ({
  id,
  type,
  parentId: null,
  children: [],
  ...props,
});
const heroButton = (id: string, backgroundColor: string, color: string) =>
  element(id, 'button', { buttonText: 'Get Started', backgroundColor, color });

/** A published page with the given buttons, a product grid and a cart, its shop script mounted. */
function publishedShop(buttons: SpecElement[], products = [product(7, 'Bread', 2)]) {
  document.head.replaceChildren();
  document.documentElement.removeAttribute('style');
  document.body.innerHTML = renderPageMarkup({
    id: 'home',
    name: 'Home',
    path: 'home',
    isHomePage: true,
    elements: [
      ...buttons,
      element('g', 'product-grid', { content: 'Featured Products', storeId: STORE }),
      element('c', 'shopping-cart', { storeId: STORE }),
    ],
  });
  const server = fakeStoreServer(products);
  mountStorefronts(document, { client: server.client, storage: null, navigate: null });
  return server;
}

const shopColour = (name: '--bz-primary' | '--bz-on-primary') =>
  document.documentElement.style.getPropertyValue(name).replace(/\s/g, '');

afterEach(() => {
  document.body.replaceChildren();
  document.head.replaceChildren();
  document.documentElement.removeAttribute('style');
});

describe('the shop’s colour', () => {
  it('is not the white of a hero button: then the builder’s blue, with white text', () => {
    publishedShop([heroButton('hero', '#ffffff', '#333333')]);
    expect(shopColour('--bz-primary')).toBe('#1976d2');
    expect(shopColour('--bz-on-primary')).toBe('#fff');
  });

  it('is the builder’s blue in the “E-commerce Modern” template, whose hero button is white', () => {
    const site = createSiteDoc();
    edit(site, () => {
      addPage(site, { id: 'home', name: 'Home', path: 'home', isHomePage: true });
      for (const node of TEMPLATES.find((t) => t.id === 'ecommerce-modern')?.elements ?? [])
        insertElement(site, node, { pageId: 'home', parentId: null });
    });
    document.body.innerHTML = renderPageMarkup(toSpecPages(site)[0]!);
    expect(document.querySelector('.bz-site a[style*="background"]')?.textContent).toBe('Get Started');
    mountStorefronts(document, { client: fakeStoreServer([]).client, storage: null, navigate: null });
    expect(shopColour('--bz-primary')).toBe('#1976d2');
    expect(shopColour('--bz-on-primary')).toBe('#fff');
  });

  it('is a dark first button’s colour, with its text colour', () => {
    publishedShop([heroButton('hero', '#0d47a1', '#ffffff')]);
    expect(shopColour('--bz-primary')).toBe('rgb(13,71,161)');
    expect(shopColour('--bz-on-primary')).toBe('rgb(255,255,255)');
  });

  it('is the next button’s that reads on white, after a pale one', () => {
    publishedShop([heroButton('hero', '#fff59d', '#333333'), heroButton('more', '#2e7d32', '#ffffff')]);
    expect(shopColour('--bz-primary')).toBe('rgb(46,125,50)');
  });

  it('reads contrast as WCAG does: transparent is the white under it', () => {
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio([0x19, 0x76, 0xd2], [255, 255, 255])).toBeGreaterThan(4.5);
    expect(parseRgb('rgba(0, 0, 0, 0)', [255, 255, 255])).toEqual([255, 255, 255]);
    expect(parseRgb('rgba(0, 0, 0, 0.5)')).toBeNull();
    expect(parseRgb('linear-gradient(red, blue)', [255, 255, 255])).toBeNull();
  });
});

describe('the published cart', () => {
  const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 3000, interval: 10 });

  async function addBread() {
    const server = publishedShop([heroButton('hero', '#ffffff', '#333333')]);
    const card = await waitFor(() => {
      const found = document.querySelector('[data-store-grid] [data-product-card]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    const add = card.querySelector<HTMLButtonElement>('[data-store-action="add"]')!;
    await waitFor(() => expect(add.disabled).toBe(false));
    add.click();
    return { server, card, cart: document.querySelector<HTMLElement>('[data-store-cart]')! };
  }

  it('says “Added to cart” under the Add button, politely, with a link to the cart', async () => {
    const { card, cart } = await addBread();
    const status = card.querySelector('[role="status"]')!;
    expect(status.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(status.textContent).toBe('Added to cart (1 item) View cart'));
    const link = status.querySelector('a')!;
    expect(cart.id).not.toBe('');
    expect(link.getAttribute('href')).toBe(`#${cart.id}`);
  });

  it('changes a line’s quantity with − and +, between 1 and the stock', async () => {
    const { server, cart } = await addBread();
    const line = () => cart.querySelector('[data-cart-item]')!;
    const button = (name: string) => line().querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
    await waitFor(() => expect(line().textContent).toContain('Bread × 1'));
    expect(button('Decrease quantity of Bread').getAttribute('aria-disabled')).toBe('true');

    button('Increase quantity of Bread').focus();
    button('Increase quantity of Bread').click();
    await waitFor(() => expect(line().textContent).toContain('Bread × 2'));
    expect(server.requests).toContain('PATCH /cart/cart-1/items/1 {"quantity":2}');
    await waitFor(() => expect(cart.querySelector('[data-cart-title]')?.textContent).toBe('Cart (2)'));
    // The keyboard keeps its place on the redrawn line; the stock (2) is reached.
    expect(document.activeElement).toBe(button('Increase quantity of Bread'));
    expect(button('Increase quantity of Bread').getAttribute('aria-disabled')).toBe('true');
    const asked = server.requests.length;
    button('Increase quantity of Bread').click();
    expect(server.requests).toHaveLength(asked);

    button('Decrease quantity of Bread').click();
    await waitFor(() => expect(line().textContent).toContain('Bread × 1'));
    expect(server.requests).toContain('PATCH /cart/cart-1/items/1 {"quantity":1}');
  });
});

describe('a published shop with more products than one page', () => {
  const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 3000, interval: 10 });
  const cardCount = () => document.querySelectorAll('[data-store-grid] [data-product-card]').length;

  it('shows 20 of 45, then “Load more” reaches product 45 and goes', async () => {
    const products = Array.from({ length: 45 }, (_, index) => product(index + 1, `Loaf ${index + 1}`, 5));
    const server = publishedShop([], products);
    const bar = () => document.querySelector<HTMLElement>('[data-store-more]')!;
    const more = () => bar().querySelector<HTMLButtonElement>('[data-store-action="more"]')!;
    await waitFor(() => expect(cardCount()).toBe(20));
    expect(bar().hidden).toBe(false);
    expect(bar().querySelector('[role="status"]')?.textContent).toBe('Showing 20 of 45 products');
    expect(more().textContent).toBe('Load more');

    more().click();
    await waitFor(() => expect(cardCount()).toBe(40));
    expect(bar().querySelector('[role="status"]')?.textContent).toBe('Showing 40 of 45 products');
    more().click();
    await waitFor(() => expect(cardCount()).toBe(45));
    expect(document.querySelector('[data-store-grid]')?.textContent).toContain('Loaf 45');
    expect(bar().querySelector('[role="status"]')?.textContent).toBe('Showing 45 of 45 products');
    // Everything is shown: no button offers more.
    expect(more().hidden).toBe(true);
    expect(server.requests.filter((request) => request.startsWith('GET /products'))).toHaveLength(3);
  });

  it('says nothing about paging when one page holds the whole catalogue', async () => {
    publishedShop([], [product(7, 'Bread', 2)]);
    await waitFor(() => expect(cardCount()).toBe(1));
    expect(document.querySelector<HTMLElement>('[data-store-more]')?.hidden).toBe(true);
  });
});
