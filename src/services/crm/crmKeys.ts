import type { InboxKind } from '../../contracts/crm.ts';
import type { ListQuery } from '../../contracts/crmApi.ts';
import type { ContactQuery, InboxQuery } from './crmApi.ts';

// Apart from crmQueries.ts so the live-event keys do not bring the CRM's API and queries to the first screen.

/** Keys of the CRM's server data: invalidating `crmKeys.all` refreshes every CRM view. */
export const crmKeys = {
  all: ['crm'] as const,
  stats: ['crm', 'stats'] as const,
  pipelines: ['crm', 'pipelines'] as const,
  contactLists: ['crm', 'contact-lists'] as const,
  campaigns: ['crm', 'campaigns'] as const,
  communications: ['crm', 'communications'] as const,
  workflowRuns: ['crm', 'workflow-runs'] as const,
  contacts: (query: ContactQuery) => ['crm', 'contacts', query] as const,
  allContacts: ['crm', 'contacts', 'all'] as const,
  contact: (id: number) => ['crm', 'contacts', 'one', id] as const,
  audienceSample: (contactListId: number | null) => ['crm', 'contacts', 'sample', contactListId] as const,
  duplicates: ['crm', 'contacts', 'duplicates'] as const,
  leads: (query: ListQuery) => ['crm', 'leads', query] as const,
  /** Every lead (the dashboard, reports and insights work from the whole list). */
  leadList: ['crm', 'leads', 'all'] as const,
  deals: ['crm', 'deals'] as const,
  activities: (query: ListQuery) => ['crm', 'activities', query] as const,
  /** Every activity (reports and insights). */
  activityList: ['crm', 'activities', 'all'] as const,
  workflows: ['crm', 'workflows'] as const,
  inbox: ['crm', 'inbox'] as const,
  inboxPage: (query: InboxQuery) => ['crm', 'inbox', query] as const,
  inboxItem: (kind: InboxKind, id: number) => ['crm', 'inbox', 'item', kind, id] as const,
};
