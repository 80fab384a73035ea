import Box from '@mui/material/Box';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { User } from '../../contracts/auth.ts';
import { selectAccountId, selectIsAdmin, selectUser } from '../../machines/session/sessionMachine.ts';
import { STORAGE_KEYS, takeFlag } from '../../services/http/browserStorage.ts';
import { useMe } from '../../services/http/queries.ts';
import { useLiveEvents } from '../../services/live/liveEvents.ts';
import { useSessionRef } from '../appActorContext.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { ReviewDialog } from '../review/ReviewDialog.tsx';
import { DashboardHeader } from './DashboardHeader.tsx';
import { SectionView } from './SectionView.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SECTION_ROUTES, type SectionId, sectionOfRoute, sectionTitle } from './sections.ts';

// The tour shows nothing until it opens: it loads after the shell.
const TourDialog = lazy(() => import('../tour/TourDialog.tsx').then((m) => ({ default: m.TourDialog })));

const sameUser = (a: User, b: User | null) =>
  b !== null && (Object.keys(a) as Array<keyof User>).every((key) => a[key] === b[key]);

/** The dashboard shell: sidebar, header, the chosen section, the tour and the review button. */
export function Dashboard() {
  const session = useSessionRef();
  const user = useSelector(session, selectUser);
  const isAdmin = useSelector(session, selectIsAdmin);
  // The section is the place the address names (the app machine owns it: reload, Back and links keep it).
  const route = useRoute();
  const navigate = useNavigate();
  const section = sectionOfRoute(route);
  // Back from Facebook's consent page (spec §3 redirectToFacebookCampaigns): land on Campaigns.
  useEffect(() => {
    if (takeFlag(STORAGE_KEYS.redirectToFacebookCampaigns)) {
      navigate(SECTION_ROUTES.campaigns, { replace: true });
    }
  }, [navigate]);
  const handleNavigate = (next: SectionId) => navigate(SECTION_ROUTES[next]);
  const [wide, setWide] = useState(true);
  // Also proves the stored token is still good: a revoked one ends the session right here.
  const me = useMe();
  // Live data: the account's event stream, opened once /me proved the session valid, closed on sign-out.
  const accountId = useSelector(session, selectAccountId);
  useLiveEvents(me.isSuccess, accountId);

  // The server is the authority on role, plan and status; keep the stored user in step.
  useEffect(() => {
    if (me.data && !sameUser(me.data, user)) session.send({ type: 'session.userUpdated', user: me.data });
  }, [me.data, user, session]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Sidebar
        section={section}
        wide={wide}
        isAdmin={isAdmin}
        onNavigate={handleNavigate}
        onToggleWide={() => setWide(!wide)}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <DashboardHeader title={sectionTitle(section)} onNavigate={handleNavigate} />
        <Box component="main" sx={{ p: 3, flex: 1 }}>
          <SectionView section={section} onNavigate={handleNavigate} />
        </Box>
      </Box>
      <Suspense fallback={null}>
        <TourDialog />
      </Suspense>
      <ReviewDialog />
    </Box>
  );
}
