import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ExtensionIcon from '@mui/icons-material/Extension';
import PeopleIcon from '@mui/icons-material/People';
import SearchIcon from '@mui/icons-material/Search';
import SettingsIcon from '@mui/icons-material/Settings';
import ShareIcon from '@mui/icons-material/Share';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WebIcon from '@mui/icons-material/Web';
import type { ComponentType } from 'react';
import { type AppRoute, appRoute, buildPath, type CrmSectionKey } from '../../contracts/appRoutes.ts';

/** Every screen the dashboard's main area can show. */
export type SectionId =
  | 'websites'
  | 'formSubmissions'
  | 'templates'
  | 'store'
  | 'crmDashboard'
  | 'contacts'
  | 'leads'
  | 'deals'
  | 'pipelines'
  | 'activities'
  | 'campaigns'
  | 'communications'
  | 'inbox'
  | 'reports'
  | 'customReports'
  | 'analytics'
  | 'leadTracking'
  | 'aiInsights'
  | 'crmIntegrations'
  | 'crmWorkflows'
  | 'crmDataCleaning'
  | 'crmTeams'
  | 'crmPermissions'
  | 'seo'
  | 'social'
  | 'integrations'
  | 'ai'
  | 'teams'
  | 'accounts'
  | 'permissions'
  | 'businessDetails'
  | 'admin'
  | 'userSettings'
  | 'passwordChange';

export type NavItem = { id: SectionId; label: string };
export type NavGroup = { label?: string; items: NavItem[] };

/** A sidebar entry: either opens one section (`target`) or holds groups of sub-sections. */
export type NavSection = {
  key: string;
  label: string;
  icon: ComponentType;
  target?: SectionId;
  groups?: NavGroup[];
  /** Sections the entry holds without listing them (reached from within its sections). */
  holds?: SectionId[];
  adminOnly?: boolean;
};

/** Spec §2's CRM keys the sidebar does not list: the CRM's own chips open them (and close them to its dashboard). */
export const CRM_CHIP_SECTIONS: SectionId[] = [
  'crmWorkflows',
  'crmDataCleaning',
  'crmTeams',
  'crmPermissions',
];

/** The sidebar of spec §2, in order. */
export const NAV_SECTIONS: NavSection[] = [
  {
    key: 'websiteBuilder',
    label: 'Website Builder',
    icon: WebIcon,
    groups: [
      {
        items: [
          { id: 'websites', label: 'All Websites' },
          { id: 'formSubmissions', label: 'Form Submissions' },
          { id: 'templates', label: 'Templates' },
        ],
      },
    ],
  },
  { key: 'store', label: 'Online Store', icon: StorefrontIcon, target: 'store' },
  {
    key: 'crm',
    label: 'CRM',
    icon: PeopleIcon,
    groups: [
      { items: [{ id: 'crmDashboard', label: 'Dashboard' }] },
      {
        label: 'Core CRM',
        items: [
          { id: 'contacts', label: 'Contacts' },
          { id: 'leads', label: 'Leads' },
          { id: 'deals', label: 'Deals' },
          { id: 'pipelines', label: 'Pipelines' },
          { id: 'activities', label: 'Activities' },
        ],
      },
      {
        label: 'Marketing',
        items: [
          { id: 'campaigns', label: 'Campaigns' },
          { id: 'communications', label: 'Communications' },
          { id: 'inbox', label: 'Unified Inbox' },
        ],
      },
      {
        label: 'Analytics',
        items: [
          { id: 'reports', label: 'Reports' },
          { id: 'customReports', label: 'Custom Reports' },
          { id: 'analytics', label: 'Analytics' },
          { id: 'leadTracking', label: 'Lead Tracking' },
          { id: 'aiInsights', label: 'AI Insights' },
        ],
      },
      { items: [{ id: 'crmIntegrations', label: 'Integrations' }] },
    ],
    holds: CRM_CHIP_SECTIONS,
  },
  { key: 'seo', label: 'SEO Tools', icon: SearchIcon, target: 'seo' },
  { key: 'social', label: 'Social Media', icon: ShareIcon, target: 'social' },
  { key: 'integrations', label: 'Integrations', icon: ExtensionIcon, target: 'integrations' },
  { key: 'ai', label: 'AI Assistant', icon: SmartToyIcon, target: 'ai' },
  {
    key: 'settings',
    label: 'Settings',
    icon: SettingsIcon,
    groups: [
      {
        items: [
          { id: 'teams', label: 'Teams' },
          { id: 'accounts', label: 'Accounts' },
          { id: 'permissions', label: 'Permissions' },
          { id: 'businessDetails', label: 'Business details' },
        ],
      },
    ],
  },
  { key: 'admin', label: 'Admin', icon: AdminPanelSettingsIcon, target: 'admin', adminOnly: true },
];

