import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';
import { useKeepTypedInput } from '../common/keepTypedInput.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';

type Props = {
  title: string;
  /** Save is offered (and Enter submits) only when the form is valid. */
  canSave: boolean;
  onSave: () => void;
  onClose: () => void;
  /** A save in flight: Save waits for its answer. */
  saving?: boolean;
  /** The server's refusal when it names no field of the form. */
  alert?: string | null;
  /** Label of the submit button (Save unless given). */
  saveLabel?: string;
  /** An existing record: a Delete button, which first asks `confirm` in "Delete this <noun>?" (as lists do). */
  remove?: { noun: string; confirm: string; onDelete: () => void };
  /** A record shown to a role that may only view it: no Save or Delete, and Cancel reads Close. */
  readOnly?: boolean;
  /**
   * The form's fields differ from what it opened with (`changed`): Escape or a click beside then keeps the
   * dialog open and shows `hint`, which names its buttons (see keepTypedInput.ts).
   */
  unsaved?: { changed: boolean; hint: string };
  /** Shown above the fields: what was typed before the session expired is back in them (see useKeptDraft.ts). */
  keptNote?: string | null;
  children: ReactNode;
};

/**
 * The create/edit dialog of a CRM record: its fields in a column, Cancel and Save. It stays open until the
 * record is saved, so a refusal never loses what was typed.
 */
export function CrmFormDialog({
  title,
  canSave,
  onSave,
  onClose,
  saving = false,
  alert = null,
  saveLabel = 'Save',
  remove,
  readOnly = false,
  unsaved,
  keptNote = null,
  children,
}: Props) {
  const keep = useKeepTypedInput(Boolean(unsaved?.changed) && !readOnly, onClose, unsaved?.hint ?? '');
  const confirmDelete = useConfirmDelete();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave && !saving && !readOnly) onSave();
  };
  return (
    <Dialog open onClose={keep.onClose} fullWidth maxWidth="sm">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {keptNote ? <Alert severity="info">{keptNote}</Alert> : null}
            {keep.hint ? <Alert severity="warning">{keep.hint}</Alert> : null}
            {alert ? <Alert severity="error">{alert}</Alert> : null}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          {remove && !readOnly ? (
            <Button
              color="error"
              sx={{ mr: 'auto' }}
              disabled={saving}
              onClick={() => confirmDelete.ask(remove.noun, remove.confirm, remove.onDelete)}
            >
              Delete
            </Button>
          ) : null}
          <Button onClick={keep.cancel}>{readOnly ? 'Close' : 'Cancel'}</Button>
          {readOnly ? null : (
            <Button type="submit" variant="contained" disabled={!canSave || saving}>
              {saveLabel}
            </Button>
          )}
        </DialogActions>
      </form>
      {confirmDelete.dialog}
    </Dialog>
  );
}
