import * as Y from 'yjs';

/**
 * The update of a transaction in Yjs' V1 format, as the doc's `update` event carries it, but ready as soon as the
 * transaction's changes are made: in the doc's `beforeObserverCalls` event, before the observers (the views'
 * store, the undo manager, the save status) and before Yjs merges structs and encodes the update itself. Null
 * when the transaction changed nothing.
 *
 * The same bytes as Yjs writes (its `writeUpdateMessageFromTransaction` is not exported): for each client whose
 * clock moved, in descending client order, the structs from its clock before the transaction, then the
 * transaction's delete set (sorted and merged by Yjs before that event). An item inserted and deleted in the
 * same transaction is written with its content (Yjs collects it into a GC struct only afterwards); applied,
 * both give the same document.
 */
export function encodeTransactionUpdate(transaction: Y.Transaction): Uint8Array | null {
  const { beforeState, afterState, deleteSet } = transaction;
  const store = transaction.doc.store;
  const moved: [client: number, clock: number][] = [];
  for (const [client, clock] of afterState) {
    const before = beforeState.get(client) ?? 0;
    if (clock > before) moved.push([client, before]);
  }
  if (moved.length === 0 && deleteSet.clients.size === 0) return null;
  const encoder = new Y.UpdateEncoderV1();
  // In the V1 format every number below is a plain variable-length unsigned integer, which these write.
  const writeNumber = (n: number) => encoder.writeDsClock(n);
  writeNumber(moved.length);
  moved.sort((a, b) => b[0] - a[0]);
  for (const [client, before] of moved) {
    const structs = store.clients.get(client) ?? [];
    const clock = Math.max(before, structs[0].id.clock);
    const first = Y.findIndexSS(structs, clock);
    writeNumber(structs.length - first);
    encoder.writeClient(client);
    writeNumber(clock);
    structs[first].write(encoder, clock - structs[first].id.clock);
    for (let i = first + 1; i < structs.length; i++) structs[i].write(encoder, 0);
  }
  writeNumber(deleteSet.clients.size);
  const deleted = [...deleteSet.clients.entries()].sort((a, b) => b[0] - a[0]);
  for (const [client, ranges] of deleted) {
    encoder.resetDsCurVal();
    writeNumber(client);
    writeNumber(ranges.length);
    for (const range of ranges) {
      encoder.writeDsClock(range.clock);
      encoder.writeDsLen(range.len);
    }
  }
  return encoder.toUint8Array();
}
