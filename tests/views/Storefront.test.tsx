import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Cart, Product, Store } from '../../src/contracts/store.ts';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const store = (storeId: string, storeName: string): Store => ({
  storeId,
  storeName,
  currency: 'USD',
  createdAt: '2026-01-01T00:00:00Z',
});
const product = (id: number, storeId: string, name: string): Product => ({
  id,
  storeId,
  name,
  code: `P${id}`,
  price: 3,
  currency: 'USD',
  description: '',
  imageUrl: '',
  inventoryQuantity: 5,
  isActive: true,
  rating: 5,
  originalPrice: null,
  categoryId: null,
});
const emptyCart = (storeId: string): Cart => ({
  id: `cart-${storeId}`,
  storeId,
  items: [],
  total: 0,
  currency: 'USD',
  orderId: null,
});
const catalogue: Record<string, Product[]> = {
  bakery: [product(1, 'bakery', 'Flour sack')],
  florist: [product(2, 'florist', 'Tulips')],
  // A catalogue of three pages.
  mill: Array.from({ length: 45 }, (_, index) => product(100 + index, 'mill', `Loaf ${index + 1}`)),
};

function storeRoutes() {
  return {
    ...dashboardRoutes(),
    'GET /api/ecommerce/stores': { body: [store('bakery', 'Bakery'), store('florist', 'Florist')] },
    'GET /api/ecommerce/orders/summary': { body: { needsAction: 0, latestOrderAt: null } },
    // As the API pages: `take` products from `skip`, and how many there are in all.
    'GET /api/ecommerce/products': (request: Request) => {
      const query = new URL(request.url).searchParams;
      const all = catalogue[query.get('storeId') ?? ''] ?? [];
      const skip = Number(query.get('skip') ?? 0);
      const results = all.slice(skip, skip + Number(query.get('take') ?? 20));
      return { body: { results, totalCount: all.length } };
    },
    'GET /api/ecommerce/categories': { body: [] },
    'POST /api/ecommerce/cart': async (request: Request) => ({
      body: emptyCart(((await request.json()) as { storeId: string }).storeId),
    }),
  };
}

const slow = { timeout: 10_000 };
const productsOf = (requests: Request[]) =>
  requests
    .filter((r) => new URL(r.url).pathname === '/api/ecommerce/products')
    .map((r) => new URL(r.url).searchParams.get('storeId'));

describe('Store › Storefront preview', () => {
  test('the cart runs only while the preview shows, for the store chosen; the store admin loads no catalogue', async () => {
    const { system, requests } = renderApp(
      { ...dashboardInput(), location: { pathname: '/store', search: '' } },
      storeRoutes(),
    );
    await screen.findByRole('tab', { name: 'Products' }, slow);
    expect(system.actor.system.get('cart')).toBeUndefined();
    expect(productsOf(requests)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Storefront' }));
    expect((await screen.findByText('Flour sack', {}, slow)).textContent).toBe('Flour sack');
    expect(screen.getByRole('button', { name: /^Cart \(/ }).textContent).toBe('Cart (0)');
    expect(system.actor.system.get('cart')?.getSnapshot().context).toMatchObject({
      storeId: 'bakery',
      customerId: 'dashboard-preview',
    });

    // Another store: a cart of its own, with that store's products.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Store' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Florist' }));
    expect((await screen.findByText('Tulips')).textContent).toBe('Tulips');
    expect(screen.queryByText('Flour sack')).toBeNull();
    expect(system.actor.system.get('cart')?.getSnapshot().context.storeId).toBe('florist');

    // Back to the admin: the cart stops.
    fireEvent.click(screen.getByRole('button', { name: 'Admin' }));
    await waitFor(() => expect(system.actor.system.get('cart')).toBeUndefined());
    expect(productsOf(requests)).toEqual(['bakery', 'florist']);
  }, 30_000);
});

describe('Store › Storefront cart', () => {
  test('a line that cannot be bought as it is says so in the cart, and Checkout waits until it is removed', async () => {
    const problem = 'Tulips is out of stock: remove it from your cart to place your order.';
    const flour = { id: 11, productId: 1, productName: 'Flour sack', price: 3, quantity: 1, total: 3 };
    const tulips = { id: 12, productId: 2, productName: 'Tulips', price: 3, quantity: 1, total: 3, problem };
    const withLines = (items: Cart['items']): Cart => ({
      ...emptyCart('bakery'),
      items,
      total: items.reduce((sum, item) => sum + item.total, 0),
    });
    renderApp(
      { ...dashboardInput(), location: { pathname: '/store', search: '' } },
      {
        ...storeRoutes(),
        'POST /api/ecommerce/cart': { body: withLines([flour, tulips]) },
        'DELETE /api/ecommerce/cart/cart-bakery/items/12': { body: withLines([flour]) },
      },
    );
    await screen.findByRole('tab', { name: 'Products' }, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Storefront' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Cart \(/ }, slow));
    const drawer = within(await screen.findByRole('presentation'));
    expect(drawer.getByText(problem).textContent).toBe(problem);
    expect((drawer.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(drawer.getAllByRole('button', { name: 'Remove' })[1] as HTMLElement);
    await waitFor(() => expect(drawer.queryByText(problem)).toBeNull());
    await waitFor(() =>
      expect((drawer.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(false),
    );
  }, 30_000);
});

describe('Store › Storefront with more products than one page', () => {
  test('shows 20 of 45 products, and “Load more” reaches the 45th', async () => {
    const { requests } = renderApp(
      { ...dashboardInput(), location: { pathname: '/store', search: '' } },
      { ...storeRoutes(), 'GET /api/ecommerce/stores': { body: [store('mill', 'Mill')] } },
    );
    await screen.findByRole('tab', { name: 'Products' }, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Storefront' }));
    expect((await screen.findByText('Loaf 20', {}, slow)).textContent).toBe('Loaf 20');
    expect(screen.queryByText('Loaf 21')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Showing 20 of 45 products');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByText('Loaf 40')).textContent).toBe('Loaf 40');
    expect(screen.getByRole('status').textContent).toBe('Showing 40 of 45 products');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByText('Loaf 45')).textContent).toBe('Loaf 45');
    expect(screen.getByRole('status').textContent).toBe('Showing 45 of 45 products');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const pages = requests
      .filter((r) => new URL(r.url).pathname === '/api/ecommerce/products')
      .map((r) => new URL(r.url).searchParams.get('skip'));
    expect(pages).toEqual(['0', '20', '40']);
  }, 30_000);
});
