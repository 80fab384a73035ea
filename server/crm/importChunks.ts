import { Readable } from 'node:stream';
import { base64Of, bytesOf } from '../db/bytea.ts';
import type { Queryable } from '../db/types.ts';

/** The size of one stored piece of an import's file: the most of it ever held in memory at once (plus one read). */
export const IMPORT_CHUNK_BYTES = 1024 * 1024;
const READ_BYTES = 64 * 1024;

/**
 * Stores a file stream as the import's chunks (rows of `crm_import_chunks`, migration 0031), one insert per
 * ~1 MiB as it fills, so the file is never whole in memory. Returns the bytes stored.
 */
export async function storeChunks(
  db: Queryable,
  importId: number,
  file: AsyncIterable<Buffer>,
): Promise<number> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let total = 0;
  const flush = async () => {
    // As base64 text, decoded by the database (bytea.ts).
    await db.query(
      `insert into crm_import_chunks (import_id, seq, bytes) values ($1, $2, decode($3, 'base64'))`,
      [importId, seq, base64Of(Buffer.concat(pending, pendingBytes))],
    );
    seq += 1;
    total += pendingBytes;
    pending = [];
    pendingBytes = 0;
  };
  for await (const data of file) {
    pending.push(data);
    pendingBytes += data.length;
    if (pendingBytes >= IMPORT_CHUNK_BYTES) await flush();
  }
  if (pendingBytes > 0) await flush();
  return total;
}

/** The import's file as a byte stream, read one chunk per query in `seq` order; `bytesRead` counts what it gave. */
export function readChunks(db: Queryable, importId: number): { stream: Readable; bytesRead: () => number } {
  let bytesRead = 0;
  async function* chunks() {
    let seq = -1;
    for (;;) {
      const row = await db.one<{ seq: number; text: string }>(
        `select seq, encode(bytes, 'base64') as text from crm_import_chunks where import_id = $1 and seq > $2
         order by seq limit 1`,
        [importId, seq],
      );
      if (!row) return;
      seq = row.seq;
      const bytes = bytesOf(row.text);
      // In 64 KiB views, as a file stream reads: the parser never holds a whole chunk's records at once.
      for (let at = 0; at < bytes.length; at += READ_BYTES) {
        const piece = bytes.subarray(at, at + READ_BYTES);
        bytesRead += piece.length;
        yield piece;
      }
    }
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), bytesRead: () => bytesRead };
}

/** Whether any of the import's file is stored. */
export async function hasChunks(db: Queryable, importId: number): Promise<boolean> {
  return (await db.one('select 1 from crm_import_chunks where import_id = $1 limit 1', [importId])) !== null;
}

export async function deleteChunks(db: Queryable, importId: number): Promise<void> {
  await db.query('delete from crm_import_chunks where import_id = $1', [importId]);
}
