import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/types.ts';
import { DOMAIN_MESSAGES, logDomainLost, recordName } from '../publishing/customDomains.ts';
import { lookUpTxt, type TxtResolver } from '../publishing/txtResolver.ts';
import { listVerifiedClaims, recordDomainCheck } from '../repositories/customDomains.ts';
import { createQueue, type WorkerPolling } from './queues.ts';

export const DOMAIN_QUEUES = { domainRecheck: 'domain-recheck' } as const;

/** Daily, at a quiet hour. */
const SCHEDULE = '41 3 * * *';

export type RecheckResult = { checked: number; lost: number };

/**
 * The daily re-check of verified custom domains: a domain whose TXT record is gone returns to pending (so it
 * stops being served) with an activity-log entry. A lookup that does not answer leaves the domain as it is.
 */
export async function recheckVerifiedDomains(db: Db, resolveTxt: TxtResolver): Promise<RecheckResult> {
  const claims = await listVerifiedClaims(db);
  let lost = 0;
  for (const claim of claims) {
    const lookup = await lookUpTxt(resolveTxt, recordName(claim.domain), claim.token);
    if (lookup === 'failed') continue;
    if (lookup === 'found') {
      await recordDomainCheck(db, claim.websiteId, {
        status: 'verified',
        message: DOMAIN_MESSAGES.verified(claim.domain),
      });
      continue;
    }
    lost += 1;
    await db.transaction(async (tx) => {
      await recordDomainCheck(tx, claim.websiteId, {
        status: 'pending',
        message: DOMAIN_MESSAGES.lost(claim.domain),
      });
      await logDomainLost(tx, claim, { userId: null, userEmail: null, ip: null });
    });
  }
  return { checked: claims.length, lost };
}

export async function registerDomainWorkers(
  boss: PgBoss,
  options: {
    db: Db;
    resolveTxt: TxtResolver;
    polling: WorkerPolling;
    schedule: boolean;
    /** Told when a domain stopped being served (this process's host routing reloads at once). */
    onChanged: () => void;
  },
): Promise<void> {
  const { db, resolveTxt, polling } = options;
  await createQueue(boss, DOMAIN_QUEUES.domainRecheck, { retryLimit: 2, retryDelay: 300 });
  await boss.work(DOMAIN_QUEUES.domainRecheck, polling, async () => {
    const result = await recheckVerifiedDomains(db, resolveTxt);
    if (result.lost > 0) options.onChanged();
    return result;
  });
  if (options.schedule) await boss.schedule(DOMAIN_QUEUES.domainRecheck, SCHEDULE);
}
