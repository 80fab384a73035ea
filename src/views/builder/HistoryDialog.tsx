import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeChanges, restoreVersionState } from '../../canvas/versions.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { VERSION_NAME_MAX, VERSION_NAME_TOO_LONG } from '../../contracts/versions.ts';
import { selectWebsiteId } from '../../machines/builder/builderMachine.ts';
import {
  useCreateVersion,
  useFetchVersion,
  useVersions,
  type VersionSummary,
} from '../../services/builder/versionsApi.ts';
import { useKeepTypedInput } from '../common/keepTypedInput.ts';
import { setUrlQuery, useUrlQuery } from '../common/useUrlQuery.ts';
import { useBuilder, useBuilderReadOnly, useBuilderSelector } from './builderContext.ts';
import { closeHistory } from './historyPlace.ts';
import { VersionPreview } from './VersionPreview.tsx';

const UNSAVED_VERSION_HINT = unsavedHint('version', 'Save', 'Cancel');

/** Save version's name field: open or not, and what is typed in it. */
type Naming = { open: boolean; name: string };
const NOT_NAMING: Naming = { open: false, name: '' };

/**
 * The site's named versions (issue 19), at `?history=1`: name, author, time and what changed since the one
 * before; Save version (a name) takes one on the server without touching the document; Preview
 * (`&version=<id>`) shows a version's pages read-only; Restore (confirmed) makes the site equal to it as one
 * undoable change of this tab, which syncs to every open tab and device like any edit.
 */
export function HistoryDialog() {
  const query = useUrlQuery();
  const open = query.get('history') === '1';
  const previewId = Number(query.get('version')) || null;
  const websiteId = useBuilderSelector(selectWebsiteId);
  // Kept here, beside the dialog's closing: a typed version name is not thrown away by Escape or a click beside.
  const [naming, setNaming] = useState<Naming>(NOT_NAMING);
  if (!open && naming !== NOT_NAMING) setNaming(NOT_NAMING);
  const keep = useKeepTypedInput(
    open && !previewId && naming.open && naming.name.trim() !== '',
    closeHistory,
    UNSAVED_VERSION_HINT,
  );
  return (
    <Dialog open={open} onClose={keep.onClose} fullWidth maxWidth={previewId ? 'lg' : 'sm'}>
      {open && websiteId ? (
        previewId ? (
          <VersionPreview websiteId={websiteId} versionId={previewId} />
        ) : (
          <VersionList
            websiteId={websiteId}
            naming={naming}
            onNaming={setNaming}
            hint={keep.hint}
            onClose={keep.cancel}
          />
        )
      ) : (
        <>
          <DialogTitle>History</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Save the website first: its versions are kept on the server.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={closeHistory}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function VersionList({
  websiteId,
  naming: { open: naming, name },
  onNaming,
  hint,
  onClose,
}: {
  websiteId: string;
  naming: Naming;
  onNaming: (naming: Naming) => void;
  /** Shown once Escape or a click beside did not close the dialog over a typed name. */
  hint: string | null;
  onClose: () => void;
}) {
  const readOnly = useBuilderReadOnly();
  const versions = useVersions(websiteId, true);
  const create = useCreateVersion(websiteId);
  const setName = (typed: string) => onNaming({ open: true, name: typed });
  const [confirming, setConfirming] = useState<VersionSummary | null>(null);
  const blank = name.trim() === '';
  // The server's limit, said at the field before anything is sent.
  const tooLong = name.trim().length > VERSION_NAME_MAX;
  const handleSave = () => {
    if (blank || tooLong || create.isPending) return;
    create.mutate(name.trim(), {
      onSuccess: () => onNaming(NOT_NAMING),
    });
  };
  return (
    <>
      <DialogTitle>History</DialogTitle>
      <DialogContent dividers>
        {hint ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {hint}
          </Alert>
        ) : null}
        {readOnly ? null : naming ? (
          <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'flex-start' }}>
            <TextField
              autoFocus
              size="small"
              fullWidth
              label="Version name"
              placeholder="Before the spring sale"
              value={name}
              error={tooLong}
              helperText={
                tooLong ? VERSION_NAME_TOO_LONG : `${name.trim().length} / ${VERSION_NAME_MAX} characters`
              }
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') handleSave();
              }}
            />
            <Button variant="contained" disabled={blank || tooLong || create.isPending} onClick={handleSave}>
              Save
            </Button>
            <Button onClick={() => onNaming(NOT_NAMING)}>Cancel</Button>
          </Stack>
        ) : (
          <Button variant="contained" sx={{ mb: 2 }} onClick={() => onNaming({ open: true, name: '' })}>
            Save version
          </Button>
        )}
        {create.isError ? <Alert severity="error">The version could not be saved.</Alert> : null}
        {versions.isPending ? <CircularProgress aria-label="Loading versions" size={24} /> : null}
        {versions.isError ? <Alert severity="error">The history could not be loaded.</Alert> : null}
        {versions.data?.length === 0 ? (
          <Typography color="text.secondary">
            No versions yet. Save one, or publish: every publish keeps one.
          </Typography>
        ) : null}
        <List aria-label="Versions" dense>
          {versions.data?.map((version) => (
            <ListItem
              key={version.id}
              divider
              secondaryAction={
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    aria-label={`Preview ${version.name}`}
                    onClick={() => setUrlQuery({ version: String(version.id) }, 'push')}
                  >
                    Preview
                  </Button>
                  {readOnly ? null : (
                    <Button
                      size="small"
                      aria-label={`Restore ${version.name}`}
                      onClick={() => setConfirming(version)}
                    >
                      Restore
                    </Button>
                  )}
                </Stack>
              }
              sx={{ pr: readOnly ? 12 : 22 }}
            >
              <ListItemText
                primary={version.name}
                secondary={
                  <>
                    {`${version.author.name || 'Someone'} · ${new Date(version.createdAt).toLocaleString()}`}
                    <br />
                    {describeChanges(version.changes)}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <RestoreConfirm websiteId={websiteId} version={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}

/** Restore, once confirmed: reads the version and applies it here as one undoable change. */
function RestoreConfirm({
  websiteId,
  version,
  onClose,
}: {
  websiteId: string;
  version: VersionSummary | null;
  onClose: () => void;
}) {
  const { store } = useBuilder();
  const fetchVersion = useFetchVersion(websiteId);
  const handleRestore = () => {
    if (!version) return;
    fetchVersion.mutate(version.id, {
      onSuccess: (detail) => {
        restoreVersionState(store.site, detail.yjsState, store.edit);
        onClose();
        closeHistory();
      },
    });
  };
  return (
    <Dialog open={version !== null} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Restore this version?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {`The site will be made exactly as it was in “${version?.name ?? ''}”, for everyone editing it. `}
          The history is kept, and Undo takes the restore back.
        </DialogContentText>
        {fetchVersion.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            The version could not be restored.
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color="warning" disabled={fetchVersion.isPending} onClick={handleRestore}>
          Restore
        </Button>
      </DialogActions>
    </Dialog>
  );
}
