import { createHash } from 'node:crypto';
import type { InvalidationBus } from '../cluster/invalidationBus.ts';
import type { Db } from '../db/types.ts';
import { findPublishedPage, findPublishedVersion } from '../repositories/publishing.ts';

/** A published page ready to send: its bytes, their ETag, and its compressed copies once asked for (pageEncodings.ts). */
export type CachedPage = { body: Buffer; etag: string; encoded: { br?: Buffer; gzip?: Buffer } };

type Entry = CachedPage & { version: string; checkedAt: number; generation: number };

export type SitePageCache = {
  get(subdomain: string, path: string): Promise<CachedPage | null>;
  /** Drops every page of a site in every process (publish, republish, unpublish), once committed. */
  forget(subdomain: string): Promise<void>;
  /** Drops everything everywhere (a website was deleted; its subdomain is no longer known). */
  forgetAll(): Promise<void>;
};

const MAX_ENTRIES = 2000;
// On PostgreSQL, writers outside the app (psql, a restore) announce nothing: a page is re-checked after this.
const SHARED_DB_BACKSTOP_MS = 60_000;

/**
 * Published pages from memory: serving one is a map lookup, not a query (see the `publish` bench).
 * An entry is trusted until something may have changed the site: every process is told of a publish,
 * unpublish or delete through the invalidation bus. On PGlite an entry is also dropped when the database's
 * write generation moves; on PostgreSQL it is trusted only while the bus hears the other processes (and for
 * at most a minute). Otherwise one small query compares the site's publication time with the entry's, and
 * the page is fetched again only when it differs (republished) or is gone (unpublished, deleted).
 */
export function createSitePageCache(db: Db, bus: InvalidationBus): SitePageCache {
  const generation = db.writeGeneration ?? (() => 0);
  const shared = db.writeGeneration === null;
  const entries = new Map<string, Entry>();
  // Moves on every invalidation: a page read before one arrived is not kept as fresh.
  let invalidations = 0;

  bus.subscribe('site-pages', (subdomain) => {
    invalidations += 1;
    if (subdomain === null) {
      entries.clear();
      return;
    }
    const prefix = `${subdomain}/`;
    for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
  });

  const isFresh = (entry: Entry) =>
    shared
      ? bus.crossProcess() && Date.now() - entry.checkedAt < SHARED_DB_BACKSTOP_MS
      : entry.generation === generation();

  async function load(key: string, subdomain: string, path: string): Promise<Entry | null> {
    const noted = generation();
    const notedInvalidations = invalidations;
    const row = await findPublishedPage(db, subdomain, path);
    if (!row) {
      entries.delete(key);
      return null;
    }
    const body = Buffer.from(row.html);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    // Told of a change while reading: serve what was read, but check again next time.
    const checkedAt = invalidations === notedInvalidations ? Date.now() : 0;
    const entry = { body, etag, encoded: {}, version: row.version, checkedAt, generation: noted };
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
      const notedInvalidations = invalidations;
      const version = await findPublishedVersion(db, subdomain);
      if (version !== hit.version) return load(key, subdomain, path);
      hit.generation = noted;
      hit.checkedAt = invalidations === notedInvalidations ? Date.now() : 0;
      return hit;
    },
    forgetAll: () => bus.publish('site-pages', null),
    forget: (subdomain) => bus.publish('site-pages', subdomain),
  };
}
