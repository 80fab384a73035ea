import type { Document, LocalTransactionOrigin } from '@hocuspocus/server';
import * as Y from 'yjs';
import { toSpecPages } from '../../src/canvas/pagesData.ts';
import { createSiteDoc } from '../../src/canvas/siteDoc.ts';
import type { Db } from '../db/types.ts';
import { loadWebsiteState, mergeWebsiteState } from '../repositories/websiteDocs.ts';

/** Which website a loaded document is (from the connection that opened it; the name says the same). */
export type SiteRef = { accountId: number; websiteId: number };

/**
 * The stateless message every client of a document receives after each store: the snapshot (state vector and
 * delete set) of what is now in the database. A client's edit is acknowledged once this snapshot covers it.
 */
export type StoredMessage = { type: 'stored'; snapshot: string };

type Log = { warn: (data: object, message: string) => void };

// The stored state merged into the live document (another process's store, an HTTP save): it is already stored.
const FROM_STORAGE: LocalTransactionOrigin = { source: 'local', skipStoreHooks: true };

type Meta = SiteRef & { written: string; snapshot: Y.Snapshot | null };

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** Whether `update` is a Yjs update this server can read (tried on a scratch document, never on a live one). */
export function isReadableUpdate(update: Uint8Array): boolean {
  try {
    Y.applyUpdate(new Y.Doc(), update);
    return true;
  } catch {
    return false;
  }
}

export type CollabDocs = {
  /** Fills a document being opened from its website's stored state; throws when the website is gone. */
  load(document: Document, site: SiteRef): Promise<void>;
  /**
   * Stores a document: under the row lock, the stored state is merged into the live document first (so what
   * another process or an HTTP save stored is never overwritten) and the result written back. Then every
   * client hears the stored snapshot. Resolves false when the website no longer exists.
   */
  store(document: Document): Promise<boolean>;
  /** The stateless message telling what of a document is stored (sent to each client as it connects). */
  storedMessage(document: Document): string | null;
  /** From now on stores do nothing (the database is about to close; the final flush has run). */
  stop(): void;
};

const storedMessage = (snapshot: Y.Snapshot) =>
  JSON.stringify({ type: 'stored', snapshot: toBase64(Y.encodeSnapshot(snapshot)) } satisfies StoredMessage);

export function createCollabDocs(db: Db, log: Log): CollabDocs {
  const meta = new WeakMap<Y.Doc, Meta>();
  let stopped = false;

  return {
    load: async (document, site) => {
      const stored = await loadWebsiteState(db, site.accountId, site.websiteId);
      if (stored === null) throw new Error(`website ${site.websiteId} does not exist`);
      // An unreadable stored state refuses the document rather than replacing what it cannot read.
      if (stored) Y.applyUpdate(document, fromBase64(stored));
      meta.set(document, { ...site, written: stored, snapshot: stored ? Y.snapshot(document) : null });
    },

    store: async (document) => {
      const state = meta.get(document);
      if (!state || stopped) return true;
      let written = state.written;
      let snapshot = state.snapshot;
      const merge = (stored: string) => {
        if (stored && stored !== state.written) {
          try {
            Y.applyUpdate(document, fromBase64(stored), FROM_STORAGE);
          } catch (error) {
            // Only a state that was never a Yjs document gets here (HTTP saves are checked): it is replaced.
            log.warn({ err: error, websiteId: state.websiteId }, 'collab: unreadable stored state replaced');
          }
        }
        const now = Y.snapshot(document);
        if (stored === state.written && snapshot && Y.equalSnapshots(now, snapshot)) return null;
        snapshot = now;
        written = toBase64(Y.encodeStateAsUpdate(document));
        return written;
      };
      // The pages follow the document: a site that saves itself publishes (and is audited) as it is now.
      const pagesOf = () => toSpecPages(createSiteDoc(document));
      const found = await mergeWebsiteState(db, state.accountId, state.websiteId, merge, pagesOf);
      if (!found) return false;
      state.written = written;
      state.snapshot = snapshot;
      if (snapshot) document.broadcastStateless(storedMessage(snapshot));
      return true;
    },

    storedMessage: (document) => {
      const snapshot = meta.get(document)?.snapshot;
      return snapshot ? storedMessage(snapshot) : null;
    },

    stop: () => {
      stopped = true;
    },
  };
}
