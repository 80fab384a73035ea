import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { toSpecPages } from '../../src/canvas/pagesData.ts';
import { createSiteDoc, listPages } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import { PageManager } from '../../src/views/builder/PageManager.tsx';
import { renderInBuilder } from './builderHarness.tsx';
import { clickBesideDialog } from './queries.ts';
import type { Routes } from './renderApp.tsx';

/** The Pages tab of a site with Home and About, its Add Page dialog open (`routes`: the fake server's). */
function openAddPage(routes: Routes = {}) {
  const site = createSiteDoc();
  addPage(site, { name: 'Home', path: '', isHomePage: true });
  addPage(site, { name: 'About', path: 'about' });
  const store = new SiteStore(site);
  renderInBuilder(store, <PageManager />, routes);
  fireEvent.click(screen.getByRole('button', { name: 'Add Page' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Page' });
  const pagesShown = () =>
    // Behind the open dialog the list is hidden from the accessibility tree: read it all the same.
    within(screen.getByRole('list', { name: 'Pages', hidden: true }))
      .getAllByRole('listitem', { hidden: true })
      .map((item) => item.textContent);
  return { store, dialog, pagesShown };
}

describe('Add Page', () => {
  test('a page from the E-commerce template shows the account’s first store, not the placeholder store', async () => {
    const { dialog, store } = openAddPage({
      'GET /api/ecommerce/stores': {
        body: [{ storeId: 'rosas-bakery', storeName: 'Rosa’s Bakery', currency: 'USD' }],
      },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Page Name' }), {
      target: { value: 'Shop' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: /E-commerce Modern/ }));
    // The dialog says which store the page shows.
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Its products and cart are those of Rosa’s Bakery.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shop = toSpecPages(store.site).find((page) => page.path === 'shop');
    expect(shop?.elements.filter((element) => 'storeId' in element).map((e) => [e.type, e.storeId])).toEqual([
      ['product-grid', 'rosas-bakery'],
      ['shopping-cart', 'rosas-bakery'],
    ]);
  });

  test('without a store yet, the E-commerce template says its products stay empty until one is created', async () => {
    const { dialog } = openAddPage({ 'GET /api/ecommerce/stores': { body: [] } });
    expect(within(dialog).queryByRole('status')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: /E-commerce Modern/ }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Its products and cart stay empty until you create a store in Online Store.',
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: /Portfolio Minimal/ }));
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  test('Enter in the page name creates the page, as Create does', async () => {
    const { dialog, pagesShown, store } = openAddPage();
    const name = within(dialog).getByRole('textbox', { name: 'Page Name' });
    fireEvent.change(name, { target: { value: 'Our Menu' } });

    fireEvent.keyDown(name, { key: 'Enter' });

    expect(pagesShown()).toEqual(['Home/Home', 'About/about', 'Our Menu/our-menu']);
    expect(listPages(store.site).map((page) => page.path)).toEqual(['', 'about', 'our-menu']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Page' })).toBeNull());
  });

  test('Enter in the path creates it too; with a path in use it does nothing and the message stays', () => {
    const { dialog, pagesShown } = openAddPage();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Page Name' }), {
      target: { value: 'About us' },
    });
    const path = within(dialog).getByRole('textbox', { name: 'Page Path' });
    fireEvent.change(path, { target: { value: 'about' } });

    fireEvent.keyDown(path, { key: 'Enter' });

    expect(pagesShown()).toEqual(['Home/Home', 'About/about']);
    expect(
      within(dialog).getByText('This path is already in use. Please choose a different one.').tagName,
    ).toBe('P');

    fireEvent.change(path, { target: { value: 'about-us' } });
    fireEvent.keyDown(path, { key: 'Enter' });
    expect(pagesShown()).toEqual(['Home/Home', 'About/about', 'About us/about-us']);
  });

  test('Escape or a click beside keeps a typed page and says how to create or discard it; Cancel discards it', async () => {
    const { dialog, pagesShown } = openAddPage();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Page Name' }), {
      target: { value: 'Our Menu' },
    });

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Add Page' }), { key: 'Escape' });
    clickBesideDialog();

    const still = within(screen.getByRole('dialog', { name: 'Add Page' }));
    expect((still.getByRole('textbox', { name: 'Page Name' }) as HTMLInputElement).value).toBe('Our Menu');
    expect((still.getByRole('textbox', { name: 'Page Path' }) as HTMLInputElement).value).toBe('our-menu');
    expect(still.getByRole('alert').textContent).toBe(
      'This page is not saved: choose Create to keep it, or Cancel to throw it away.',
    );
    expect(pagesShown()).toEqual(['Home/Home', 'About/about']);

    // Cancel throws it away: the dialog opens empty again, and untouched Escape closes it.
    fireEvent.click(still.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Page' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add Page' }));
    const fresh = screen.getByRole('dialog', { name: 'Add Page' });
    expect((within(fresh).getByRole('textbox', { name: 'Page Name' }) as HTMLInputElement).value).toBe('');
    expect(within(fresh).queryByRole('alert')).toBeNull();
    fireEvent.keyDown(fresh, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Page' })).toBeNull());
  });
});
