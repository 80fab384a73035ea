import type { Db } from '../db/types.ts';
import { type AuthRow, loadAuthRow } from '../repositories/users.ts';

const MAX_ENTRIES = 10_000;

/**
 * Loads the row behind every authenticated request (user, token version, resolved account).
 * Where the database says only this process writes (PGlite), rows are kept until the next write of
 * any kind, so roles, revocations and removals still apply on the very next request; on PostgreSQL
 * every request reads the database.
 */
export function createAuthRowLoader(
  db: Db,
): (userId: number, requestedAccountId: number | null) => Promise<AuthRow | null> {
  const generation = db.writeGeneration;
  if (!generation) return (userId, requestedAccountId) => loadAuthRow(db, userId, requestedAccountId);
  const cache = new Map<string, { generation: number; row: AuthRow | null }>();
  return async (userId, requestedAccountId) => {
    const key = `${userId}:${requestedAccountId ?? ''}`;
    const hit = cache.get(key);
    if (hit && hit.generation === generation()) return hit.row;
    // Noted before the query: a write finishing during it moves the generation past this entry.
    const noted = generation();
    const row = await loadAuthRow(db, userId, requestedAccountId);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { generation: noted, row });
    return row;
  };
}
