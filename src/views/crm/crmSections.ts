import type { SectionId } from '../dashboard/sections.ts';

/** The CRM's section keys (spec §2). */
export const CRM_SECTION_KEYS = [
  'dashboard',
  'contacts',
  'leads',
  'deals',
  'campaigns',
  'activities',
  'workflow',
  'pipelines',
  'communications',
  'inbox',
  'analytics',
  'reports',
  'teams',
  'permissions',
  'custom-reports',
  'ai',
  'tracking',
  'data-cleaning',
  'integrations',
] as const;
export type CrmSectionKey = (typeof CRM_SECTION_KEYS)[number];

/** A section key as given (with the spec's alias customreports); anything unknown → dashboard. */
export function resolveCrmSection(key: string | null | undefined): CrmSectionKey {
  if (key === 'customreports') return 'custom-reports';
  return (CRM_SECTION_KEYS as readonly string[]).includes(key ?? '') ? (key as CrmSectionKey) : 'dashboard';
}

/** The CRM key of a sidebar section. */
export const CRM_KEY_OF_SECTION: Partial<Record<SectionId, string>> = {
  crmDashboard: 'dashboard',
  contacts: 'contacts',
  leads: 'leads',
  deals: 'deals',
  pipelines: 'pipelines',
  activities: 'activities',
  campaigns: 'campaigns',
  communications: 'communications',
  inbox: 'inbox',
  reports: 'reports',
  customReports: 'custom-reports',
  analytics: 'analytics',
  leadTracking: 'tracking',
  aiInsights: 'ai',
};
