import { lazy } from 'react';
import type { CrmSectionKey } from './crmSections.ts';

// Each on demand, like the core sections.
const AnalyticsView = lazy(() => import('./InsightsViews.tsx').then((m) => ({ default: m.AnalyticsView })));
const AiInsightsView = lazy(() => import('./InsightsViews.tsx').then((m) => ({ default: m.AiInsightsView })));
const LeadTrackingView = lazy(() =>
  import('./InsightsViews.tsx').then((m) => ({ default: m.LeadTrackingView })),
);
const UnifiedInboxView = lazy(() =>
  import('./UnifiedInboxView.tsx').then((m) => ({ default: m.UnifiedInboxView })),
);
const WorkflowsView = lazy(() => import('./WorkflowsView.tsx').then((m) => ({ default: m.WorkflowsView })));
const CustomReportsView = lazy(() =>
  import('./CustomReportsView.tsx').then((m) => ({ default: m.CustomReportsView })),
);
const DataCleaningView = lazy(() =>
  import('./DataCleaningView.tsx').then((m) => ({ default: m.DataCleaningView })),
);
// Teams and Permissions of the CRM are the account's members and roles: the same views as Settings.
const TeamsView = lazy(() =>
  import('../account/AccountSettings.tsx').then((m) => ({
    default: () => <m.AccountSettings initialTab="users" />,
  })),
);
const PermissionsView = lazy(() =>
  import('../dashboard/sections/PermissionsSection.tsx').then((m) => ({
    default: () => <m.PermissionsSection title="Roles and permissions" />,
  })),
);
const IntegrationsView = lazy(() =>
  import('../dashboard/sections/IntegrationsSection.tsx').then((m) => ({
    default: () => <m.IntegrationsSection title="Integrations" />,
  })),
);

/** The CRM sections beyond contacts, leads, deals, pipelines, activities, campaigns and communications. */
export function CrmExtraSection({ sectionKey }: { sectionKey: CrmSectionKey }) {
  switch (sectionKey) {
    case 'workflow':
      return <WorkflowsView />;
    case 'inbox':
      return <UnifiedInboxView />;
    case 'analytics':
    case 'reports':
      return <AnalyticsView />;
    case 'custom-reports':
      return <CustomReportsView />;
    case 'tracking':
      return <LeadTrackingView />;
    case 'ai':
      return <AiInsightsView />;
    case 'data-cleaning':
      return <DataCleaningView />;
    case 'teams':
      return <TeamsView />;
    case 'permissions':
      return <PermissionsView />;
    case 'integrations':
      return <IntegrationsView />;
    default:
      return null;
  }
}