const titles: Partial<Record<SectionId, string>> = {
  crmDashboard: 'CRM Dashboard',
  crmIntegrations: 'CRM Integrations',
  crmWorkflows: 'Workflows',
  crmDataCleaning: 'Data Cleaning',
  crmTeams: 'CRM Teams',
  crmPermissions: 'CRM Permissions',
  userSettings: 'User Settings',
  passwordChange: 'Password Change',
};

/** The heading of a section: its sidebar label, made unambiguous where two labels repeat. */
export function sectionTitle(id: SectionId): string {
  const fixed = titles[id];
  if (fixed) return fixed;
  for (const section of NAV_SECTIONS) {
    if (section.target === id) return section.label;
    for (const group of section.groups ?? []) {
      const item = group.items.find((candidate) => candidate.id === id);
      if (item) return item.label;
    }
  }
  return id;
}

/** Whether a sidebar entry holds the given section. */
export function sectionContains(section: NavSection, id: SectionId): boolean {
  return (
    section.target === id ||
    (section.holds ?? []).includes(id) ||
    (section.groups ?? []).some((g) => g.items.some((item) => item.id === id))
  );
}

const crm = (section: CrmSectionKey) => appRoute('crm', { section });

/** The place (URL) of each section: the route table's entry it opens. */
export const SECTION_ROUTES: Record<SectionId, AppRoute> = {
  websites: appRoute('websites'),
  formSubmissions: appRoute('forms'),
  templates: appRoute('templates'),
  store: appRoute('store'),
  crmDashboard: appRoute('crm'),
  contacts: crm('contacts'),
  leads: crm('leads'),
  deals: crm('deals'),
  pipelines: crm('pipelines'),
  activities: crm('activities'),
  campaigns: crm('campaigns'),
  communications: crm('communications'),
  inbox: crm('inbox'),
  reports: crm('reports'),
  customReports: crm('custom-reports'),
  analytics: crm('analytics'),
  leadTracking: crm('tracking'),
  aiInsights: crm('ai'),
  crmIntegrations: crm('integrations'),
  crmWorkflows: crm('workflow'),
  crmDataCleaning: crm('data-cleaning'),
  crmTeams: crm('teams'),
  crmPermissions: crm('permissions'),
  seo: appRoute('seo'),
  social: appRoute('social'),
  integrations: appRoute('integrations'),
  ai: appRoute('assistant'),
  teams: appRoute('settings', { tab: 'team' }),
  accounts: appRoute('settings', { tab: 'accounts' }),
  permissions: appRoute('settings', { tab: 'permissions' }),
  admin: appRoute('admin'),
  userSettings: appRoute('settings', { tab: 'profile' }),
  passwordChange: appRoute('settings', { tab: 'password' }),
  businessDetails: appRoute('settings', { tab: 'business' }),
};

const SECTION_IDS = Object.keys(SECTION_ROUTES) as SectionId[];

/**
 * The section a place belongs to: the one whose URL (query aside) it is, else the first of its route (a store tab → the
 * store, an admin tab → Admin, a CRM key of no section of its own → the CRM dashboard), an opened
 * contact → Contacts, and the websites list for places outside the dashboard.
 */
export function sectionOfRoute(route: AppRoute): SectionId {
  if (route.name === 'crmContact') return 'contacts';
  // The path without its query: a chosen record (/settings/accounts?account=…) stays in its section.
  const path = buildPath(route).split('?')[0];
  return (
    SECTION_IDS.find((id) => buildPath(SECTION_ROUTES[id]) === path) ??
    SECTION_IDS.find((id) => SECTION_ROUTES[id].name === route.name) ??
    'websites'
  );
}

/** Account Settings' tabs are two settings pages: Profile (/settings/profile) and Users (/settings/team). */
export const settingsTabRoute = (tab: 'profile' | 'users'): AppRoute =>
  SECTION_ROUTES[tab === 'profile' ? 'userSettings' : 'teams'];
