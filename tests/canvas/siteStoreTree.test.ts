import { describe, expect, test } from 'vitest';
import { insertElement, moveElement, removeElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';

function siteWithTwoSections() {
  const site = createSiteDoc();
  let pageId = '';
  const ids: string[] = [];
  edit(site, () => {
    pageId = addPage(site, { name: 'Home', path: '/', isHomePage: true });
    for (const content of ['One', 'Two']) {
      const section = insertElement(site, { type: 'section', props: {} }, { pageId, parentId: null });
      ids.push(
        section,
        insertElement(site, { type: 'header', props: { content } }, { pageId, parentId: section }),
      );
    }
  });
  const store = new SiteStore(site);
  let notified = 0;
  store.subscribeTree(() => {
    notified += 1;
  });
  return { site, store, pageId, ids, notified: () => notified };
}

describe('the store’s tree subscription (what the Structure tree listens to)', () => {
  test('a property edit keeps the same tree and tells no tree listener', () => {
    const { store, ids, notified } = siteWithTwoSections();
    const before = store.getTree();
    store.type(`${ids[1]}:content`, () => store.site.elements.get(ids[1])?.set('content', 'One!'));
    expect(store.getTree()).toBe(before);
    expect(notified()).toBe(0);
    expect(store.getElement(ids[1])?.props.content).toBe('One!');
  });

  test('a move or a removal gives a new tree and tells the listeners once per change', () => {
    const { store, pageId, ids, notified } = siteWithTwoSections();
    store.edit(() => moveElement(store.site, ids[2], { parentId: null, index: 0 }));
    expect(store.getTree().roots.get(pageId)).toEqual([ids[2], ids[0]]);
    expect(notified()).toBe(1);
    store.edit(() => removeElement(store.site, ids[1]));
    expect(store.getTree().children.get(ids[0]) ?? []).toEqual([]);
    expect(notified()).toBe(2);
  });
});
