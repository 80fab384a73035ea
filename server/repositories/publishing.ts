import type { PublishedForm, PublishedPage } from '../../src/canvas/published/publishTypes.ts';
import { isoDate } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';

export type Publication = {
  websiteId: number;
  subdomain: string;
  /** The site's address on the platform (its verified custom domain, when any, is read from its claim). */
  domain: string;
  /** The whole site kept out of search engines (Site settings): robots.txt disallows everything. */
  noindex: boolean;
  /** The home page's own path ('' for none): visitors there are redirected to the site's root. */
  homePath: string;
  pages: PublishedPage[];
  forms: PublishedForm[];
};

/** Marks a site published and replaces its stored pages and forms, all in the caller's transaction. */
export async function storePublication(
  tx: Queryable,
  accountId: number,
  publication: Publication,
): Promise<{ publishedAt: string } | null> {
  const row = await tx.one<{ publishedAt: Date | string }>(
    `update websites set is_published = true, subdomain = $3, domain = $4,
       published_at = now(), is_active = true, published_noindex = $5, published_home_path = $6
     where account_id = $1 and id = $2 returning published_at as "publishedAt"`,
    [
      accountId,
      publication.websiteId,
      publication.subdomain,
      publication.domain,
      publication.noindex,
      publication.homePath || null,
    ],
  );
  if (!row) return null;
  await tx.query(`delete from published_pages where website_id = $1 and account_id = $2`, [
    publication.websiteId,
    accountId,
  ]);
  await tx.query(`delete from published_forms where website_id = $1 and account_id = $2`, [
    publication.websiteId,
    accountId,
  ]);
  for (const page of publication.pages) {
    await tx.query(
      `insert into published_pages (website_id, account_id, path, html, noindex) values ($1, $2, $3, $4, $5)`,
      [publication.websiteId, accountId, page.path, page.html, page.noindex],
    );
  }
  for (const form of publication.forms) {
    await tx.query(
      `insert into published_forms (website_id, account_id, form_id, form_title, page_path, fields)
       values ($1, $2, $3, $4, $5, $6::jsonb) on conflict do nothing`,
      [
        publication.websiteId,
        accountId,
        form.formId,
        form.formTitle,
        form.pagePath,
        JSON.stringify(form.fields),
      ],
    );
  }
  return { publishedAt: isoDate(row.publishedAt) };
}

/** Takes a site offline: its pages and forms go, its subdomain is freed (its custom domain claim stays). */
export async function removePublication(
  tx: Queryable,
  accountId: number,
  websiteId: number,
): Promise<boolean> {
  const row = await tx.one<{ id: number }>(
    `update websites set is_published = false, subdomain = null, domain = null,
       published_at = null, published_noindex = false, published_home_path = null
     where account_id = $1 and id = $2 returning id`,
    [accountId, websiteId],
  );
  if (!row) return false;
  await tx.query(`delete from published_pages where website_id = $1 and account_id = $2`, [
    websiteId,
    accountId,
  ]);
  await tx.query(`delete from published_forms where website_id = $1 and account_id = $2`, [
    websiteId,
    accountId,
  ]);
  return true;
}

/** The stored document of a published page, by subdomain and served path, with its publication version. */
export async function findPublishedPage(
  db: Queryable,
  subdomain: string,
  path: string,
): Promise<{ html: string; version: string } | null> {
  return db.one<{ html: string; version: string }>(
    `select p.html, w.published_at::text as version from published_pages p join websites w on w.id = p.website_id
     where w.subdomain = $1 and w.is_published and p.path = $2`,
    [subdomain, path],
  );
}

/** When the site on `subdomain` was last published, or null when none is. */
export async function findPublishedVersion(db: Queryable, subdomain: string): Promise<string | null> {
  const row = await db.one<{ version: string }>(
    `select published_at::text as version from websites where subdomain = $1 and is_published`,
    [subdomain],
  );
  return row?.version ?? null;
}

/**
 * The own path of a published site's home page (null when it has none), or null when the site is not published.
 */
export async function findPublishedHome(
  db: Queryable,
  subdomain: string,
): Promise<{ homePath: string | null } | null> {
  return db.one<{ homePath: string | null }>(
    `select published_home_path as "homePath" from websites where subdomain = $1 and is_published`,
    [subdomain],
  );
}

/**
 * The indexed served paths of a published site (for its sitemap) and whether it was published hidden from
 * search engines as a whole (its robots.txt), or null when it is not published.
 */
export async function listPublishedPaths(
  db: Queryable,
  subdomain: string,
): Promise<{ paths: string[]; noindex: boolean } | null> {
  const rows = await db.query<{ path: string | null; noindex: boolean }>(
    `select p.path, w.published_noindex as noindex
     from websites w left join published_pages p on p.website_id = w.id and not p.noindex
     where w.subdomain = $1 and w.is_published order by p.path`,
    [subdomain],
  );
  if (rows.length === 0) return null;
  return {
    paths: rows.flatMap((row) => (row.path === null ? [] : [row.path])),
    noindex: rows[0]?.noindex === true,
  };
}

export type PublicForm = {
  accountId: number;
  websiteId: number;
  websiteName: string;
  formId: string;
  formTitle: string;
  pagePath: string;
  fields: string[];
};

/** A form of a published site, with what a submission records about its site and owner. */
export async function findPublicForm(
  db: Queryable,
  subdomain: string,
  formId: string,
): Promise<PublicForm | null> {
  return db.one<PublicForm>(
    `select w.account_id as "accountId", w.id as "websiteId", w.name as "websiteName", f.form_id as "formId",
       f.form_title as "formTitle", f.page_path as "pagePath", f.fields
     from published_forms f join websites w on w.id = f.website_id and w.account_id = f.account_id
     where w.subdomain = $1 and w.is_published and f.form_id = $2`,
    [subdomain, formId],
  );
}
