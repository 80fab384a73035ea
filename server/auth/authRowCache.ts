import type { Db } from '../db/types.ts';
import { type AuthRow, loadAuthRow } from '../repositories/users.ts';

const MAX_ENTRIES = 10_000;

/**
 * Loads the row behind every authenticated request (user, token version, resolved account).
 * Rows are kept until the database's write generation moves: after any write of this process (so roles,
 * revocations and removals made through this server apply on the very next request) and, on PostgreSQL,
 * when another process's change to users or memberships is announced (migration 0007).
 */
export function createAuthRowLoader(
  db: Db,
): (userId: number, requestedAccountId: number | null) => Promise<AuthRow | null> {
  const generation = db.authRowsGeneration;
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
