import * as Y from 'yjs';
import { base64ToBytes } from './siteDoc.ts';

/**
 * The server's acknowledgement of stored edits: after every store it sends `{ type: 'stored', snapshot }`, the
 * snapshot (state vector and delete set, base64) of what is now in its database. Sync alone is not durability:
 * the server holds edits in memory for a short debounce before storing them.
 */
export type StoredMessage = { type: 'stored'; snapshot: string };

/** The stored snapshot of a stateless message, or null when the message is something else. */
export function readStoredMessage(payload: string): Y.Snapshot | null {
  try {
    const message = JSON.parse(payload) as Partial<StoredMessage>;
    if (message?.type !== 'stored' || typeof message.snapshot !== 'string') return null;
    return Y.decodeSnapshot(base64ToBytes(message.snapshot));
  } catch {
    return null;
  }
}

/**
 * Whether everything in `doc` (every insertion and every deletion) is in the stored snapshot: then no edit
 * made in this document can be lost by the server, whatever happens to its process.
 */
export function isStoredIn(doc: Y.Doc, stored: Y.Snapshot): boolean {
  const local = Y.snapshot(doc);
  for (const [client, clock] of local.sv) {
    if ((stored.sv.get(client) ?? 0) < clock) return false;
  }
  for (const [client, deletions] of local.ds.clients) {
    const storedDeletions = stored.ds.clients.get(client) ?? [];
    for (const { clock, len } of deletions) {
      // Stored ranges are sorted and merged, so a covered range lies within one of them.
      const covered = storedDeletions.some(
        (range) => range.clock <= clock && clock + len <= range.clock + range.len,
      );
      if (!covered) return false;
    }
  }
  return true;
}
