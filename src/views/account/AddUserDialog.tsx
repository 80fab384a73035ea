import Alert from '@mui/material/Alert';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { DEFAULT_ACCOUNT_ROLE } from '../../contracts/admin.ts';
import { useKeepTypedInput } from '../common/keepTypedInput.ts';
import { emailError } from '../forms/validation.ts';
import { useTeam } from './useTeam.ts';

const UNSAVED_USER_HINT =
  'This user is not added: choose Add to add them, or Cancel to throw away what you typed.';

type Props = {
  open: boolean;
  onClose: () => void;
  accountId: string;
  title: 'Add User to Account' | 'Add Existing User';
  /** The role choice: User and Admin, or the account's roles from the server. */
  roles: readonly string[];
  /** Addresses to pick from (people from the user's other accounts); any address may still be typed. */
  suggestions?: readonly string[];
};

/**
 * Adds a user to an account by email: an existing user joins at once. In Add User to Account a new address gets
 * an invitation whose link is shown here to pass on (and mailed when the server can); Add Existing User invites
 * nobody: for an address no user has it shows the server's refusal beside the address, as typed.
 */
export function AddUserDialog({ open, onClose, accountId, title, roles, suggestions }: Props) {
  const titleId = useId();
  const { team, status, operation, invite, refusal: lastRefusal } = useTeam();
  // Someone choosing Add Existing User means a person who already signs in: a typo must not mail an invitation.
  const existingOnly = title === 'Add Existing User';
  const [email, setEmail] = useState('');
  const [roleName, setRoleName] = useState(DEFAULT_ACCOUNT_ROLE);
  const [error, setError] = useState<string | undefined>();
  const busy = status === 'busy' && operation === 'invite';
  const invited = status === 'succeeded' && operation === 'invite' && invite ? invite : null;
  const refusal = status === 'failed' && operation === 'invite' ? lastRefusal : null;
  const fieldError = error ?? refusal ?? undefined;

  // A fresh form each time it opens.
  useEffect(() => {
    if (!open) return;
    team?.send({ type: 'team.reset' });
    setEmail('');
    setRoleName(DEFAULT_ACCOUNT_ROLE);
    setError(undefined);
  }, [open, team]);

  // An existing user is simply added: nothing more to show.
  useEffect(() => {
    if (open && invited?.wasExistingUser) {
      team?.send({ type: 'team.reset' });
      onClose();
    }
  }, [open, invited, team, onClose]);

  const handleClose = () => {
    if (busy) return;
    team?.send({ type: 'team.reset' });
    onClose();
  };

  // Escape or a click beside keeps a typed address (the form is fresh each time it opens).
  const keep = useKeepTypedInput(
    !invited && (email !== '' || roleName !== DEFAULT_ACCOUNT_ROLE),
    handleClose,
    UNSAVED_USER_HINT,
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = emailError(email);
    setError(found);
    if (!found) team?.send({ type: 'team.invite', accountId, email: email.trim(), roleName, existingOnly });
  };

  const emailField = (params?: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      label="Email"
      type="email"
      required
      autoFocus
      value={suggestions ? undefined : email}
      onChange={suggestions ? undefined : (e) => setEmail(e.target.value)}
      error={Boolean(fieldError)}
      helperText={fieldError}
      // The refusal arrives after Add: said at once, not only when the field is read again.
      slotProps={{ ...params?.slotProps, formHelperText: refusal && !error ? { role: 'alert' } : undefined }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : keep.onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {invited && !invited.wasExistingUser ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Alert severity="success">
                {invited.email} has no account yet: an invitation was created. It works once, for that address
                only{invited.expiresAt ? `, until ${new Date(invited.expiresAt).toLocaleString()}` : ''}.
              </Alert>
              <Typography variant="body2">
                Send them this link (it is also mailed when the server can send mail). They join when they
                open it or create their account with that address.
              </Typography>
              <TextField
                label="Invitation link"
                value={invited.invitationLink ?? ''}
                slotProps={{ htmlInput: { readOnly: true } }}
                onFocus={(event) => event.target.select()}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void navigator.clipboard?.writeText(invited.invitationLink ?? '')}>
              Copy link
            </Button>
            <Button variant="contained" onClick={handleClose}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={handleSubmit} aria-label={title}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {keep.hint ? <Alert severity="warning">{keep.hint}</Alert> : null}
              {suggestions ? (
                <Autocomplete
                  freeSolo
                  options={[...suggestions]}
                  inputValue={email}
                  onInputChange={(_, value) => setEmail(value)}
                  renderInput={(params) => emailField(params)}
                />
              ) : (
                emailField()
              )}
              <TextField select label="Role" value={roleName} onChange={(e) => setRoleName(e.target.value)}>
                {roles.map((role) => (
                  <MenuItem key={role} value={role}>
                    {role}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={keep.cancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              Add
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
