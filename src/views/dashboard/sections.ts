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
  | 'seo'
  | 'social'
  | 'integrations'
  | 'ai'
  | 'teams'
  | 'accounts'
  | 'permissions'
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
  adminOnly?: boolean;
};

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
        ],
      },
    ],
  },
  { key: 'admin', label: 'Admin', icon: AdminPanelSettingsIcon, target: 'admin', adminOnly: true },
];

const titles: Partial<Record<SectionId, string>> = {
  crmDashboard: 'CRM Dashboard',
  crmIntegrations: 'CRM Integrations',
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
  return section.target === id || (section.groups ?? []).some((g) => g.items.some((item) => item.id === id));
}
