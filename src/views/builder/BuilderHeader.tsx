import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import EditIcon from '@mui/icons-material/Edit';
import FileCopyIcon from '@mui/icons-material/FileCopy';
import HistoryIcon from '@mui/icons-material/History';
import PublishIcon from '@mui/icons-material/Publish';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import VisibilityIcon from '@mui/icons-material/Visibility';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectPublishRef } from '../../machines/app/appSelectors.ts';
import {
  selectIsSaving,
  selectMode,
  selectName,
  selectWebsiteId,
} from '../../machines/builder/builderMachine.ts';
import { useWebsites } from '../../services/http/queries.ts';
import { useAppActor } from '../appActorContext.ts';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { visuallyHidden } from '../common/visuallyHidden.ts';
import { BuilderCommands } from './BuilderCommands.tsx';
import {
  useBuilder,
  useBuilderReadOnly,
  useBuilderSelector,
  useReadUnsavedChanges,
  useUndoRedo,
} from './builderContext.ts';
import { CollabPresence } from './CollabPresence.tsx';
import { openHistory } from './historyPlace.ts';
import { closePreview, openPreview } from './preview/previewAddress.ts';

/** Asked before leaving the builder while some changes are not on the server yet. */
export const LEAVE_WARNING = 'Some of your changes are not saved to the server yet. Leave anyway?';

/**
 * Back, site name, save status and who else is here, Preview/Edit, undo/redo, Rename, Save as and Publish (a
 * Viewer: no edit commands). There is no Save: every change saves itself.
 */
export function BuilderHeader() {
  const app = useAppActor();
  const { builder } = useBuilder();
  const name = useBuilderSelector(selectName);
  const mode = useBuilderSelector(selectMode);
  const saving = useBuilderSelector(selectIsSaving);
  const websiteId = useBuilderSelector(selectWebsiteId);
  const publish = useSelector(app, selectPublishRef);
  const websites = useWebsites();
  const readOnly = useBuilderReadOnly();
  const readUnsaved = useReadUnsavedChanges();
  // Asked in the app while some changes are not on the server; once asked, leaving is the user's choice.
  const [asking, setAsking] = useState(false);
  const leave = () => app.send({ type: 'view.back' });
  const handleBack = () => (readUnsaved() ? setAsking(true) : leave());
  return (
    <AppBar position="static" color="default" elevation={1}>
      {/* On a tablet or a phone the commands wrap onto more rows rather than running off the screen's edge. */}
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: { xs: 1, lg: 0 } }}>
        <Button startIcon={<ArrowBackIcon />} onClick={handleBack} sx={ICON_ON_PHONE}>
          <CommandLabel>Back</CommandLabel>
        </Button>
        <Typography variant="h6" component="h1" noWrap sx={{ flex: '1 1 120px', minWidth: 0 }}>
          {name}
        </Typography>
        <CollabPresence />
        {readOnly ? null : <EditCommands />}
        <Tooltip title="Named versions: save, preview and restore">
          <span>
            <Button
              startIcon={<HistoryIcon />}
              disabled={!websiteId}
              onClick={openHistory}
              sx={ICON_ON_PHONE}
            >
              <CommandLabel>History</CommandLabel>
            </Button>
          </span>
        </Tooltip>
        <Button
          variant="outlined"
          startIcon={mode === 'edit' ? <VisibilityIcon /> : <EditIcon />}
          onClick={mode === 'edit' ? openPreview : closePreview}
        >
          {mode === 'edit' ? 'Preview' : 'Edit'}
        </Button>
        {readOnly ? null : (
          <>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button
                variant="outlined"
                startIcon={<DriveFileRenameOutlineIcon />}
                disabled={saving}
                onClick={() => builder.send({ type: 'rename.request' })}
                sx={ICON_ON_PHONE}
              >
                <CommandLabel>Rename</CommandLabel>
              </Button>
              <Button
                variant="outlined"
                startIcon={<FileCopyIcon />}
                disabled={saving}
                onClick={() => builder.send({ type: 'saveAs.request' })}
                sx={ICON_ON_PHONE}
              >
                <CommandLabel>Save as</CommandLabel>
              </Button>
            </Box>
            <Button
              variant="contained"
              color="success"
              startIcon={<PublishIcon />}
              onClick={() =>
                publish?.send({
                  type: 'publish.open',
                  websiteId,
                  siteName: name,
                  // Republishing keeps the site's current subdomain (from the websites list) as the default.
                  subdomain: websites.data?.find((site) => site.id === websiteId)?.subdomain ?? null,
                })
              }
            >
              Publish
            </Button>
          </>
        )}
      </Toolbar>
      <ConfirmDialog
        open={asking}
        title="Leave the builder?"
        text={LEAVE_WARNING}
        confirmLabel="Leave"
        destructive={false}
        onConfirm={() => {
          setAsking(false);
          leave();
        }}
        onCancel={() => setAsking(false)}
      />
    </AppBar>
  );
}

/**
 * On a phone a command shows its icon alone (its label stays its name for screen readers): the header takes three
 * rows, not four.
 */
const ICON_ON_PHONE = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: { minWidth: 40, px: 1, '& .MuiButton-startIcon': { mx: 0 } },
});

function CommandLabel({ children }: { children: string }) {
  return (
    <Box component="span" sx={(theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden })}>
      {children}
    </Box>
  );
}

/** The command palette, undo and redo. */
function EditCommands() {
  const { store } = useBuilder();
  const { canUndo, canRedo } = useUndoRedo();
  return (
    <>
      <BuilderCommands />
      <Tooltip title="Undo (Ctrl+Z)">
        <span>
          <IconButton aria-label="Undo" disabled={!canUndo} onClick={store.undo}>
            <UndoIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Redo (Ctrl+Shift+Z)">
        <span>
          <IconButton aria-label="Redo" disabled={!canRedo} onClick={store.redo}>
            <RedoIcon />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
