import { clearDocument, IndexeddbPersistence } from 'y-indexeddb';
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
  const stopDeferring = tabs ? deferTabUpdates(idb, tabs) : () => undefined;
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
 * Another tab's update is already on its way into the same IndexedDB database (that tab stores it before it
 * posts it), so storing it again here is not on the way to the frame: it is written after the task that
 * applied and rendered it. Every other update (local edits, the server's) is stored at once, as before.
 */
function deferTabUpdates(idb: IndexeddbPersistence, tabs: BroadcastProvider): () => void {
  const store = idb._storeUpdate;
  let queued: Uint8Array[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const updates = queued;
    queued = [];
    for (const update of updates) store(update, tabs);
  };
  const onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin !== tabs) return store(update, origin);
    queued.push(update);
    timer ??= setTimeout(flush, 0);
  };
  idb.doc.off('update', store);
  idb.doc.on('update', onUpdate);
  return () => {
    idb.doc.off('update', onUpdate);
    if (timer !== null) clearTimeout(timer);
    // What was deferred is written now: closing the site loses nothing that reached this tab.
    flush();
  };
}

/** Deletes the stored copy of a room (a draft that became a saved site). */
export async function clearRoom(room: string): Promise<void> {
  await clearDocument(room);
}
