import type { CrmStats } from '../../../src/contracts/crm.ts';
import type { Queryable } from '../../db/types.ts';

/**
 * Spec §9: revenue sums the value of deals at stage closed-won; the conversion rate is the rounded
 * percent of leads whose status is converted (0 without leads).
 */
export async function crmStats(db: Queryable, accountId: number): Promise<CrmStats> {
  const row = await db.one<Omit<CrmStats, 'conversionRate'> & { convertedLeads: number }>(
    `select
       -- Kept by triggers (migration 0015) rather than counted: an account may have 100,000 contacts.
       coalesce((select contacts from crm_contact_counts where account_id = $1), 0) as "totalContacts",
       (select count(*)::int from crm_leads where account_id = $1) as "totalLeads",
       (select count(*)::int from crm_leads where account_id = $1 and status = 'converted') as "convertedLeads",
       (select count(*)::int from crm_deals where account_id = $1) as "totalDeals",
       (select coalesce(sum(value), 0)::float8 from crm_deals where account_id = $1 and stage = 'closed-won')
         as "totalRevenue"`,
    [accountId],
  );
  if (!row) throw new Error('stats query returned no row');
  const { convertedLeads, ...totals } = row;
  const conversionRate = totals.totalLeads > 0 ? Math.round((convertedLeads / totals.totalLeads) * 100) : 0;
  return { ...totals, conversionRate };
}
