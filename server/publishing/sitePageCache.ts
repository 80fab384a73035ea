import { createHash } from 'node:crypto';
import type { Db } from '../db/types.ts';
import { findPublishedPage, findPublishedVersion } from '../repositories/publishing.ts';

/** A published page ready to send: its bytes and their ETag. */
export type CachedPage = { body: Buffer; etag: string };

type Entry = CachedPage & { version: string; checkedAt: number; generation: number };

export type SitePageCache = {
  get(subdomain: string, path: string): Promise<CachedPage | null>;
  /** Drops every page of a site at once (publish, republish, unpublish in this process). */
  forget(subdomain: string): void;
  /** Drops everything (a website was deleted in this process; its subdomain is no longer known). */
  forgetAll(): void;
};

const MAX_ENTRIES = 2000;
// Where other processes may write (PostgreSQL), a cached page is re-checked after this long.
const SHARED_DB_RECHECK_MS = 2000;

/**
 * Published pages from memory: serving one is a map lookup, not a query (see the `publish` bench).
 * An entry is trusted until something may have changed the site: on PGlite until the database's write
 * generation moves (any write in this process), on PostgreSQL for two seconds. Then one small query
 * compares the site's publication time with the entry's, and the page is fetched again only when it
 * differs (republished) or is gone (unpublished, deleted).
 */
export function createSitePageCache(db: Db): SitePageCache {
  const generation = db.writeGeneration ?? (() => 0);
  const shared = db.writeGeneration === null;
  const entries = new Map<string, Entry>();

  const isFresh = (entry: Entry) =>
    shared ? Date.now() - entry.checkedAt < SHARED_DB_RECHECK_MS : entry.generation === generation();

  async function load(key: string, subdomain: string, path: string): Promise<Entry | null> {
    const noted = generation();
    const row = await findPublishedPage(db, subdomain, path);
    if (!row) {
      entries.delete(key);
      return null;
    }
    const body = Buffer.from(row.html);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const entry = { body, etag, version: row.version, checkedAt: Date.now(), generation: noted };
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, entry);
    return entry;
  }

  return {
    async get(subdomain, path) {
      const key = `${subdomain}/${path}`;
      const hit = entries.get(key);
      if (!hit) return load(key, subdomain, path);
      if (isFresh(hit)) return hit;
      const noted = generation();
      const version = await findPublishedVersion(db, subdomain);
      if (version !== hit.version) return load(key, subdomain, path);
      hit.generation = noted;
      hit.checkedAt = Date.now();
      return hit;
    },
    forgetAll() {
      entries.clear();
    },
    forget(subdomain) {
      const prefix = `${subdomain}/`;
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}
