import Box from '@mui/material/Box';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { User } from '../../contracts/auth.ts';
import { selectIsAdmin, selectUser } from '../../machines/sessionMachine.ts';
import { hasFlag, STORAGE_KEYS, takeFlag } from '../../services/browserStorage.ts';
import { useMe } from '../../services/queries.ts';
import { useSessionRef } from '../appActorContext.ts';
import { ReviewDialog } from '../review/ReviewDialog.tsx';
import { clearStoreUrl, isStoreUrl } from '../store/storeUrl.ts';
import { DashboardHeader } from './DashboardHeader.tsx';
import { SectionView } from './SectionView.tsx';
import { Sidebar } from './Sidebar.tsx';
import { type SectionId, sectionTitle } from './sections.ts';

// The tour shows nothing until it opens: it loads after the shell.
const TourDialog = lazy(() => import('../tour/TourDialog.tsx').then((m) => ({ default: m.TourDialog })));

const sameUser = (a: User, b: User | null) =>
  b !== null && (Object.keys(a) as Array<keyof User>).every((key) => a[key] === b[key]);

/** The dashboard shell: sidebar, header, the chosen section, the tour and the review button. */
export function Dashboard({ initialSection = 'websites' }: { initialSection?: SectionId }) {
  const session = useSessionRef();
  const user = useSelector(session, selectUser);
  const isAdmin = useSelector(session, selectIsAdmin);
  // Spec §2: the hash 'forms' opens the form submissions screen (the website cards' Forms button sets it);
  // back from Facebook's consent page (spec §3 redirectToFacebookCampaigns): land on Campaigns.
  const [section, setSection] = useState<SectionId>(() =>
    window.location.hash === '#forms'
      ? 'formSubmissions'
      : hasFlag(STORAGE_KEYS.redirectToFacebookCampaigns)
        ? 'campaigns'
        : isStoreUrl(window.location.search)
          ? 'store'
          : initialSection,
  );
  // Removed after the first render (an initializer must stay pure: development mode runs it twice).
  useEffect(() => {
    takeFlag(STORAGE_KEYS.redirectToFacebookCampaigns);
  }, []);
  useEffect(() => {
    const handleHash = () => {
      if (window.location.hash === '#forms') setSection('formSubmissions');
    };
    window.addEventListener('hashchange', handleHash);
    return () => window.removeEventListener('hashchange', handleHash);
  }, []);
  // Leaving Form Submissions drops the hash, so coming back to the dashboard shows the chosen section.
  const handleNavigate = (next: SectionId) => {
    if (next !== 'formSubmissions' && window.location.hash === '#forms') {
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
    }
    // The store's tab, filters and open order belong to the store section's URL only.
    if (next !== 'store') clearStoreUrl();
    setSection(next);
  };
  const [wide, setWide] = useState(true);
  // Also proves the stored token is still good: a revoked one ends the session right here.
  const me = useMe();

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
