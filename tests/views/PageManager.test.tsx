import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc, listPages } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import { PageManager } from '../../src/views/builder/PageManager.tsx';
import { renderInBuilder } from './builderHarness.tsx';
import { descriptionOf } from './queries.ts';

describe('Pages: Delete', () => {
  test('asks in the app first; Escape keeps the page, Delete page deletes it', async () => {
    const site = createSiteDoc();
    addPage(site, { name: 'Home', path: '', isHomePage: true });
    addPage(site, { name: 'About', path: 'about' });
    const store = new SiteStore(site);
    renderInBuilder(store, <PageManager />);
    const pagesShown = () =>
      within(screen.getByRole('list', { name: 'Pages', hidden: true }))
        .getAllByRole('listitem', { hidden: true })
        .map((item) => item.textContent);

    fireEvent.click(screen.getByRole('button', { name: 'Delete About' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete this page?' });
    expect(descriptionOf(asked)).toBe('Are you sure you want to delete this page?');
    fireEvent.keyDown(asked, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this page?' })).toBeNull());
    expect(pagesShown()).toEqual(['Home/Home', 'About/about']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete About' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this page?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete page' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this page?' })).toBeNull());
    expect(pagesShown()).toEqual(['Home/Home']);
    expect(listPages(store.site).map((page) => page.path)).toEqual(['']);
  });
});

describe('Pages: Delete the last page', () => {
  test('says "Cannot delete the last page." under the list, keeps the page, and the message closes', async () => {
    const site = createSiteDoc();
    addPage(site, { name: 'About', path: 'about' });
    const store = new SiteStore(site);
    renderInBuilder(store, <PageManager />);

    fireEvent.click(screen.getByRole('button', { name: 'Delete About' }));

    expect(screen.getByRole('alert').textContent).toBe('Cannot delete the last page.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(listPages(store.site).map((page) => page.path)).toEqual(['about']);

    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
