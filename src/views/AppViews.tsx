import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { selectView } from '../machines/app/appMachine.ts';
import { useAppActor } from './appActorContext.ts';
import { AppViewsSlot } from './appViewsSlot.ts';
import { AuthScreen } from './auth/AuthScreen.tsx';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';

// The two first screens (sign-in, dashboard) ship in the entry chunk; the rest load when reached, through one
// module (LaterViews.tsx) that holds their import sites.
const LaterViews = lazy(() => import('./LaterViews.tsx'));

/** Shows the view the app machine is in. */
export function AppViews() {
  const view = useSelector(useAppActor(), selectView);
  return (
    <AppViewsSlot.Provider value={AppViews}>
      <ErrorBoundary key={view}>
        <Suspense fallback={<Waiting label="Loading…" />}>{renderView(view)}</Suspense>
      </ErrorBoundary>
    </AppViewsSlot.Provider>
  );
}

function renderView(view: ReturnType<typeof selectView>) {
  switch (view) {
    case 'auth':
      return <AuthScreen />;
    case 'businessSetup':
    case 'flowChoice':
    case 'builder':
    case 'generator':
    case 'invite':
      return <LaterViews view={view} />;
    case 'dashboard':
      return <Dashboard />;
    case 'oauth':
      return <Waiting label="Connecting your ads account…" />;
    case 'boot':
      return <Waiting label="Loading…" />;
  }
}

function Waiting({ label }: { label: string }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress aria-label={label} />
        <Typography sx={{ mt: 2 }}>{label}</Typography>
      </Box>
    </Box>
  );
}
