import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc, listPages } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import { PageManager } from '../../src/views/builder/PageManager.tsx';
import { renderInBuilder } from './builderHarness.tsx';
import { clickBesideDialog } from './queries.ts';

/** The Pages tab of a site with Home and About, its Add Page dialog open. */
function openAddPage() {
  const site = createSiteDoc();
  addPage(site, { name: 'Home', path: '', isHomePage: true });
  addPage(site, { name: 'About', path: 'about' });
  const store = new SiteStore(site);
  renderInBuilder(store, <PageManager />);
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
