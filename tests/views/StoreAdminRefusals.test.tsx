import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Store } from '../../src/contracts/store.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';
import { bakery } from './storeFixtures.ts';

const slow = { timeout: 10_000 };

/** The store admin at `search` over the dashboard's routes, one store (or none) and `extra`. */
function renderStore(search: string, stores: Store[], extra: Routes) {
  return renderApp(
    { ...dashboardInput(), location: { pathname: '/store', search } },
    {
      ...dashboardRoutes(),
      'GET /api/ecommerce/stores': { body: stores },
      'GET /api/ecommerce/orders/summary': { body: { needsAction: 0, latestOrderAt: null } },
      'GET /api/ecommerce/stores/bakery/products': { body: { results: [], totalCount: 0 } },
      'GET /api/ecommerce/categories': { body: [] },
      ...extra,
    },
  );
}

/** How many toasts the app has raised so far (the toasts queue's counter starts at 1). */
const toastsRaised = (system: ReturnType<typeof renderApp>['system']) =>
  (system.actor.system.get('toasts')?.getSnapshot().context.nextId ?? 1) - 1;

describe('the store admin says what the server refused where the owner typed it, without a generic toast', () => {
  test('a store ID in use: the form says so and keeps what was typed', async () => {
    const taken = 'This store ID is already in use. Please choose a different one.';
    const { system, requests } = renderStore('?tab=stores', [], {
      'POST /api/ecommerce/stores': { status: 409, body: { message: taken } },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /^Store ID/ }, slow), {
      target: { value: 'harbor-shop' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Store Name/ }), {
      target: { value: 'Harbor Shop' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Store' }));

    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(taken);
    expect(requests.filter((r) => r.method === 'POST').length).toBe(1);
    expect((screen.getByRole('textbox', { name: /^Store ID/ }) as HTMLInputElement).value).toBe(
      'harbor-shop',
    );
    expect(toastsRaised(system)).toBe(0);
  });

  test('a category name in use and a product the server refuses: each said in its place, no toast', async () => {
    const { system } = renderStore('?store=bakery', [bakery], {
      'POST /api/ecommerce/categories': {
        status: 409,
        body: { message: 'This store already has a category named Bread' },
      },
      'POST /api/ecommerce/products': {
        status: 400,
        body: { message: 'Name must be at most 200 characters' },
      },
    });
    const categories = within(await screen.findByRole('region', { name: 'Categories' }, slow));
    fireEvent.change(categories.getByRole('textbox', { name: 'New category' }), {
      target: { value: 'Bread' },
    });
    fireEvent.click(categories.getByRole('button', { name: 'Add Category' }));
    expect((await categories.findByRole('alert', {}, slow)).textContent).toBe(
      'This store already has a category named Bread',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New Product' }, slow));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Baguette' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: /^Price/ }), { target: { value: '3.50' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dialog.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'Name must be at most 200 characters',
      ]),
    );
    expect(toastsRaised(system)).toBe(0);
  });
});
