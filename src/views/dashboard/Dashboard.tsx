import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { selectIsAdmin } from '../../machines/session/sessionMachine.ts';
import { STORAGE_KEYS, takeFlag } from '../../services/http/browserStorage.ts';
import { useSessionRef } from '../appActorContext.ts';
import { useNarrowWindow } from '../common/useNarrowWindow.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import { lazyWithQueries } from '../lazyWithQueries.tsx';
import { ReviewButton } from '../review/ReviewButton.tsx';
import { DashboardHeader } from './DashboardHeader.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SECTION_ROUTES, type SectionId, sectionOfRoute, sectionTitle } from './sections.ts';
import { shellLater } from './shellLater.ts';

// The main area's sections load on demand: their table (sixteen loaders) loads beside the shell.
const SectionView = lazy(() => import('./SectionView.tsx').then((m) => ({ default: m.SectionView })));

// The server's word on the session, the live event stream, the tour and review popups and the question before
// leaving unsaved changes show nothing at first: they load after the shell, with the query cache.
const ShellLater = lazyWithQueries(async () => (await shellLater()).ShellLater);

/** The dashboard shell: sidebar, header, the chosen section, the tour and the review button. */
export function Dashboard() {
  const session = useSessionRef();
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
  // A wide window: the sidebar opens wide and stays as the owner leaves it. A narrow one (a phone): it stays
  // narrow beside the page, and its menu opens the wide one over the page until a place is picked.
  const narrowWindow = useNarrowWindow();
  const [wide, setWide] = useState(true);
  const [menuOpen, setMenuOpen] = useState(false);
  const handleNavigate = (next: SectionId) => {
    setMenuOpen(false);
    navigate(SECTION_ROUTES[next]);
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Sidebar
        section={section}
        wide={narrowWindow ? menuOpen : wide}
        overlay={narrowWindow}
        isAdmin={isAdmin}
        onNavigate={handleNavigate}
        onToggleWide={() => (narrowWindow ? setMenuOpen(!menuOpen) : setWide(!wide))}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <DashboardHeader title={sectionTitle(section)} onNavigate={handleNavigate} />
        {/* Room below the page for the star button (56 px, 24 px from the edge): the end of a page scrolls clear of it. */}
        <Box component="main" sx={{ px: { xs: 1.5, sm: 3 }, pt: { xs: 1.5, sm: 3 }, pb: 12, flex: 1 }}>
          <ErrorBoundary>
            <Suspense fallback={<CircularProgress aria-label="Loading section" />}>
              <SectionView section={section} onNavigate={handleNavigate} />
            </Suspense>
          </ErrorBoundary>
        </Box>
      </Box>
      <ReviewButton />
      <Suspense fallback={null}>
        <ShellLater />
      </Suspense>
    </Box>
  );
}
