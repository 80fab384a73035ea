import type { Db, Queryable } from '../db/types.ts';

/**
 * The website builder's Yjs document as stored next to its website row (`yjs_state`, base64; '' = none yet).
 * The collaboration server and the HTTP save both go through `mergeWebsiteState`, which never overwrites:
 * it hands the stored state to a merge under a row lock and writes what the merge returns.
 */

/** The account that owns a website, whoever asks (the caller then checks membership); null when none. */
export async function findWebsiteAccount(db: Queryable, websiteId: number): Promise<number | null> {
  const row = await db.one<{ account_id: number }>('select account_id from websites where id = $1', [
    websiteId,
  ]);
  return row?.account_id ?? null;
}

/** The stored state of an account's website: base64 ('' when none yet), or null when there is no such site. */
export async function loadWebsiteState(
  db: Queryable,
  accountId: number,
  websiteId: number,
): Promise<string | null> {
  const row = await db.one<{ yjs_state: string }>(
    'select yjs_state from websites where account_id = $1 and id = $2',
    [accountId, websiteId],
  );
  return row?.yjs_state ?? null;
}

/**
 * Whether an account's website has a stored document (false: none yet), or null when there is no such site:
 * the check without reading the document itself.
 */
export async function hasWebsiteState(
  db: Queryable,
  accountId: number,
  websiteId: number,
): Promise<boolean | null> {
  const row = await db.one<{ has_state: boolean }>(
    "select yjs_state <> '' as has_state from websites where account_id = $1 and id = $2",
    [accountId, websiteId],
  );
  return row ? row.has_state : null;
}

/**
 * Locks the website row, passes its stored state (base64, '' when none) to `merge` and stores the base64 state
 * `merge` returns (null: nothing to write), with the pages `pagesOf` reads from it when given (what publishing
 * and the SEO audit read). Resolves false when the account has no such website.
 */
export async function mergeWebsiteState(
  db: Db,
  accountId: number,
  websiteId: number,
  merge: (stored: string) => string | null,
  pagesOf?: () => unknown[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await tx.one<{ yjs_state: string }>(
      'select yjs_state from websites where account_id = $1 and id = $2 for update',
      [accountId, websiteId],
    );
    if (!row) return false;
    const merged = merge(row.yjs_state);
    if (merged !== null && merged !== row.yjs_state && pagesOf) {
      await tx.query(
        `update websites set yjs_state = $3, pages = $4::jsonb, updated_at = now()
         where account_id = $1 and id = $2`,
        [accountId, websiteId, merged, JSON.stringify(pagesOf())],
      );
    } else if (merged !== null && merged !== row.yjs_state) {
      await tx.query(
        'update websites set yjs_state = $3, updated_at = now() where account_id = $1 and id = $2',
        [accountId, websiteId, merged],
      );
    }
    return true;
  });
}
