import { afterEach, expect, test, vi } from 'vitest';
import * as Y from 'yjs';
import { insertElement, updateElement } from '../../src/canvas/ops/elementOps.ts';
import { connectSite } from '../../src/canvas/persistence.ts';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { siteWithHome } from './canvasFixtures.ts';

afterEach(() => vi.restoreAllMocks());

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test('a local edit is posted to the other tabs at once and written to IndexedDB in a task after that', async () => {
  const room = `draft-order-${Math.random()}`;
  const site = siteWithHome();
  const connection = connectSite(site, room);
  await connection.whenLoaded;
  const order: string[] = [];
  vi.spyOn(BroadcastChannel.prototype, 'postMessage').mockImplementation(function (this: BroadcastChannel) {
    order.push('channel');
  });
  const add = IDBObjectStore.prototype.add;
  vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['add']>
  ) {
    order.push('indexeddb');
    return add.apply(this, args);
  });
  edit(site, () =>
    insertElement(site, { id: 't', type: 'text', props: {} }, { pageId: 'home', parentId: null }),
  );
  // The keystroke's task posts it and renders it; IndexedDB is not on the way to its frame.
  expect(order).toEqual(['channel']);
  await vi.waitFor(() => expect(order).toEqual(['channel', 'indexeddb']), { timeout: 5_000 });
  connection.destroy();
});

test('closing the site writes what is still waiting, so a new tab opens it', async () => {
  const room = `draft-close-${Math.random()}`;
  const site = siteWithHome();
  const connection = connectSite(site, room);
  await connection.whenLoaded;
  edit(site, () =>
    insertElement(
      site,
      { id: 't', type: 'text', props: { content: 'typed' } },
      { pageId: 'home', parentId: null },
    ),
  );
  connection.destroy();

  const reopened = createSiteDoc(new Y.Doc());
  const cr = connectSite(reopened, room);
  await cr.whenLoaded;
  expect(reopened.elements.get('t')?.get('content')).toBe('typed');
  cr.destroy();
});

test("another tab's update is applied at once and written to IndexedDB after that task, and kept", async () => {
  const room = `draft-tabs-${Math.random()}`;
  const a = siteWithHome();
  const b = createSiteDoc();
  const ca = connectSite(a, room);
  const cb = connectSite(b, room);
  await Promise.all([ca.whenLoaded, cb.whenLoaded]);
  await vi.waitFor(() => expect(b.pages.has('home')).toBe(true), { timeout: 5_000 });
  edit(a, () => insertElement(a, { id: 't', type: 'text', props: {} }, { pageId: 'home', parentId: null }));
  await vi.waitFor(() => expect(b.elements.has('t')).toBe(true), { timeout: 5_000 });
  await tick();

  const adds = vi.spyOn(IDBObjectStore.prototype, 'add');
  let addsWhenApplied = -1;
  b.doc.on('update', () => {
    addsWhenApplied = adds.mock.calls.length;
  });
  edit(a, () => updateElement(a, 't', { content: 'from tab A' }));
  await vi.waitFor(() => expect(b.elements.get('t')?.get('content')).toBe('from tab A'), { timeout: 5_000 });
  // Neither tab wrote while the edit was made and applied: the frames do not wait for IndexedDB.
  expect(addsWhenApplied).toBe(0);
  // …and both store it right after.
  await vi.waitFor(() => expect(adds.mock.calls.length).toBe(2), { timeout: 5_000 });

  ca.destroy();
  cb.destroy();
  // What both tabs stored opens in a new tab.
  const reopened = createSiteDoc(new Y.Doc());
  const cr = connectSite(reopened, room);
  await cr.whenLoaded;
  expect(reopened.elements.get('t')?.get('content')).toBe('from tab A');
  cr.destroy();
});
