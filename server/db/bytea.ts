/**
 * How bytes cross to and from a `bytea` column, on both databases: as base64 text that the database decodes and
 * encodes (`decode($n, 'base64')` in, `encode(column, 'base64')` out). PGlite passes a bytea parameter or result as
 * hex text built and parsed by JavaScript loops, one string per byte: storing a 5 MB image took 6–7 s and reading
 * it ~1 s (base64: ~0.2 s each), and a 1 MiB chunk of an import's file held hundreds of MiB of heap.
 */
export function base64Of(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** The bytes of `encode(column, 'base64')`: Node's decoder skips the line breaks PostgreSQL puts every 76 characters. */
export function bytesOf(base64: string): Buffer {
  return Buffer.from(base64, 'base64');
}
