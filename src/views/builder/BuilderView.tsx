import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { selectBuilderRef } from '../../machines/app/appSelectors.ts';
import {
  type BuilderActorRef,
  selectIsLoading,
  selectIsNaming,
  selectLoadFailed,
  selectSaveError,
  selectSiteMissing,
  selectStore,
} from '../../machines/builder/builderMachine.ts';
import { queryKeys } from '../../services/http/queryKeys.ts';
import { useAppActor } from '../appActorContext.ts';
import { useBeforeUnload } from '../common/useBeforeUnload.ts';
import { BuilderHeader } from './BuilderHeader.tsx';
import { BuilderSidebar } from './BuilderSidebar.tsx';
import { BuilderContext, useBuilderSelector, useUnsavedChanges } from './builderContext.ts';
import { Canvas } from './canvas/Canvas.tsx';
import { HistoryDialog } from './HistoryDialog.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { usePreviewFollowsAddress } from './preview/previewAddress.ts';
import { SaveDialog } from './SaveDialog.tsx';
import { SiteBusinessProvider } from './SiteBusinessProvider.tsx';
import { useBuilderShortcuts } from './useBuilderShortcuts.ts';

/** Spec §9: the site name the flow starts with. */
export const DEFAULT_FLOW_SITE_NAME = 'My Website';

/** The website builder: header, sidebar (Pages, Components, Layers) and the canvas. */
export function BuilderView() {
  const builder = useSelector(useAppActor(), selectBuilderRef);
  if (!builder) return null;
  return <BuilderFrame builder={builder as BuilderActorRef} />;
}

export const SITE_NOT_HERE =
  'This website is not in this account: it may have been deleted, or it belongs to another account — switch accounts from the account menu, or go Back to your websites.';

function BuilderFrame({ builder }: { builder: BuilderActorRef }) {
  const app = useAppActor();
  const queryClient = useQueryClient();
  // The site saved itself while it was open: what the app shows of it elsewhere (the list, SEO Tools) is read
  // again after the builder closes.
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: queryKeys.websites }), [queryClient]);
  const store = useSelector(builder, selectStore);
  const loading = useSelector(builder, selectIsLoading);
  const failed = useSelector(builder, selectLoadFailed);
  const missing = useSelector(builder, selectSiteMissing);
  const handles = useMemo(() => (store ? { builder, store } : null), [builder, store]);
  if (!handles) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        {loading ? <CircularProgress aria-label="Loading website" /> : null}
        {failed ? (
          <Alert
            severity="error"
            action={
              <>
                <Button onClick={() => builder.send({ type: 'builder.retry' })}>Retry</Button>
                <Button onClick={() => app.send({ type: 'view.back' })}>Back</Button>
              </>
            }
          >
            The website could not be opened.
          </Alert>
        ) : null}
        {missing ? (
          <Alert
            severity="warning"
            action={<Button onClick={() => app.send({ type: 'view.back' })}>Back</Button>}
          >
            {SITE_NOT_HERE}
          </Alert>
        ) : null}
      </Box>
    );
  }
  return (
    <BuilderContext.Provider value={handles}>
      <SiteBusinessProvider>
        <BuilderLayout />
      </SiteBusinessProvider>
    </BuilderContext.Provider>
  );
}

/** Closing or reloading the tab while some changes are not on the server yet asks first. */
function useLeaveWarning(): void {
  useBeforeUnload(useUnsavedChanges());
}

/** The builder's window-wide behaviour, in a leaf of its own: what it re-reads never re-renders the layout. */
function BuilderEffects() {
  useBuilderShortcuts();
  useLeaveWarning();
  usePreviewFollowsAddress();
  return null;
}

function BuilderLayout() {
  useEffect(() => {
    document.title = 'Website Builder';
  }, []);
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <BuilderEffects />
      <BuilderHeader />
      <SaveErrorAlert />
      {/* On a phone the sidebar goes below the page, full width, so the page keeps the phone's width. */}
      <Box
        sx={{ flex: 1, display: 'flex', flexDirection: { xs: 'column-reverse', sm: 'row' }, minHeight: 0 }}
      >
        <BuilderSidebar />
        <Canvas />
      </Box>
      <SaveDialog />
      <PublishDialog />
      <HistoryDialog />
    </Box>
  );
}

/**
 * Spec §8: a failed save (other than an expired session) stays visible until the next save. A failed Rename or
 * Save as says it in its dialog, which stays open: not twice.
 */
function SaveErrorAlert() {
  const error = useBuilderSelector(selectSaveError);
  const naming = useBuilderSelector(selectIsNaming);
  return error && !naming ? (
    <Alert severity="error" sx={{ borderRadius: 0 }}>
      {error}
    </Alert>
  ) : null;
}
