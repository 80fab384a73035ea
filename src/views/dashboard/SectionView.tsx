import CircularProgress from '@mui/material/CircularProgress';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import { RequireAdmin, RequireAuth } from './RequireAuth.tsx';
import type { SectionProps } from './SectionPlaceholder.tsx';
import { type SectionId, sectionTitle } from './sections.ts';

type Guard = 'none' | 'auth' | 'admin';

// Each section is its own chunk, fetched the first time it is opened (spec §7).
const Websites = lazy(() =>
  import('./sections/WebsitesSection.tsx').then((m) => ({ default: m.WebsitesSection })),
);
const FormSubmissions = lazy(() =>
  import('./sections/FormSubmissionsSection.tsx').then((m) => ({ default: m.FormSubmissionsSection })),
);
const Templates = lazy(() =>
  import('./sections/TemplatesSection.tsx').then((m) => ({ default: m.TemplatesSection })),
);
const Store = lazy(() => import('./sections/StoreSection.tsx').then((m) => ({ default: m.StoreSection })));
const Crm = lazy(() => import('./sections/CrmSection.tsx').then((m) => ({ default: m.CrmSection })));
const Integrations = lazy(() =>
  import('./sections/IntegrationsSection.tsx').then((m) => ({ default: m.IntegrationsSection })),
);
const Seo = lazy(() => import('./sections/SeoSection.tsx').then((m) => ({ default: m.SeoSection })));
const ContentPlanner = lazy(() =>
  import('./sections/ContentPlannerSection.tsx').then((m) => ({ default: m.ContentPlannerSection })),
);
const AiAssistant = lazy(() =>
  import('./sections/AiAssistantSection.tsx').then((m) => ({ default: m.AiAssistantSection })),
);
const Teams = lazy(() => import('./sections/TeamsSection.tsx').then((m) => ({ default: m.TeamsSection })));
const Accounts = lazy(() =>
  import('./sections/AccountsSection.tsx').then((m) => ({ default: m.AccountsSection })),
);
const Permissions = lazy(() =>
  import('./sections/PermissionsSection.tsx').then((m) => ({ default: m.PermissionsSection })),
);
const BusinessDetails = lazy(() =>
  import('./sections/BusinessDetailsSection.tsx').then((m) => ({ default: m.BusinessDetailsSection })),
);
const Admin = lazy(() => import('./sections/AdminSection.tsx').then((m) => ({ default: m.AdminSection })));
const UserSettings = lazy(() =>
  import('./sections/UserSettingsSection.tsx').then((m) => ({ default: m.UserSettingsSection })),
);
const PasswordChange = lazy(() =>
  import('../account/PasswordChange.tsx').then((m) => ({ default: m.PasswordChange })),
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
