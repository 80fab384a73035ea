import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import type { Store } from '../../src/contracts/store.ts';
import { ComponentsPanel } from '../../src/views/builder/ComponentsPanel.tsx';
import { PropertiesPanel } from '../../src/views/builder/PropertiesPanel.tsx';
import { renderInBuilder } from './builderHarness.tsx';
import { clickBesideDialog } from './queries.ts';
import type { Routes } from './renderApp.tsx';

const store = (storeId: string, storeName: string): Store => ({
  storeId,
  storeName,
  currency: 'USD',
  createdAt: '2026-01-01T00:00:00Z',
});

/** The builder's palette and the properties of a product grid bound to 'default-store', over `routes`. */
function renderBuilder(routes: Routes) {
  const site = createSiteDoc();
  const pageId = addPage(site, { name: 'Home', path: '/', isHomePage: true });
  const gridId = insertElement(
    site,
    { type: 'product-grid', props: { content: 'Our Products', storeId: 'default-store', gridColumns: 3 } },
    { pageId, parentId: null },
  );
  const siteStore = new SiteStore(site);
  const { requests } = renderInBuilder(
    siteStore,
    <>
      <ComponentsPanel />
      <PropertiesPanel id={gridId} />
    </>,
    routes,
  );
  const elementsOf = (type: string) =>
    [...site.elements.values()]
      .filter((element) => element.get('type') === type)
      .map((element) => element.get('id') as string);
  return { siteStore, gridId, requests, elementsOf };
}

describe('the Store field of store elements', () => {
  test('lists the account’s stores; choosing one binds the element to it', async () => {
    const { siteStore, gridId } = renderBuilder({
      'GET /api/ecommerce/stores': { body: [store('bakery', 'Bakery'), store('florist', 'Florist')] },
    });
    const select = await screen.findByRole('combobox', { name: 'Store' });
    // Still on the placeholder store: the field says to pick one of the owner's.
    expect(select.textContent).toBe('default-store');

    fireEvent.mouseDown(select);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['default-store', 'Bakery', 'Florist']);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Florist' }));

    await waitFor(() => expect(siteStore.getElement(gridId)?.props.storeId).toBe('florist'));
    expect(screen.getByRole('combobox', { name: 'Store' }).textContent).toBe('Florist');
  });

  test('a newly added product grid, card or cart binds to the account’s first store; other elements get none', async () => {
    const { siteStore, elementsOf } = renderBuilder({
      'GET /api/ecommerce/stores': { body: [store('bakery', 'Bakery'), store('florist', 'Florist')] },
    });
    await screen.findByRole('combobox', { name: 'Store' });

    for (const label of ['Shopping Cart', 'Product Card', 'Product Grid', 'Text']) {
      fireEvent.click(screen.getByRole('button', { name: label }));
    }

    const storeOf = (type: string) => elementsOf(type).map((id) => siteStore.getElement(id)?.props.storeId);
    expect(storeOf('shopping-cart')).toEqual(['bakery']);
    expect(storeOf('product-card')).toEqual(['bakery']);
    expect(storeOf('product-grid')).toEqual(['default-store', 'bakery']);
    expect(storeOf('text')).toEqual([undefined]);
  });

  test('without a store: "No store yet" and Create a store, which binds the element to the new store', async () => {
    const stores: Store[] = [];
    const { siteStore, gridId, requests } = renderBuilder({
      'GET /api/ecommerce/stores': () => ({ body: stores }),
      'POST /api/ecommerce/stores': async (request) => {
        const body = (await request.json()) as Pick<Store, 'storeId' | 'storeName'>;
        stores.push(store(body.storeId, body.storeName));
        return { status: 201, body: stores[0] };
      },
    });
    expect((await screen.findByText('No store yet')).tagName).toBe('P');

    fireEvent.click(screen.getByRole('button', { name: 'Create a store' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a store' }));
    fireEvent.change(dialog.getByLabelText(/Store ID/), { target: { value: 'corner-shop' } });
    fireEvent.change(dialog.getByLabelText(/Store Name/), { target: { value: 'Corner Shop' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Store' }));

    await waitFor(() => expect(siteStore.getElement(gridId)?.props.storeId).toBe('corner-shop'));
    expect((await screen.findByRole('combobox', { name: 'Store' })).textContent).toBe('Corner Shop');
    const created = requests.find((request) => request.method === 'POST');
    expect(await created?.json()).toEqual({
      storeId: 'corner-shop',
      storeName: 'Corner Shop',
      currency: 'USD',
    });
  });

  test('Create a store: Escape or a click beside keeps what was typed and says how to create or discard it; Cancel discards it', async () => {
    const { requests } = renderBuilder({ 'GET /api/ecommerce/stores': { body: [] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Create a store' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a store' }));
    fireEvent.change(dialog.getByLabelText(/Store Name/), { target: { value: 'Corner Shop' } });

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Create a store' }), { key: 'Escape' });
    clickBesideDialog();

    const still = within(screen.getByRole('dialog', { name: 'Create a store' }));
    expect((still.getByLabelText(/Store Name/) as HTMLInputElement).value).toBe('Corner Shop');
    expect(still.getByRole('alert').textContent).toBe(
      'This store is not saved: choose Create Store to keep it, or Cancel to throw it away.',
    );
    fireEvent.click(still.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a store' })).toBeNull());
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    // Opened afresh, untouched: a click beside does not close it, Escape does.
    fireEvent.click(screen.getByRole('button', { name: 'Create a store' }));
    const fresh = await screen.findByRole('dialog', { name: 'Create a store' });
    expect((within(fresh).getByLabelText(/Store Name/) as HTMLInputElement).value).toBe('');
    clickBesideDialog();
    expect(screen.getByRole('dialog', { name: 'Create a store' }).textContent).not.toContain('is not saved');
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Create a store' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a store' })).toBeNull());
  });
});
