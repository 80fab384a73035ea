import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense, useId } from 'react';
import { appRoute } from '../../contracts/appRoutes.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { SectionPlaceholder } from '../dashboard/SectionPlaceholder.tsx';
import { ActivityLogsTab } from './ActivityLogsTab.tsx';
import { AdminUsersTab } from './AdminUsersTab.tsx';
import { JobDashboardTab } from './JobDashboardTab.tsx';
import { OutboxTab } from './OutboxTab.tsx';
import { ReviewsCreditsTab } from './ReviewsCreditsTab.tsx';

// The replay viewer brings the sandbox machines along: loaded when its tab is opened.
const SessionReplayTab = lazy(() =>
  import('./SessionReplayTab.tsx').then((m) => ({ default: m.SessionReplayTab })),
);

const TABS = [
  { value: 'users', label: 'Users', Panel: AdminUsersTab },
  { value: 'activity', label: 'Activity Logs', Panel: ActivityLogsTab },
  { value: 'reviews', label: 'Reviews & Credits', Panel: ReviewsCreditsTab },
  { value: 'jobs', label: 'Job Dashboard', Panel: JobDashboardTab },
  { value: 'outbox', label: 'Outbox', Panel: OutboxTab },
  { value: 'replay', label: 'Session Replay', Panel: SessionReplayTab },
] as const;

type TabValue = (typeof TABS)[number]['value'];

/** The Admin Dashboard (platform role admin; the API enforces it again on every call). */
export function AdminDashboard({ title }: { title: string }) {
  // Each tab is a place of its own (/admin/jobs): reload and Back keep it.
  const route = useRoute();
  const navigate = useNavigate();
  const tab: TabValue = (route.name === 'admin' ? route.params.tab : undefined) ?? 'users';
  const setTab = (next: TabValue) => navigate(appRoute('admin', { tab: next }));
  const id = useId();
  const current = TABS.find((entry) => entry.value === tab) ?? TABS[0];

  return (
    <SectionPlaceholder title={title}>
      <Tabs
        value={tab}
        onChange={(_, value: TabValue) => setTab(value)}
        aria-label="Admin Dashboard"
        variant="scrollable"
        // On a phone the six tabs are wider than the screen: arrows show there too, so none is out of reach.
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        {TABS.map((entry) => (
          <Tab
            key={entry.value}
            label={entry.label}
            value={entry.value}
            id={`${id}-${entry.value}`}
            aria-controls={`${id}-${entry.value}-panel`}
          />
        ))}
      </Tabs>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`}>
        <Suspense fallback={<LinearProgress aria-label="Loading" />}>
          <current.Panel />
        </Suspense>
      </div>
    </SectionPlaceholder>
  );
}
