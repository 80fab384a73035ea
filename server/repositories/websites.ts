import { type SiteSeo, siteSeoOf } from '../../src/canvas/siteSeo.ts';
import type { Website as WebsiteAnswer, WebsiteListItem } from '../../src/contracts/website.ts';
import { base64Of, bytesOf } from '../db/bytea.ts';
import { rowMapper } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';

/** A website as stored: the API's website and its site SEO settings (raw JSON: see siteSeoOf). */
export type Website = WebsiteAnswer & { seo: unknown };

export type WebsiteInput = Pick<Website, 'name' | 'htmlContent' | 'pages'> & { yjsState?: string };

// A verified custom domain is where a published site answers; a pending one is not (yet) its address.
const VERIFIED_DOMAIN = `(select c.domain from custom_domains c where c.website_id = websites.id and c.status = 'verified')`;
const SUMMARY = `id, name, created_at as "createdAt", updated_at as "updatedAt", is_published as "isPublished",
  case when is_published then coalesce(${VERIFIED_DOMAIN}, domain) else domain end as domain, subdomain,
  published_at as "publishedAt", is_active as "isActive", ${VERIFIED_DOMAIN} as "customDomain"`;
const FULL = `${SUMMARY}, html_content as "htmlContent", pages, yjs_state as "yjsState", seo`;

// Both drivers return timestamps as Date objects; the API speaks ISO strings.
function dates<T extends { createdAt: unknown; updatedAt: unknown; publishedAt: unknown }>(row: T): T {
  return rowMapper<T>({ dates: ['createdAt', 'updatedAt', 'publishedAt'] })(row);
}

export async function listWebsites(db: Queryable, accountId: number): Promise<WebsiteListItem[]> {
  const rows = await db.query<WebsiteListItem>(
    `select ${SUMMARY}, (select count(*) from form_submissions s
       where s.account_id = websites.account_id and s.website_id = websites.id)::integer as "submissionCount"
     from websites where account_id = $1 order by created_at desc, id desc`,
    [accountId],
  );
  return rows.map(dates);
}

export async function findWebsite(db: Queryable, accountId: number, id: number): Promise<Website | null> {
  const row = await db.one<Website>(`select ${FULL} from websites where account_id = $1 and id = $2`, [
    accountId,
    id,
  ]);
  return row ? dates(row) : null;
}

export async function createWebsite(db: Queryable, accountId: number, input: WebsiteInput): Promise<Website> {
  const row = await db.one<Website>(
    `insert into websites (account_id, name, html_content, pages, yjs_state)
     values ($1, $2, $3, $4::jsonb, $5) returning ${FULL}`,
    [accountId, input.name, input.htmlContent, JSON.stringify(input.pages), input.yjsState ?? ''],
  );
  if (!row) throw new Error('website insert returned no row');
  return dates(row);
}

/** Replaces the content of an account's website; null when it has none with that id. */
export async function updateWebsite(
  db: Queryable,
  accountId: number,
  id: number,
  input: WebsiteInput,
): Promise<Website | null> {
  const row = await db.one<Website>(
    `update websites set name = $3, html_content = $4, pages = $5::jsonb,
       yjs_state = coalesce($6, yjs_state), updated_at = now()
     where account_id = $1 and id = $2 returning ${FULL}`,
    [accountId, id, input.name, input.htmlContent, JSON.stringify(input.pages), input.yjsState ?? null],
  );
  return row ? dates(row) : null;
}

export async function deleteWebsite(db: Queryable, accountId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `delete from websites where account_id = $1 and id = $2 returning id`,
    [accountId, id],
  );
  return rows.length > 0;
}

/** Stores an uploaded image: its row and its bytes. */
export async function recordUpload(
  db: Queryable,
  upload: { key: string; accountId: number; contentType: string; bytes: Uint8Array },
): Promise<void> {
  await db.query(
    `insert into uploads (key, account_id, content_type, size, bytes)
     values ($1, $2, $3, $4, decode($5, 'base64'))`,
    [upload.key, upload.accountId, upload.contentType, upload.bytes.length, base64Of(upload.bytes)],
  );
}

/** An uploaded image with its bytes, or null when there is none (or its bytes were never stored). */
export async function findUpload(
  db: Queryable,
  key: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const row = await db.one<{ contentType: string; bytes: string }>(
    `select content_type as "contentType", encode(bytes, 'base64') as bytes
     from uploads where key = $1 and bytes is not null`,
    [key],
  );
  return row ? { contentType: row.contentType, bytes: bytesOf(row.bytes) } : null;
}

/** An uploaded image's type, without its bytes (for a revalidation); null when there is none. */
export async function findUploadType(db: Queryable, key: string): Promise<{ contentType: string } | null> {
  return db.one<{ contentType: string }>(
    `select content_type as "contentType" from uploads where key = $1 and bytes is not null`,
    [key],
  );
}

/** The uploads recorded before their bytes moved into the database (migration 0030), a batch at a time. */
export async function uploadsWithoutBytes(db: Queryable, afterKey: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ key: string }>(
    `select key from uploads where bytes is null and key > $1 order by key limit $2`,
    [afterKey, limit],
  );
  return rows.map((row) => row.key);
}

export async function storeUploadBytes(db: Queryable, key: string, bytes: Uint8Array): Promise<void> {
  await db.query(
    `update uploads set bytes = decode($2, 'base64'), size = $3 where key = $1 and bytes is null`,
    [key, base64Of(bytes), bytes.length],
  );
}

/** A website's SEO settings (SEO Tools › Site settings) and whether it is published; null when not the account's. */
export async function findSiteSeo(
  db: Queryable,
  accountId: number,
  id: number,
): Promise<{ seo: SiteSeo; isPublished: boolean } | null> {
  const row = await db.one<{ seo: unknown; isPublished: boolean }>(
    `select seo, is_published as "isPublished" from websites where account_id = $1 and id = $2`,
    [accountId, id],
  );
  return row ? { seo: siteSeoOf(row.seo), isPublished: row.isPublished } : null;
}

/** Replaces a website's SEO settings (not a content save: updated_at stays); null when not the account's. */
export async function updateSiteSeo(
  db: Queryable,
  accountId: number,
  id: number,
  seo: SiteSeo,
): Promise<{ seo: SiteSeo; isPublished: boolean } | null> {
  const row = await db.one<{ seo: unknown; isPublished: boolean }>(
    `update websites set seo = $3::jsonb where account_id = $1 and id = $2
     returning seo, is_published as "isPublished"`,
    [accountId, id, JSON.stringify(seo)],
  );
  return row ? { seo: siteSeoOf(row.seo), isPublished: row.isPublished } : null;
}
