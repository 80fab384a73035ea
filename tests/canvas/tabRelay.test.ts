import { HocuspocusProvider } from '@hocuspocus/provider';
import { afterEach, expect, test, vi } from 'vitest';
import * as Y from 'yjs';
import { SiteCollab } from '../../src/canvas/collab.ts';
import { insertElement, updateElement } from '../../src/canvas/ops/elementOps.ts';
import { connectSite } from '../../src/canvas/persistence.ts';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { siteWithHome } from './canvasFixtures.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * From here on the tabs' timers and frames run only when the test moves the clock: the send batch (1 ms), the
 * frame and the task after it. The tab channel itself stays real.
 */
function holdTimers(): void {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
}

/** Resolves once `site` shows `content` for element t, applied from the tab channel. */
async function shown(site: ReturnType<typeof createSiteDoc>, content: string): Promise<void> {
  while (site.elements.get('t')?.get('content') !== content) {
    await new Promise<void>((resolve) => site.doc.once('update', () => resolve()));
  }
}

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

  holdTimers();
  edit(a, () => updateElement(a, 't', { content: 'from tab A' }));
  // The tab that made the edit sends it to the server in its send batch, a task of its own right after.
  expect(sent).toEqual([]);
  await shown(b, 'from tab A');
  // The tab that applied it neither sent it nor asked for a frame in that task (it costs ~1 ms there)…
  expect(whenApplied).toEqual({ sent: [], frames: 0 });
  vi.advanceTimersByTime(2);
  expect(sent.map((s) => s.tab)).toEqual(['A']);
  // …and sends it on after its frame (or the 100 ms fallback of a tab that paints none), in case tab A has no
  // connection.
  vi.advanceTimersByTime(120);
  expect(sent.map((s) => s.tab)).toEqual(['A', 'B']);
  expect(sent[1].update).toEqual(sent[0].update);

  ca.destroy();
  cb.destroy();
});

/** Records the updates tab B hands to its server connection. */
function spyOnSends(collabB: SiteCollab): Uint8Array[] {
  const fromB: Uint8Array[] = [];
  vi.spyOn(HocuspocusProvider.prototype, 'send').mockImplementation(function (
    this: HocuspocusProvider,
    _type: unknown,
    args: unknown,
  ) {
    const update = (args as { update?: Uint8Array }).update;
    if (update && this === collabB.connection) fromB.push(update);
  });
  return fromB;
}

test("other tabs' updates waiting go with this tab's own next edit, in one message, in the order applied", async () => {
  const { a, b, collabB, ca, cb } = await twoTabs();

  const before = Y.encodeStateAsUpdate(b.doc);
  const fromB = spyOnSends(collabB);
  holdTimers();
  edit(a, () => updateElement(a, 't', { content: 'one' }));
  edit(a, () => updateElement(a, 't', { content: 'two' }));
  await shown(b, 'two');
  // B edits before its frame: A's two updates join B's own in B's send batch.
  edit(b, () => updateElement(b, 't', { level: 2 }));
  expect(fromB).toEqual([]);
  vi.advanceTimersByTime(2);
  expect(fromB).toHaveLength(1);
  // On the server's copy the one message gives what A typed last and B's own edit.
  const server = createSiteDoc();
  Y.applyUpdate(server.doc, before);
  Y.applyUpdate(server.doc, fromB[0]);
  expect(server.elements.get('t')?.get('content')).toBe('two');
  expect(server.elements.get('t')?.get('level')).toBe(2);
  ca.destroy();
  cb.destroy();
});

test("a tab being closed sends the other tabs' updates it still holds for the server", async () => {
  const { a, b, collabB, ca, cb } = await twoTabs();

  const before = Y.encodeStateAsUpdate(b.doc);
  const fromB = spyOnSends(collabB);
  holdTimers();
  edit(a, () => updateElement(a, 't', { content: 'typed in A' }));
  await shown(b, 'typed in A');
  // The page is hidden (closing) before B's frame: the relay is sent then, not lost with the tab.
  expect(fromB).toEqual([]);
  window.dispatchEvent(new Event('pagehide'));
  expect(fromB).toHaveLength(1);
  const server = createSiteDoc();
  Y.applyUpdate(server.doc, before);
  Y.applyUpdate(server.doc, fromB[0]);
  expect(server.elements.get('t')?.get('content')).toBe('typed in A');
  ca.destroy();
  cb.destroy();
});
