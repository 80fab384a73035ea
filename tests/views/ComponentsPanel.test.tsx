import { fireEvent, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import { readTree } from '../../src/canvas/tree.ts';
import { ComponentsPanel, useAddElement } from '../../src/views/builder/ComponentsPanel.tsx';
import { renderInBuilder } from './builderHarness.tsx';

const STORES = { 'GET /api/ecommerce/stores': { body: [] } };

/** A page as a template leaves it: navbar, hero, footer. */
function templatePage() {
  const site = createSiteDoc();
  const pageId = addPage(site, { name: 'Home', path: '/', isHomePage: true });
  for (const type of ['navbar', 'section', 'footer']) {
    insertElement(site, { type, props: {} }, { pageId, parentId: null });
  }
  const order = () =>
    (readTree(site).roots.get(pageId) ?? []).map((id) => site.elements.get(id)?.get('type'));
  return { site, pageId, order };
}

test('click to add puts the component before the page’s closing footer, not under it', () => {
  const { site, order } = templatePage();
  renderInBuilder(new SiteStore(site), <ComponentsPanel />, STORES);

  fireEvent.click(screen.getByRole('button', { name: 'Text' }));
  fireEvent.click(screen.getByRole('button', { name: 'Button' }));

  expect(order()).toEqual(['navbar', 'section', 'text', 'button', 'footer']);
});

test('every add to the page without a position (a drop on its background, “add section”) goes before the footer', () => {
  const { site, pageId, order } = templatePage();
  function AddSection() {
    const add = useAddElement();
    return (
      <button type="button" onClick={() => add('section', pageId, null)}>
        add section
      </button>
    );
  }
  renderInBuilder(new SiteStore(site), <AddSection />, STORES);
  fireEvent.click(screen.getByRole('button', { name: 'add section' }));
  expect(order()).toEqual(['navbar', 'section', 'section', 'footer']);
});
