import { expect, test, vi } from 'vitest';
import * as Y from 'yjs';
import { BroadcastProvider } from '../../src/canvas/broadcastProvider.ts';
import { insertElement, updateElement } from '../../src/canvas/ops/elementOps.ts';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import { shape, siteWithHome } from './canvasFixtures.ts';

test('two tabs on a BroadcastChannel exchange edits live, and a late tab catches up on join', async () => {
  const room = `test-${Math.random()}`;
  const a = siteWithHome();
  edit(a, () =>
    insertElement(a, { id: 'before', type: 'text', props: {} }, { pageId: 'home', parentId: null }),
  );
  const pa = BroadcastProvider.forRoom(a.doc, room);
  const b = createSiteDoc();
  edit(b, () =>
    insertElement(b, { id: 'offline', type: 'text', props: {} }, { pageId: 'home', parentId: null }),
  );
  const pb = BroadcastProvider.forRoom(b.doc, room);
  // BroadcastChannel delivers asynchronously: wait for the exchange rather than a fixed delay.
  await vi.waitFor(() => expect(shape(b)).toEqual(shape(a)), { timeout: 5_000 });
  expect(a.elements.has('offline')).toBe(true);
  edit(a, () => updateElement(a, 'before', { content: 'live' }));
  await vi.waitFor(() => expect(b.elements.get('before')?.get('content')).toBe('live'), { timeout: 5_000 });
  pa.destroy();
  pb.destroy();
});

test('the store notifies only the edited element and only the changed children lists', () => {
  const site = siteWithHome();
  edit(site, () => {
    insertElement(
      site,
      { id: 's', type: 'section', props: {}, children: [{ id: 'x', type: 'text', props: {} }] },
      { pageId: 'home', parentId: null },
    );
    insertElement(site, { id: 'y', type: 'text', props: {} }, { pageId: 'home', parentId: null });
  });
  const store = new SiteStore(site);
  const seen: string[] = [];
  store.subscribeElement('x', () => seen.push('x'));
  store.subscribeElement('y', () => seen.push('y'));
  store.subscribeChildren('home', null, () => seen.push('root'));
  store.subscribeChildren('home', 's', () => seen.push('s-children'));
  const before = store.getChildren('home', null);
  const xBefore = store.getElement('x');
  store.edit(() => updateElement(site, 'x', { content: 'changed' }));
  expect(seen).toEqual(['x']);
  expect(store.getElement('x')).not.toBe(xBefore);
  expect(store.getElement('y')).toBe(store.getElement('y'));
  store.edit(() =>
    insertElement(site, { id: 'z', type: 'text', props: {} }, { pageId: 'home', parentId: 's' }),
  );
  expect(seen).toEqual(['x', 's-children']);
  expect(store.getChildren('home', null)).toBe(before);
  expect(store.canUndo()).toBe(true);
  store.undo();
  expect(store.getChildren('home', 's')).toEqual(['x']);
  void Y;
});
