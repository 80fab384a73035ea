import { expect, test } from 'vitest';
import * as Y from 'yjs';
import { BroadcastProvider, type ChannelLike } from '../../src/canvas/broadcastProvider.ts';
import { insertElement, removeElement, updateElement } from '../../src/canvas/ops/elementOps.ts';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import { encodeTransactionUpdate } from '../../src/canvas/transactionUpdate.ts';
import { shape, siteWithHome } from './canvasFixtures.ts';

/** Each transaction's update as encoded before its observers, beside the one Yjs' `update` event carries. */
function recordBoth(doc: Y.Doc): { early: (Uint8Array | null)[]; yjs: Uint8Array[] } {
  const early: (Uint8Array | null)[] = [];
  const yjs: Uint8Array[] = [];
  doc.on('beforeObserverCalls', (transaction: Y.Transaction) =>
    early.push(encodeTransactionUpdate(transaction)),
  );
  doc.on('update', (update: Uint8Array) => yjs.push(update));
  return { early, yjs };
}

test("a transaction's update, encoded before its observers, is the bytes of Yjs' own update event", () => {
  const site = siteWithHome();
  const other = Y.encodeStateAsUpdate(createSiteDoc().doc);
  const { early, yjs } = recordBoth(site.doc);
  edit(site, () =>
    insertElement(
      site,
      { id: 's', type: 'section', props: {}, children: [{ id: 't', type: 'text', props: { content: 'a' } }] },
      { pageId: 'home', parentId: null },
    ),
  );
  // Typing: one property set again and again (each replaces, i.e. deletes, the previous value).
  for (const content of ['ab', 'abc', 'abcd']) edit(site, () => updateElement(site, 't', { content }));
  edit(site, () => removeElement(site, 't'));
  // Another client's structs and deletions, applied: several clients in one transaction.
  Y.applyUpdate(site.doc, other);
  const text = site.doc.getText('notes');
  site.doc.transact(() => text.insert(0, 'hello world'));
  site.doc.transact(() => text.delete(2, 5));
  // Nothing changed: no update at all.
  site.doc.transact(() => {});
  expect(early.filter((update) => update !== null)).toEqual(yjs);
  expect(early.at(-1)).toBeNull();
  expect(yjs.length).toBeGreaterThanOrEqual(7);
});

test('content inserted and deleted in one transaction arrives deleted, whatever Yjs collects afterwards', () => {
  const site = siteWithHome();
  const copy = createSiteDoc();
  Y.applyUpdate(copy.doc, Y.encodeStateAsUpdate(site.doc));
  const { early } = recordBoth(site.doc);
  edit(site, () => {
    insertElement(
      site,
      { id: 'gone', type: 'text', props: { content: 'x' } },
      { pageId: 'home', parentId: null },
    );
    removeElement(site, 'gone');
    insertElement(
      site,
      { id: 'kept', type: 'text', props: { content: 'y' } },
      { pageId: 'home', parentId: null },
    );
  });
  for (const update of early) if (update) Y.applyUpdate(copy.doc, update);
  expect(shape(copy)).toEqual(shape(site));
  expect(copy.elements.has('gone')).toBe(false);
  expect(copy.elements.get('kept')?.get('content')).toBe('y');
});

/** Two tabs on an in-memory channel that delivers synchronously, to see what runs before what. */
function channelPair(): [ChannelLike, ChannelLike] {
  const listeners = [new Set<(event: MessageEvent) => void>(), new Set<(event: MessageEvent) => void>()];
  const end = (mine: number): ChannelLike => ({
    postMessage: (data) => {
      for (const listener of listeners[1 - mine]) listener({ data } as MessageEvent);
    },
    addEventListener: (_type, listener) => listeners[mine].add(listener),
    removeEventListener: (_type, listener) => listeners[mine].delete(listener),
    close: () => listeners[mine].clear(),
  });
  return [end(0), end(1)];
}

test("the other tab has an edit before the editing tab's own store, undo manager and observers see it", () => {
  const a = siteWithHome();
  edit(a, () => insertElement(a, { id: 't', type: 'text', props: {} }, { pageId: 'home', parentId: null }));
  const b = createSiteDoc();
  const [ca, cb] = channelPair();
  const pa = new BroadcastProvider(a.doc, ca);
  const pb = new BroadcastProvider(b.doc, cb);
  expect(shape(b)).toEqual(shape(a));
  const store = new SiteStore(a);
  const otherTabHad: (string | undefined)[] = [];
  const note = () => otherTabHad.push(b.elements.get('t')?.get('content') as string | undefined);
  store.subscribeElement('t', note);
  a.elements.observeDeep(note);
  store.type('t.content', () => updateElement(a, 't', { content: 'typed' }));
  expect(otherTabHad).toEqual(['typed', 'typed']);
  expect(store.canUndo()).toBe(true);
  pa.destroy();
  pb.destroy();
});
