// Our reads are plain SELECTs, or WITH … SELECT whose parts only read; anything else (insert, update,
// delete, a data-modifying WITH, DDL) may write. A write that looks like a read would leave the in-process
// caches of rows (auth rows, catalogue, published pages) stale, so anything in doubt counts as a write: a
// read whose text merely names one of those words costs a cache refill, never a stale answer.
const SELECT = /^\s*select\b/i;
const WITH = /^\s*with\b/i;
const WRITES = /\b(insert|update|delete|merge|truncate|copy|call|do)\b|\bnextval\s*\(/i;

/** Whether the statement may change rows (so caches of rows must forget what they hold after it). */
export function mayWrite(sql: string): boolean {
  if (SELECT.test(sql)) return false;
  if (WITH.test(sql)) return WRITES.test(sql);
  return true;
}
