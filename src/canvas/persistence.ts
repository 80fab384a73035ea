import { clearDocument, IndexeddbPersistence } from 'y-indexeddb';
import { afterPaint } from './afterPaint.ts';
import { BroadcastProvider } from './broadcastProvider.ts';
import type { SiteCollab } from './collab.ts';
import type { SiteDoc } from './siteDoc.ts';

/** The connections of one open site: IndexedDB storage, live tab sync and, once saved, the sync server. */
export type SiteConnection = {
  room: string;
  /** Resolves once the stored state is loaded into the doc. */
  whenLoaded: Promise<void>;
  destroy(): void;
};

/** The storage/channel name of a website (`draft-…` before its first save), also its document on the server. */
export function roomFor(websiteId: string): string {
  return `site-${websiteId}`;
}

/** Whether a room is a saved site's (the server has a document for it) rather than a local draft's. */
export function isSavedRoom(room: string): boolean {
  return /^site-\d+$/.test(room);
}

/**
 * Connects a site document to IndexedDB and to the other tabs open on the same room and, for a saved site,
 * through `collab` to the server and the other devices. Offline edits stay in IndexedDB and merge on reconnect.
 */
export function connectSite(site: SiteDoc, room: string, collab: SiteCollab | null = null): SiteConnection {
  // The tab channel listens first, so a local edit is on its way to the other tabs before anything else runs.
  const tabs = typeof BroadcastChannel === 'undefined' ? null : BroadcastProvider.forRoom(site.doc, room);
  const idb = new IndexeddbPersistence(room, site.doc);
  const stopDeferring = deferWrites(idb);
  const remote = collab && isSavedRoom(room) ? collab : null;
  remote?.connect(room);
  return {
    room,
    whenLoaded: idb.whenSynced.then(() => undefined),
    destroy: () => {
      remote?.disconnect();
      stopDeferring();
      tabs?.destroy();
      void idb.destroy();
    },
  };
}

/**
 * IndexedDB writes wait until the frame that shows the change has been painted: a keystroke's update goes to the
 * other tabs (and the server) at once, and is stored in a task of its own right after the paint, together with
 * whatever else came meanwhile. Another tab's update is stored here too (that tab stores it as well; both
 * writes are the same update), so closing either tab loses nothing. What is still queued is written when the
 * site is closed or the page is hidden (a tab closing).
 */
function deferWrites(idb: IndexeddbPersistence): () => void {
  const store = idb._storeUpdate;
  let queued: [Uint8Array, unknown][] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const updates = queued;
    queued = [];
    for (const [update, origin] of updates) store(update, origin);
  };
  const onUpdate = (update: Uint8Array, origin: unknown) => {
    queued.push([update, origin]);
    if (scheduled) return;
    scheduled = true;
    afterPaint(flush);
  };
  const onPageHide = () => flush();
  idb.doc.off('update', store);
  idb.doc.on('update', onUpdate);
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onPageHide);
  return () => {
    idb.doc.off('update', onUpdate);
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', onPageHide);
    // What was deferred is written now: closing the site loses nothing that reached this tab.
    flush();
  };
}

/** Deletes the stored copy of a room (a draft that became a saved site). */
export async function clearRoom(room: string): Promise<void> {
  await clearDocument(room);
}
