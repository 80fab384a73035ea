import { rowMapper } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';

export type DomainStatus = 'pending' | 'verified';

/** A website's claim of a custom domain. */
export type DomainClaim = {
  websiteId: number;
  accountId: number;
  domain: string;
  token: string;
  status: DomainStatus;
  checkedAt: string | null;
  message: string | null;
};

const COLUMNS = `website_id as "websiteId", account_id as "accountId", domain, token, status,
  checked_at as "checkedAt", message`;

const iso = rowMapper<DomainClaim>({ dates: ['checkedAt'] });

export async function findDomainClaim(
  db: Queryable,
  accountId: number,
  websiteId: number,
): Promise<DomainClaim | null> {
  const row = await db.one<DomainClaim>(
    `select ${COLUMNS} from custom_domains where account_id = $1 and website_id = $2`,
    [accountId, websiteId],
  );
  return row ? iso(row) : null;
}

/** Whether another website holds `domain` verified (then nobody else may claim it). */
export async function isVerifiedElsewhere(
  db: Queryable,
  domain: string,
  websiteId: number,
): Promise<boolean> {
  const row = await db.one(
    `select 1 from custom_domains where domain = $1 and status = 'verified' and website_id <> $2`,
    [domain, websiteId],
  );
  return row !== null;
}

/**
 * Claims `domain` for the website as pending with a new token, replacing its claim of another domain.
 * Claiming the domain it already claims keeps that claim (its token, and its status when verified).
 */
export async function upsertDomainClaim(
  db: Queryable,
  claim: { accountId: number; websiteId: number; domain: string; token: string; message: string },
): Promise<void> {
  await db.query(
    `insert into custom_domains (website_id, account_id, domain, token, status, message)
     values ($1, $2, $3, $4, 'pending', $5)
     on conflict (website_id) do update set domain = excluded.domain, token = excluded.token,
       status = 'pending', checked_at = null, message = excluded.message, created_at = now()
     where custom_domains.domain <> excluded.domain`,
    [claim.websiteId, claim.accountId, claim.domain, claim.token, claim.message],
  );
}

/** Records a lookup's outcome. Verifying fails with a unique violation when another website verified first. */
export async function recordDomainCheck(
  db: Queryable,
  websiteId: number,
  outcome: { status: DomainStatus; message: string },
): Promise<void> {
  await db.query(
    `update custom_domains set status = $2, message = $3, checked_at = now() where website_id = $1`,
    [websiteId, outcome.status, outcome.message],
  );
}

/** The first to verify owns the domain: every other website's pending claim of it is cleared. */
export async function clearOtherClaims(db: Queryable, domain: string, websiteId: number): Promise<void> {
  await db.query(`delete from custom_domains where domain = $1 and website_id <> $2 and status = 'pending'`, [
    domain,
    websiteId,
  ]);
}

export async function deleteDomainClaim(
  db: Queryable,
  accountId: number,
  websiteId: number,
): Promise<boolean> {
  const row = await db.one(
    `delete from custom_domains where account_id = $1 and website_id = $2 returning website_id`,
    [accountId, websiteId],
  );
  return row !== null;
}

/** Every verified claim, for the daily re-check (across accounts: it is the platform's job). */
export async function listVerifiedClaims(db: Queryable): Promise<DomainClaim[]> {
  const rows = await db.query<DomainClaim>(
    `select ${COLUMNS} from custom_domains where status = 'verified' order by website_id`,
  );
  return rows.map(iso);
}

/**
 * Host routing: each claimed domain → the subdomain it serves, or null when it serves nothing (pending, or
 * its site is not published), so such a host answers the plain not-found page rather than the app.
 */
export async function listDomainRoutes(db: Queryable): Promise<Map<string, string | null>> {
  const rows = await db.query<{ domain: string; subdomain: string | null }>(
    `select c.domain, case when c.status = 'verified' and w.is_published then w.subdomain end as subdomain
     from custom_domains c join websites w on w.id = c.website_id
     order by (c.status = 'verified') desc`,
  );
  const routes = new Map<string, string | null>();
  for (const row of rows) if (!routes.has(row.domain)) routes.set(row.domain, row.subdomain);
  return routes;
}
