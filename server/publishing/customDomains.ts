import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { DomainView } from '../../src/contracts/publish.ts';
import type { Db, Queryable } from '../db/types.ts';
import { HttpError, isUniqueViolation } from '../errors.ts';
import { logActivity } from '../repositories/activityLogs.ts';
import {
  clearOtherClaims,
  type DomainClaim,
  findDomainClaim,
  isVerifiedElsewhere,
  recordDomainCheck,
  upsertDomainClaim,
} from '../repositories/customDomains.ts';
import { lookUpTxt, type TxtResolver } from './txtResolver.ts';

/** The label under the domain that holds the verification token. */
export const VERIFY_LABEL = '_bizsite-verify';
export const recordName = (domain: string) => `${VERIFY_LABEL}.${domain}`;

/** A host name with at least two labels, such as www.example.com (the last one starts with a letter). */
const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

export const DOMAIN_MESSAGES = {
  badDomain: 'Custom domain must be a host name such as www.example.com',
  ipLiteral: 'Custom domain must be a host name such as www.example.com, not an IP address.',
  ownHost:
    'This address belongs to the platform itself and cannot be a custom domain. Enter a domain you own, such as www.example.com.',
  taken:
    'This custom domain is already verified by another site. Use a domain you own, or remove it from the other site first.',
  noClaim: 'This website has no custom domain to verify. Add a custom domain first.',
  addRecord: (domain: string) =>
    `Add the TXT record ${recordName(domain)} shown here at your DNS provider, then press Verify.`,
  missing: (domain: string) =>
    `No TXT record ${recordName(domain)} with the expected value was found yet. DNS changes can take a while; try again later.`,
  failed: (domain: string) =>
    `The DNS lookup of ${recordName(domain)} did not answer. Try Verify again in a few minutes.`,
  verified: (domain: string) => `Verified: ${domain} serves this website whenever it is published.`,
  lost: (domain: string) =>
    `The TXT record ${recordName(domain)} is gone, so ${domain} no longer serves this website. Add the record again, then press Verify.`,
} as const;

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** The hosts the platform answers on itself: none of them may become someone's custom domain. */
export type OwnHosts = { appUrl: string | null; publicSiteDomain: string | null; requestHost: string };

/** Lowercase, without surrounding space or a trailing dot (the DNS root). */
export function normalizeDomain(raw: string): string {
  return raw.trim().toLowerCase().replace(/\.$/, '');
}

/** Throws the 400 unless `domain` is a host name that is not the platform's own. */
export function assertClaimable(domain: string, own: OwnHosts): void {
  const bare = domain.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) !== 0) throw new HttpError(400, DOMAIN_MESSAGES.ipLiteral);
  const platform = [hostOf(own.appUrl), own.requestHost.toLowerCase().replace(/:\d+$/, '')];
  const site = own.publicSiteDomain;
  if (
    domain === 'localhost' ||
    domain.endsWith('.localhost') ||
    platform.includes(domain) ||
    (site !== null && (domain === site || domain.endsWith(`.${site}`)))
  )
    throw new HttpError(400, DOMAIN_MESSAGES.ownHost);
  if (!HOST_PATTERN.test(domain)) throw new HttpError(400, DOMAIN_MESSAGES.badDomain);
}

export function domainView(claim: DomainClaim | null): DomainView {
  if (!claim) return { domain: null, status: 'none', record: null, checkedAt: null, message: null };
  return {
    domain: claim.domain,
    status: claim.status,
    record: { type: 'TXT', name: recordName(claim.domain), value: claim.token },
    checkedAt: claim.checkedAt,
    message: claim.message,
  };
}

/** Claims `domain` for the website as pending (409 when another website holds it verified). */
export async function claimDomain(
  db: Queryable,
  accountId: number,
  websiteId: number,
  domain: string,
): Promise<void> {
  if (await isVerifiedElsewhere(db, domain, websiteId)) throw new HttpError(409, DOMAIN_MESSAGES.taken);
  await upsertDomainClaim(db, {
    accountId,
    websiteId,
    domain,
    // 128 random bits: nobody can guess it, so only who controls the zone can publish it.
    token: randomBytes(16).toString('hex'),
    message: DOMAIN_MESSAGES.addRecord(domain),
  });
}

/**
 * Looks the claim's TXT record up and records the outcome. Found: verified (409 when another website verified
 * it first), and every other pending claim of the domain is cleared. Missing: pending. A lookup that did not
 * answer changes no status (a DNS outage must not take a verified domain down).
 */
export async function verifyClaim(
  db: Db,
  resolveTxt: TxtResolver,
  claim: DomainClaim,
  actor: { userId: number | null; userEmail: string | null; ip: string | null },
): Promise<void> {
  const lookup = await lookUpTxt(resolveTxt, recordName(claim.domain), claim.token);
  if (lookup === 'failed') {
    await recordDomainCheck(db, claim.websiteId, {
      status: claim.status,
      message: DOMAIN_MESSAGES.failed(claim.domain),
    });
    return;
  }
  if (lookup === 'missing') {
    await recordDomainCheck(db, claim.websiteId, {
      status: 'pending',
      message:
        claim.status === 'verified'
          ? DOMAIN_MESSAGES.lost(claim.domain)
          : DOMAIN_MESSAGES.missing(claim.domain),
    });
    if (claim.status === 'verified') await logDomainLost(db, claim, actor);
    return;
  }
  try {
    await db.transaction(async (tx) => {
      await recordDomainCheck(tx, claim.websiteId, {
        status: 'verified',
        message: DOMAIN_MESSAGES.verified(claim.domain),
      });
      await clearOtherClaims(tx, claim.domain, claim.websiteId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, DOMAIN_MESSAGES.taken);
    throw error;
  }
  if (claim.status !== 'verified')
    await logActivity(db, {
      type: 'domain.verified',
      ...actor,
      accountId: claim.accountId,
      details: { websiteId: claim.websiteId, domain: claim.domain },
    });
}

/** A verified domain whose record is gone: the activity log keeps who lost what, and when. */
export async function logDomainLost(
  db: Queryable,
  claim: DomainClaim,
  actor: { userId: number | null; userEmail: string | null; ip: string | null },
): Promise<void> {
  await logActivity(db, {
    type: 'domain.unverified',
    ...actor,
    accountId: claim.accountId,
    details: { websiteId: claim.websiteId, domain: claim.domain, record: recordName(claim.domain) },
  });
}

/** The claim as it is now, for the answer of a route. */
export async function currentDomainView(db: Queryable, accountId: number, websiteId: number) {
  return domainView(await findDomainClaim(db, accountId, websiteId));
}
