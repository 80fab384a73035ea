import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import type { CreditEntry } from '../../services/admin/reviewApi.ts';
import { useKeepTypedInput } from '../common/keepTypedInput.ts';
import { parseCredits } from './adminFormat.ts';
import { useAdmin } from './useAdmin.ts';

const UNSAVED_CREDIT_HINT = unsavedHint('credit', 'Save', 'Cancel');

type Props = { entry: CreditEntry | null; onClose: () => void };

/** The credit edit modal: credits as an integer (anything else counts as 0) and a free-text description. */
export function CreditEditDialog({ entry, onClose }: Props) {
  const titleId = useId();
  const { admin, status, operation, error } = useAdmin();
  const [credits, setCredits] = useState('');
  const [description, setDescription] = useState('');
  const mine = operation === 'updateCredit';
  const busy = status === 'busy' && mine;
  const changed = entry !== null && (credits !== String(entry.credits) || description !== entry.description);
  const keep = useKeepTypedInput(changed, onClose, UNSAVED_CREDIT_HINT);

  useEffect(() => {
    if (!entry) return;
    admin?.send({ type: 'admin.reset' });
    setCredits(String(entry.credits));
    setDescription(entry.description);
  }, [entry, admin]);

  useEffect(() => {
    if (entry && mine && status === 'succeeded') {
      admin?.send({ type: 'admin.reset' });
      onClose();
    }
  }, [entry, mine, status, admin, onClose]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry) return;
    admin?.send({ type: 'admin.updateCredit', id: entry.id, credits: parseCredits(credits), description });
  };

  return (
    <Dialog
      open={entry !== null}
      onClose={busy ? undefined : keep.onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Edit credit</DialogTitle>
      <form noValidate onSubmit={handleSubmit} aria-label="Edit credit">
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {keep.hint ? <Alert severity="warning">{keep.hint}</Alert> : null}
            {entry ? (
              <Typography variant="body2">
                {entry.userName} ({entry.userEmail}) · {entry.source}
              </Typography>
            ) : null}
            <TextField
              label="Credits"
              value={credits}
              autoFocus
              onChange={(e) => setCredits(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              helperText="A whole number; negative takes credits away"
            />
            <TextField
              label="Description"
              value={description}
              multiline
              minRows={2}
              onChange={(e) => setDescription(e.target.value)}
            />
            {mine && status === 'failed' && error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={keep.cancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
