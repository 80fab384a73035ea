import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';

type Props = {
  title: string;
  /** Save is offered (and Enter submits) only when the form is valid. */
  canSave: boolean;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** The create/edit dialog of a CRM record: its fields in a column, Cancel and Save. */
export function CrmFormDialog({ title, canSave, onSave, onClose, children }: Props) {
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) onSave();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!canSave}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
