import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { selectCrmRef } from '../../machines/app/appSelectors.ts';
import { selectCrmBusy, selectCrmError } from '../../machines/crm/crmMachine.ts';
import { useAppActor } from '../appActorContext.ts';
import { ViewOnlyNote } from '../common/ViewOnlyNote.tsx';
import { CrmErrorBoundary } from './CrmErrorBoundary.tsx';
import { CrmActorContext, useCrmActor } from './crmActorContext.ts';
import { type CrmSectionKey, resolveCrmSection } from './crmSections.ts';

// Each section is its own chunk: the heading and the error card show before charts or grids load.
const ActivitiesView = lazy(() =>
  import('./ActivitiesView.tsx').then((m) => ({ default: m.ActivitiesView })),
);
const CampaignsView = lazy(() => import('./CampaignsView.tsx').then((m) => ({ default: m.CampaignsView })));
const CommunicationsView = lazy(() =>
  import('./CommunicationsView.tsx').then((m) => ({ default: m.CommunicationsView })),
);
const ContactsView = lazy(() => import('./ContactsView.tsx').then((m) => ({ default: m.ContactsView })));
const CrmDashboard = lazy(() => import('./CrmDashboard.tsx').then((m) => ({ default: m.CrmDashboard })));
const DealsBoard = lazy(() => import('./DealsBoard.tsx').then((m) => ({ default: m.DealsBoard })));
const LeadsView = lazy(() => import('./LeadsView.tsx').then((m) => ({ default: m.LeadsView })));
const PipelinesView = lazy(() => import('./PipelinesView.tsx').then((m) => ({ default: m.PipelinesView })));
const CrmExtraSection = lazy(() =>
  import('./CrmExtraSections.tsx').then((m) => ({ default: m.CrmExtraSection })),
);

function sectionContent(key: CrmSectionKey): ReactNode {
  switch (key) {
    case 'dashboard':
      return <CrmDashboard />;
    case 'contacts':
      return <ContactsView />;
    case 'leads':
      return <LeadsView />;
    case 'deals':
      return <DealsBoard />;
    case 'pipelines':
      return <PipelinesView />;
    case 'activities':
      return <ActivitiesView />;
    case 'campaigns':
      return <CampaignsView />;
    case 'communications':
      return <CommunicationsView />;
    default:
      return <CrmExtraSection sectionKey={key} />;
  }
}

/** The card of spec §2 shown while the CRM's state holds an error. */
function ErrorCard() {
  const crm = useCrmActor();
  const error = useSelector(crm, selectCrmError);
  if (!error) return null;
  return (
    <Card role="alert" sx={{ borderLeft: 4, borderColor: 'error.main' }}>
      <CardContent>
        <Typography variant="h6" component="h3">
          Error
        </Typography>
        <Typography>{error}</Typography>
        <Button size="small" onClick={() => crm.send({ type: 'crm.error.dismiss' })}>
          Dismiss
        </Button>
      </CardContent>
    </Card>
  );
}

// CRM sections the sidebar does not list (spec §2 keys), reachable from the module itself.
const MORE: { key: CrmSectionKey; label: string }[] = [
  { key: 'workflow', label: 'Workflows' },
  { key: 'data-cleaning', label: 'Data Cleaning' },
  { key: 'teams', label: 'Teams' },
  { key: 'permissions', label: 'Permissions' },
];

type MoreProps = {
  /** Opens one of the sections beyond the sidebar's (null: back to the module's own); without it, kept here. */
  onMore?: (key: CrmSectionKey | null) => void;
};

function CrmBody({ sectionKey, title, onMore }: { sectionKey: CrmSectionKey; title: string } & MoreProps) {
  const busy = useSelector(useCrmActor(), selectCrmBusy);
  const [localMore, setLocalMore] = useState<CrmSectionKey | null>(null);
  const more = onMore ? (MORE.some((m) => m.key === sectionKey) ? sectionKey : null) : localMore;
  const setMore = onMore ?? setLocalMore;
  const shown = more ?? sectionKey;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h4" component="h2" sx={{ flex: 1 }}>
          {MORE.find((m) => m.key === more)?.label ?? title}
        </Typography>
        {MORE.map((m) => (
          <Chip
            key={m.key}
            label={m.label}
            color={more === m.key ? 'primary' : 'default'}
            onClick={() => setMore(more === m.key ? null : m.key)}
          />
        ))}
      </Stack>
      <LinearProgress aria-hidden sx={{ visibility: busy ? 'visible' : 'hidden' }} />
      <ErrorCard />
      <ViewOnlyNote permission="crm.edit" />
      <Suspense fallback={<LinearProgress aria-label="Loading CRM section" />}>
        {sectionContent(shown)}
      </Suspense>
    </Stack>
  );
}

/**
 * The CRM module: the open section over the app's CRM actor (running while a CRM place shows), its error card
 * and its crash boundary. Live changes reach its lists through the query cache.
 */
export function CrmModule({
  section,
  title,
  onMore,
}: { section: string | null | undefined; title: string } & MoreProps) {
  const crm = useSelector(useAppActor(), selectCrmRef);
  // Between a place and the next, before the app has started the CRM.
  if (!crm) return <LinearProgress aria-label="Loading CRM section" />;
  return (
    <CrmActorContext.Provider value={crm}>
      <CrmErrorBoundary>
        <CrmBody sectionKey={resolveCrmSection(section)} title={title} onMore={onMore} />
      </CrmErrorBoundary>
    </CrmActorContext.Provider>
  );
}
