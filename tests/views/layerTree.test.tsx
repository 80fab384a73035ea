import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { BusinessContext, type BusinessInfo } from '../../src/canvas/businessTokens.ts';
import { definitionOf } from '../../src/canvas/elements/registry.ts';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import type { BuilderActorRef } from '../../src/machines/builder/builderMachine.ts';
import { Themed } from '../../src/views/App.tsx';
import { BuilderContext } from '../../src/views/builder/builderContext.ts';
import { LayerTree } from '../../src/views/builder/LayerTree.tsx';

const SECTIONS = 200;

/** A page of 200 sections, each with a heading: 400 layers, nothing selected. */
function renderTree() {
  const site = createSiteDoc();
  let pageId = '';
  const sections: string[] = [];
  edit(site, () => {
    pageId = addPage(site, { name: 'Home', path: '/', isHomePage: true });
    for (let s = 0; s < SECTIONS; s++) {
      const id = insertElement(site, { type: 'section', props: {} }, { pageId, parentId: null });
      sections.push(id);
      insertElement(site, { type: 'header', props: { content: `Heading ${s}` } }, { pageId, parentId: id });
    }
  });
  const store = new SiteStore(site);
  const builder = createActor(
    createMachine({ context: { pageId, selectedId: null, selectedIds: [] } }),
  ).start() as unknown as BuilderActorRef;
  render(
    <Themed>
      <BuilderContext.Provider value={{ builder, store }}>
        <LayerTree pageId={pageId} />
      </BuilderContext.Provider>
    </Themed>,
  );
  const tree = screen.getByRole('tree', { name: 'Structure' });
  return { store, site, sections, tree, items: () => within(tree).getAllByRole('treeitem') };
}

const nextFrames = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));

describe('the Structure tree, windowed', () => {
  test('renders the first rows only, each telling its level and place among its siblings', () => {
    const { items } = renderTree();
    const rows = items();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(rows.slice(0, 2).map((row) => row.textContent)).toEqual(['Section', 'Header — Heading 0']);
    expect(rows.slice(0, 2).map((row) => row.getAttribute('aria-level'))).toEqual(['1', '2']);
    expect(rows[0].getAttribute('aria-setsize')).toBe(String(SECTIONS));
    expect(rows[2].getAttribute('aria-posinset')).toBe('2');
    // With nothing selected, the first layer is the tree's tab stop.
    expect(rows.map((row) => row.tabIndex).filter((tab) => tab === 0)).toHaveLength(1);
    expect(rows[0].tabIndex).toBe(0);
  });

  test('End goes to the last layer (rendered although out of view), Home back to the first', async () => {
    const { items, sections } = renderTree();
    items()[0].focus();
    fireEvent.keyDown(items()[0], { key: 'End' });
    await nextFrames();
    const last = document.activeElement as HTMLElement;
    expect(last.textContent).toBe(`Header — Heading ${SECTIONS - 1}`);
    expect(last.getAttribute('role')).toBe('treeitem');

    fireEvent.keyDown(last, { key: 'Home' });
    await nextFrames();
    expect((document.activeElement as HTMLElement).getAttribute('data-layer-id')).toBe(sections[0]);
  });

  test('a text edit leaves the rows; an element added or removed shows in the tree', async () => {
    const { store, site, sections, items } = renderTree();
    act(() => store.edit(() => site.elements.get(sections[0])?.set('backgroundColor', '#000000')));
    expect(items()[1].textContent).toBe('Header — Heading 0');

    act(() => store.edit(() => site.elements.get(sections[0])?.set('deleted', true)));
    expect(items()[0].textContent).toBe('Section');
    expect(items()[1].textContent).toBe('Header — Heading 1');
    expect(items()[0].getAttribute('aria-setsize')).toBe(String(SECTIONS - 1));
  });

  test('a layer shows the business’s details where its text has their tokens, as the canvas does', () => {
    const business: BusinessInfo = {
      name: 'Rosa’s Bakery',
      email: 'rosa@example.com',
      phone: '555 0100',
      address: '',
      socialLinks: [],
    };
    const site = createSiteDoc();
    let pageId = '';
    edit(site, () => {
      pageId = addPage(site, { name: 'Home', path: '/', isHomePage: true });
      const footer = definitionOf('footer')?.defaults() ?? {};
      insertElement(site, { type: 'footer', props: footer }, { pageId, parentId: null });
      insertElement(
        site,
        { type: 'text', props: { content: 'Mail {{business.email}}' } },
        { pageId, parentId: null },
      );
    });
    const builder = createActor(
      createMachine({ context: { pageId, selectedId: null, selectedIds: [] } }),
    ).start() as unknown as BuilderActorRef;
    render(
      <Themed>
        <BusinessContext.Provider value={business}>
          <BuilderContext.Provider value={{ builder, store: new SiteStore(site) }}>
            <LayerTree pageId={pageId} />
          </BuilderContext.Provider>
        </BusinessContext.Provider>
      </Themed>,
    );
    const rows = within(screen.getByRole('tree', { name: 'Structure' })).getAllByRole('treeitem');

    expect(rows.map((row) => row.textContent)).toEqual([
      'Footer — © Rosa’s Bakery. All rig',
      'Text — Mail rosa@example.com',
    ]);
    expect(screen.getByRole('treeitem', { name: 'Footer — © Rosa’s Bakery. All rig' }).tabIndex).toBe(0);
  });
});
