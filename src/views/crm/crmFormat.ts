import type { Contact, Deal, Lead } from '../../contracts/crm.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The words that name a contact: their name, else their email. */
export const contactLabel = (c: Pick<Contact, 'firstName' | 'lastName' | 'email'>) =>
  `${c.firstName} ${c.lastName}`.trim() || c.email;

/** An amount in the store's default currency (USD, spec §9). */
export const formatMoney = (value: number) => money.format(value);

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** An amount on a chart's axis, short enough for a tick: 2,500 → "2.5K". */
export const compactAmount = (value: number) => compact.format(value);

/** A chart point's amount in its tooltip (no point: nothing). */
export const chartMoney = (value: number | null) => (value === null ? '' : formatMoney(value));

/** The value of deals per stage, in the pipeline's order. */
export function valueByStage(
  deals: Deal[],
  stages: string[],
): { stage: string; value: number; count: number }[] {
  return stages.map((stage) => {
    const inStage = deals.filter((d) => d.stage === stage);
    return { stage, value: inStage.reduce((sum, d) => sum + d.value, 0), count: inStage.length };
  });
}

/** Leads per source ('' → 'unknown'), most first. */
export function leadsBySource(leads: Lead[]): { source: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const lead of leads)
    counts.set(lead.source || 'unknown', (counts.get(lead.source || 'unknown') ?? 0) + 1);
  return [...counts].map(([source, count]) => ({ source, count })).sort((a, b) => b.count - a.count);
}

/** Closed-won revenue per month (YYYY-MM of the deal's last update), oldest first. */
export function revenueByMonth(deals: Deal[]): { month: string; revenue: number }[] {
  const months = new Map<string, number>();
  for (const deal of deals) {
    if (deal.stage !== 'closed-won') continue;
    const month = deal.updatedAt.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + deal.value);
  }
  return [...months].sort(([a], [b]) => a.localeCompare(b)).map(([month, revenue]) => ({ month, revenue }));
}
