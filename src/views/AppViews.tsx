import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { selectView } from '../machines/app/appMachine.ts';
import { useAppActor } from './appActorContext.ts';
import { AppViewsSlot } from './appViewsSlot.ts';
import { AuthScreen } from './auth/AuthScreen.tsx';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { lazyWithQueries } from './lazyWithQueries.tsx';

// The two first screens (sign-in, dashboard) ship in the entry chunk; the rest load when reached (with the
// query cache's code).
const BusinessSetupForm = lazyWithQueries(
  async () => (await import('./setup/BusinessSetupForm.tsx')).BusinessSetupForm,
);
const FlowChoice = lazyWithQueries(async () => (await import('./flow/FlowChoice.tsx')).FlowChoice);
const BuilderView = lazyWithQueries(async () => (await import('./builder/BuilderView.tsx')).BuilderView);
const InvitationPage = lazyWithQueries(
  async () => (await import('./auth/InvitationPage.tsx')).InvitationPage,
);
const GeneratorView = lazyWithQueries(
  async () => (await import('./generator/GeneratorView.tsx')).GeneratorView,
);

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
      return <BusinessSetupForm />;
    case 'flowChoice':
      return <FlowChoice />;
    case 'builder':
      return <BuilderView />;
    case 'generator':
      return <GeneratorView />;
    case 'dashboard':
      return <Dashboard />;
    case 'invite':
      return <InvitationPage />;
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
