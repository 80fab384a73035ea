import { clearDocument, IndexeddbPersistence } from 'y-indexeddb';
import { BroadcastProvider } from './broadcastProvider.ts';
import type { SiteDoc } from './siteDoc.ts';

/** The local connections of one open site: IndexedDB storage and live tab sync. */
export type SiteConnection = {
  room: string;
  /** Resolves once the stored state is loaded into the doc. */
  whenLoaded: Promise<void>;
  destroy(): void;
};

/** The storage/channel name of a website (`draft-…` before its first save). */
export function roomFor(websiteId: string): string {
  return `site-${websiteId}`;
}

/** Connects a site document to IndexedDB and to the other tabs open on the same room. */
export function connectSite(site: SiteDoc, room: string): SiteConnection {
  const idb = new IndexeddbPersistence(room, site.doc);
  const tabs = typeof BroadcastChannel === 'undefined' ? null : BroadcastProvider.forRoom(site.doc, room);
  return {
    room,
    whenLoaded: idb.whenSynced.then(() => undefined),
    destroy: () => {
      tabs?.destroy();
      void idb.destroy();
    },
  };
}

/** Deletes the stored copy of a room (a draft that became a saved site). */
export async function clearRoom(room: string): Promise<void> {
  await clearDocument(room);
}
