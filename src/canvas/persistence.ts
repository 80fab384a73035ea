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
  const idb = new IndexeddbPersistence(room, site.doc);
  const tabs = typeof BroadcastChannel === 'undefined' ? null : BroadcastProvider.forRoom(site.doc, room);
  const remote = collab && isSavedRoom(room) ? collab : null;
  remote?.connect(room);
  return {
    room,
    whenLoaded: idb.whenSynced.then(() => undefined),
    destroy: () => {
      remote?.disconnect();
      tabs?.destroy();
      void idb.destroy();
    },
  };
}

/** Deletes the stored copy of a room (a draft that became a saved site). */
export async function clearRoom(room: string): Promise<void> {
  await clearDocument(room);
}
