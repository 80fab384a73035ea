import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Account } from '../../contracts/auth.ts';
import { INDUSTRIES, type Industry } from '../../contracts/industries.ts';
import { type AccountDraft, selectAccountDraft } from '../../machines/account/teamMachine.ts';
import { useKeepTypedInput } from '../common/keepTypedInput.ts';
import { compact, required } from '../forms/validation.ts';
import { useTeam } from './useTeam.ts';

type Props = { open: boolean; onClose: () => void; onCreated: (account: Account) => void };
type Errors = Partial<Record<'name' | 'industry', string>>;

const EMPTY: AccountDraft = { name: '', industry: '', description: '' };

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** Spec §5: name and industry required, description optional; the creator becomes the account's Admin. */
export function CreateAccountDialog({ open, onClose, onCreated }: Props) {
  const titleId = useId();
  const { team, status, operation, createdAccount } = useTeam();
  // What is typed lives in the team machine: closing the dialog (Escape, a click outside, Cancel) keeps it.
  const draft = useSelector(team, selectAccountDraft, shallowEqual) ?? EMPTY;
  const { name, industry, description } = draft;
  const edit = (change: Partial<AccountDraft>) =>
    team?.send({ type: 'team.draftAccount', draft: { ...draft, ...change } });
  const [errors, setErrors] = useState<Errors>({});
  const busy = status === 'busy' && operation === 'createAccount';

  useEffect(() => {
    if (!open) return;
    team?.send({ type: 'team.reset' });
    setErrors({});
  }, [open, team]);

  useEffect(() => {
    if (open && status === 'succeeded' && operation === 'createAccount' && createdAccount) {
      team?.send({ type: 'team.reset' });
      onCreated(createdAccount);
    }
  }, [open, status, operation, createdAccount, team, onCreated]);

  const handleClose = () => {
    if (!busy) onClose();
  };
  // The form dialogs' closing rule (keepTypedInput.ts), for a form whose closing loses nothing (what was typed
  // stays in the machine for the next time it opens): Escape and Cancel close it, a stray click beside it does not.
  const keep = useKeepTypedInput(false, handleClose, '');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = compact({
      name: required(name, 'Name is required'),
      industry: industry === '' ? 'Industry is required' : undefined,
    });
    setErrors(found);
    if (Object.keys(found).length === 0 && industry !== '') {
      team?.send({
        type: 'team.createAccount',
        account: { name: name.trim(), industry, description: description.trim() },
      });
    }
  };

  return (
    <Dialog open={open} onClose={keep.onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Create New Account</DialogTitle>
      <form noValidate onSubmit={handleSubmit} aria-label="Create New Account">
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Account name"
              required
              autoFocus
              value={name}
              onChange={(e) => edit({ name: e.target.value })}
              error={Boolean(errors.name)}
              helperText={errors.name}
            />
            <TextField
              select
              label="Industry"
              required
              value={industry}
              onChange={(e) => edit({ industry: e.target.value as Industry })}
              error={Boolean(errors.industry)}
              helperText={errors.industry}
            >
              {INDUSTRIES.map((option) => (
                <MenuItem key={option} value={option}>
                  {capitalise(option)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Description"
              multiline
              minRows={2}
              value={description}
              onChange={(e) => edit({ description: e.target.value })}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
