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

/** Changes still to be acknowledged: the end clock per client and the deleted ranges per client. */
export type PendingChanges = { sv: Map<number, number>; ds: Map<number, { clock: number; len: number }[]> };

export const emptyPending = (): PendingChanges => ({ sv: new Map(), ds: new Map() });

export const isEmpty = (pending: PendingChanges): boolean => pending.sv.size === 0 && pending.ds.size === 0;

/** Everything in a snapshot of a document, as pending changes. */
export function pendingOf(snapshot: Y.Snapshot): PendingChanges {
  const pending = emptyPending();
  for (const [client, clock] of snapshot.sv) if (clock > 0) pending.sv.set(client, clock);
  for (const [client, items] of snapshot.ds.clients) {
    if (items.length > 0)
      pending.ds.set(
        client,
        items.map(({ clock, len }) => ({ clock, len })),
      );
  }
  return pending;
}

/** Adds what a transaction inserted and deleted; true when it changed anything. */
export function addPending(pending: PendingChanges, transaction: Y.Transaction): boolean {
  let changed = false;
  for (const [client, clock] of transaction.afterState) {
    if (clock > (transaction.beforeState.get(client) ?? 0)) {
      pending.sv.set(client, Math.max(clock, pending.sv.get(client) ?? 0));
      changed = true;
    }
  }
  for (const [client, items] of transaction.deleteSet.clients) {
    if (items.length === 0) continue;
    const list = pending.ds.get(client) ?? [];
    for (const { clock, len } of items) list.push({ clock, len });
    pending.ds.set(client, list);
    changed = true;
  }
  return changed;
}

/** Drops what the stored snapshot covers. */
export function prunePending(pending: PendingChanges, stored: Y.Snapshot): void {
  for (const [client, clock] of pending.sv) {
    if ((stored.sv.get(client) ?? 0) >= clock) pending.sv.delete(client);
  }
  for (const [client, items] of pending.ds) {
    const storedDeletions = stored.ds.clients.get(client) ?? [];
    const left = items.filter(
      ({ clock, len }) =>
        !storedDeletions.some((range) => range.clock <= clock && clock + len <= range.clock + range.len),
    );
    if (left.length > 0) pending.ds.set(client, left);
    else pending.ds.delete(client);
  }
}
