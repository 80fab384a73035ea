import { HocuspocusProvider } from '@hocuspocus/provider';
import { afterEach, expect, test, vi } from 'vitest';
import * as Y from 'yjs';
import { SiteCollab } from '../../src/canvas/collab.ts';
import { insertElement, updateElement } from '../../src/canvas/ops/elementOps.ts';
import { connectSite } from '../../src/canvas/persistence.ts';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { siteWithHome } from './canvasFixtures.ts';

afterEach(() => vi.restoreAllMocks());

// No server answers here: what matters is what each tab hands to its connection, and when.
const remote = { url: 'ws://127.0.0.1:9/api/collab', token: () => 'token', user: { id: 'u1', name: 'Me' } };

/** Two tabs of one saved site, each with its server connection, sharing element `t`; writes settled. */
async function twoTabs() {
  const room = `site-${Math.floor(Math.random() * 1e9)}`;
  const a = siteWithHome();
  const b = createSiteDoc();
  const collabA = new SiteCollab(a, remote);
  const collabB = new SiteCollab(b, remote);
  const ca = connectSite(a, room, collabA);
  const cb = connectSite(b, room, collabB);
  await Promise.all([ca.whenLoaded, cb.whenLoaded]);
  edit(a, () => insertElement(a, { id: 't', type: 'text', props: {} }, { pageId: 'home', parentId: null }));
  await vi.waitFor(() => expect(b.elements.has('t')).toBe(true), { timeout: 5_000 });
  await new Promise((resolve) => setTimeout(resolve, 150));
  return { a, b, collabA, collabB, ca, cb };
}

test("another tab's edit is shown at once and handed to this tab's server connection after its frame", async () => {
  const { a, b, collabA, ca, cb } = await twoTabs();

  const sent: { tab: string; update: Uint8Array }[] = [];
  vi.spyOn(HocuspocusProvider.prototype, 'send').mockImplementation(function (
    this: HocuspocusProvider,
    _type: unknown,
    args: unknown,
  ) {
    const update = (args as { update?: Uint8Array }).update;
    if (update) sent.push({ tab: this === collabA.connection ? 'A' : 'B', update });
  });
  const rafs = vi.spyOn(window, 'requestAnimationFrame');
  let whenApplied: { sent: string[]; frames: number } | null = null;
  b.doc.on('update', () => {
    whenApplied = { sent: sent.map((s) => s.tab), frames: rafs.mock.calls.length };
  });

  edit(a, () => updateElement(a, 't', { content: 'from tab A' }));
  // The tab that made the edit sends it to the server at once.
  expect(sent.map((s) => s.tab)).toEqual(['A']);
  await vi.waitFor(() => expect(b.elements.get('t')?.get('content')).toBe('from tab A'), { timeout: 5_000 });
  // The tab that applied it neither sent it nor asked for a frame in that task (it costs ~1 ms there)…
  expect(whenApplied).toEqual({ sent: ['A'], frames: 0 });
  // …and sends it on after its frame, in case tab A has no connection.
  await vi.waitFor(() => expect(sent.map((s) => s.tab)).toEqual(['A', 'B']), { timeout: 5_000 });
  expect(sent[1].update).toEqual(sent[0].update);

  ca.destroy();
  cb.destroy();
});

test("other tabs' updates waiting are merged into one message, sent before this tab's own next edit", async () => {
  const { a, b, collabB, ca, cb } = await twoTabs();

  const before = Y.encodeStateAsUpdate(b.doc);
  const fromB: Uint8Array[] = [];
  vi.spyOn(HocuspocusProvider.prototype, 'send').mockImplementation(function (
    this: HocuspocusProvider,
    _type: unknown,
    args: unknown,
  ) {
    const update = (args as { update?: Uint8Array }).update;
    if (update && this === collabB.connection) fromB.push(update);
  });
  edit(a, () => updateElement(a, 't', { content: 'one' }));
  edit(a, () => updateElement(a, 't', { content: 'two' }));
  await vi.waitFor(() => expect(b.elements.get('t')?.get('content')).toBe('two'), { timeout: 5_000 });
  // B edits before its frame: A's two updates go first, as one message, then B's own.
  edit(b, () => updateElement(b, 't', { level: 2 }));
  expect(fromB).toHaveLength(2);
  // The first message holds both of A's edits: on the server's copy it gives what A typed last.
  const server = createSiteDoc();
  Y.applyUpdate(server.doc, before);
  Y.applyUpdate(server.doc, fromB[0]);
  expect(server.elements.get('t')?.get('content')).toBe('two');
  expect(server.elements.get('t')?.get('level')).toBeUndefined();
  Y.applyUpdate(server.doc, fromB[1]);
  expect(server.elements.get('t')?.get('level')).toBe(2);
  ca.destroy();
  cb.destroy();
});
