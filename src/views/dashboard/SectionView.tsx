import CircularProgress from '@mui/material/CircularProgress';
import { type ComponentType, type LazyExoticComponent, Suspense } from 'react';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import { lazyWithQueries } from '../lazyWithQueries.tsx';
import { RequireAdmin, RequireAuth } from './RequireAuth.tsx';
import type { SectionProps } from './SectionPlaceholder.tsx';
import { type SectionId, sectionTitle } from './sections.ts';

type Guard = 'none' | 'auth' | 'admin';

// Each section is its own chunk, fetched the first time it is opened (spec §7), with the query cache's code.
const Websites = lazyWithQueries(
  async () => (await import('./sections/WebsitesSection.tsx')).WebsitesSection,
);
const FormSubmissions = lazyWithQueries(
  async () => (await import('./sections/FormSubmissionsSection.tsx')).FormSubmissionsSection,
);
const Templates = lazyWithQueries(
  async () => (await import('./sections/TemplatesSection.tsx')).TemplatesSection,
);
const Store = lazyWithQueries(async () => (await import('./sections/StoreSection.tsx')).StoreSection);
const Crm = lazyWithQueries(async () => (await import('./sections/CrmSection.tsx')).CrmSection);
const Integrations = lazyWithQueries(
  async () => (await import('./sections/IntegrationsSection.tsx')).IntegrationsSection,
);
const Seo = lazyWithQueries(async () => (await import('./sections/SeoSection.tsx')).SeoSection);
const ContentPlanner = lazyWithQueries(
  async () => (await import('./sections/ContentPlannerSection.tsx')).ContentPlannerSection,
);
const AiAssistant = lazyWithQueries(
  async () => (await import('./sections/AiAssistantSection.tsx')).AiAssistantSection,
);
const Teams = lazyWithQueries(async () => (await import('./sections/TeamsSection.tsx')).TeamsSection);
const Accounts = lazyWithQueries(
  async () => (await import('./sections/AccountsSection.tsx')).AccountsSection,
);
const Permissions = lazyWithQueries(
  async () => (await import('./sections/PermissionsSection.tsx')).PermissionsSection,
);
const BusinessDetails = lazyWithQueries(
  async () => (await import('./sections/BusinessDetailsSection.tsx')).BusinessDetailsSection,
);
const Admin = lazyWithQueries(async () => (await import('./sections/AdminSection.tsx')).AdminSection);
const UserSettings = lazyWithQueries(
  async () => (await import('./sections/UserSettingsSection.tsx')).UserSettingsSection,
);
const PasswordChange = lazyWithQueries(
  async () => (await import('../account/PasswordChange.tsx')).PasswordChange,
);

type SectionEntry = { component: LazyExoticComponent<ComponentType<SectionProps>>; guard: Guard };

const crm: SectionEntry = { component: Crm, guard: 'auth' };

const SECTION_VIEWS: Record<SectionId, SectionEntry> = {
  websites: { component: Websites, guard: 'none' },
  formSubmissions: { component: FormSubmissions, guard: 'none' },
  templates: { component: Templates, guard: 'none' },
  store: { component: Store, guard: 'auth' },
  crmDashboard: crm,
  contacts: crm,
  leads: crm,
  deals: crm,
  pipelines: crm,
  activities: crm,
  campaigns: crm,
  communications: crm,
  inbox: crm,
  reports: crm,
  customReports: crm,
  analytics: crm,
  leadTracking: crm,
  aiInsights: crm,
  crmIntegrations: { component: Integrations, guard: 'auth' },
  crmWorkflows: crm,
  crmDataCleaning: crm,
  crmTeams: crm,
  crmPermissions: crm,
  seo: { component: Seo, guard: 'auth' },
  social: { component: ContentPlanner, guard: 'auth' },
  integrations: { component: Integrations, guard: 'auth' },
  ai: { component: AiAssistant, guard: 'none' },
  teams: { component: Teams, guard: 'auth' },
  accounts: { component: Accounts, guard: 'auth' },
  permissions: { component: Permissions, guard: 'auth' },
  businessDetails: { component: BusinessDetails, guard: 'auth' },
  admin: { component: Admin, guard: 'admin' },
  userSettings: { component: UserSettings, guard: 'auth' },
  passwordChange: { component: PasswordChange, guard: 'auth' },
};

/** The dashboard's main area: the chosen section behind its guard, loaded on demand. */
export function SectionView({
  section,
  onNavigate,
}: {
  section: SectionId;
  onNavigate?: (section: SectionId) => void;
}) {
  const { component: Section, guard } = SECTION_VIEWS[section];
  const content = <Section title={sectionTitle(section)} onNavigate={onNavigate} section={section} />;
  return (
    <ErrorBoundary key={section}>
      <Suspense fallback={<CircularProgress aria-label="Loading section" />}>
        {guard === 'admin' ? (
          <RequireAdmin>{content}</RequireAdmin>
        ) : guard === 'auth' ? (
          <RequireAuth>{content}</RequireAuth>
        ) : (
          content
        )}
      </Suspense>
    </ErrorBoundary>
  );
}
