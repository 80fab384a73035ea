import { CRM_SECTION_KEYS, type CrmSectionKey, ROUTES } from '../../contracts/appRoutes.ts';
import type { SectionId } from '../dashboard/sections.ts';

// The CRM's section keys (spec §2) are params of its places (/crm/:section), so they live in the route table.
export { CRM_SECTION_KEYS, type CrmSectionKey };

/** A section key as given (with the spec's alias customreports); anything unknown → dashboard (the route's rule). */
export function resolveCrmSection(key: string | null | undefined): CrmSectionKey {
  return ROUTES.crm.optional.section.parse(key ?? '') ?? 'dashboard';
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
  crmWorkflows: 'workflow',
  crmDataCleaning: 'data-cleaning',
  crmTeams: 'teams',
  crmPermissions: 'permissions',
};
