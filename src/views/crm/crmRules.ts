import type { Activity, Deal, Lead } from '../../contracts/crm.ts';

/** A transparent rule of AI Insights: what it checks, and the records it flags. */
export type Insight = {
  rule: string;
  description: string;
  items: { id: number; label: string; detail: string }[];
};

const DAY = 24 * 60 * 60 * 1000;
export const STALE_DEAL_DAYS = 14;
export const HOT_LEAD_VALUE = 1000;

/** The three rules, evaluated on the CRM's current lists at `now`. */
export function insights(deals: Deal[], leads: Lead[], activities: Activity[], now = Date.now()): Insight[] {
  const open = (d: Deal) => d.stage !== 'closed-won' && d.stage !== 'closed-lost';
  return [
    {
      rule: 'Stale deals',
      description: `Rule: an open deal (not closed-won or closed-lost) unchanged for ${STALE_DEAL_DAYS} days or more.`,
      items: deals
        .filter((d) => open(d) && now - Date.parse(d.updatedAt) >= STALE_DEAL_DAYS * DAY)
        .map((d) => ({
          id: d.id,
          label: d.title,
          detail: `${d.stage}, last change ${Math.floor((now - Date.parse(d.updatedAt)) / DAY)} days ago`,
        })),
    },
    {
      rule: 'Hot leads',
      description: `Rule: a lead that is qualified, or worth ${HOT_LEAD_VALUE} or more, and neither converted nor lost.`,
      items: leads
        .filter((l) => l.status !== 'converted' && l.status !== 'lost')
        .filter((l) => l.status === 'qualified' || l.value >= HOT_LEAD_VALUE)
        .map((l) => ({ id: l.id, label: l.name, detail: `${l.status}, value ${l.value}` })),
    },
    {
      rule: 'Overdue activities',
      description: 'Rule: an activity not completed whose due date has passed.',
      items: activities
        .filter((a) => !a.completed && a.dueDate !== null && Date.parse(a.dueDate) < now)
        .map((a) => ({ id: a.id, label: a.subject, detail: `${a.type}, due ${a.dueDate?.slice(0, 10)}` })),
    },
  ];
}

/** Leads per status in funnel order. */
export function funnel(leads: Lead[]): { status: string; count: number }[] {
  return ['new', 'contacted', 'qualified', 'converted', 'lost'].map((status) => ({
    status,
    count: leads.filter((l) => l.status === status).length,
  }));
}
