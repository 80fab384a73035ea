import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import {
  DEFAULT_SITE_NAME,
  selectIsNaming,
  selectIsNamingSaving,
  selectName,
  selectNamingMode,
  selectSaveError,
  selectWebsiteId,
} from '../../machines/builder/builderMachine.ts';
import { useKeepTypedInput } from '../common/keepTypedInput.ts';
import { useBuilder, useBuilderSelector } from './builderContext.ts';

const UNSAVED_NAME_HINT = unsavedHint('website name', 'Save', 'Cancel');

/**
 * The name dialog: Rename (or, for a site not on the server yet, Save Website) and Save as, which saves a copy
 * under the new name and goes on editing the copy. Spec §5: the website name is required; Save is disabled
 * while it is blank after trimming. A failed save keeps the dialog open with the typed name and says why.
 */
export function SaveDialog() {
  const { builder } = useBuilder();
  const open = useBuilderSelector(selectIsNaming);
  const current = useBuilderSelector(selectName);
  const mode = useBuilderSelector(selectNamingMode);
  const onServer = useBuilderSelector(selectWebsiteId) !== null;
  const saving = useBuilderSelector(selectIsNamingSaving);
  const error = useBuilderSelector(selectSaveError);
  // What the name field opens with: a copy's name for Save as, else the site's (blank while it has the default).
  const openedName = mode === 'saveAs' ? `${current} (copy)` : current === DEFAULT_SITE_NAME ? '' : current;
  const [name, setName] = useState(openedName);
  useEffect(() => {
    if (open) setName(openedName);
  }, [open, openedName]);
  // Escape or a click beside keeps a typed name.
  const keep = useKeepTypedInput(
    open && name !== openedName,
    () => builder.send({ type: 'save.cancel' }),
    UNSAVED_NAME_HINT,
  );
  const title = mode === 'saveAs' ? 'Save Website As' : onServer ? 'Rename Website' : 'Save Website';
  const blank = name.trim() === '';
  const handleSave = () => {
    if (!blank && !saving) builder.send({ type: 'save.confirm', name });
  };
  return (
    <Dialog open={open} onClose={saving ? undefined : keep.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {keep.hint ? (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {keep.hint}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        ) : null}
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="Website Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') handleSave();
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button disabled={saving} onClick={keep.cancel}>
          Cancel
        </Button>
        <Button variant="contained" disabled={blank || saving} onClick={handleSave}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
