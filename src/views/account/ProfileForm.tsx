import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import {
  selectProfileDraft,
  selectProfileRefusal,
  selectProfileSaving,
} from '../../machines/account/profileFormMachine.ts';
import { selectProfileFormRef } from '../../machines/app/appSelectors.ts';
import { selectUser } from '../../machines/session/sessionMachine.ts';
import { useAppActor, useSessionRef } from '../appActorContext.ts';
import { compact, emailError, required } from '../forms/validation.ts';

type Errors = Partial<Record<'name' | 'email' | 'currentPassword', string>>;

const PASSWORD_NEEDED_FOR_EMAIL = 'Enter your current password to change your email';

/**
 * The Profile tab: name and email (both required); the role is shown read-only (spec §5). Changing the
 * email (the sign-in identity) also asks for the current password, which the server checks.
 */
export function ProfileForm() {
  const formRef = useSelector(useAppActor(), selectProfileFormRef);
  const saving = useSelector(formRef, (snapshot) => (snapshot ? selectProfileSaving(snapshot) : false));
  const refusal = useSelector(formRef, (snapshot) => (snapshot ? selectProfileRefusal(snapshot) : null));
  const draft = useSelector(formRef, (snapshot) => (snapshot ? selectProfileDraft(snapshot) : null));
  const user = useSelector(useSessionRef(), selectUser);
  // What was typed lives in the form's machine: the Users tab or another section leaves it there.
  const name = draft?.name ?? user?.name ?? '';
  const email = draft?.email ?? user?.email ?? '';
  const edit = (change: Partial<{ name: string; email: string }>) =>
    formRef?.send({ type: 'profile.edit', name, email, ...change });
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // The server compares addresses trimmed and lowercased: so does the question whether it changes.
  const emailChanges = email.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = compact({
      name: required(name, 'Name is required'),
      email: emailError(email),
      currentPassword: emailChanges ? required(currentPassword, PASSWORD_NEEDED_FOR_EMAIL) : undefined,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      formRef?.send({ type: 'profile.stopped' });
      return;
    }
    formRef?.send({
      type: 'profile.submit',
      name: name.trim(),
      email: email.trim(),
      ...(emailChanges ? { currentPassword } : {}),
    });
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ maxWidth: 480 }}
      onSubmit={handleSubmit}
      aria-label="Profile"
    >
      <TextField
        label="Name"
        required
        value={name}
        onChange={(e) => edit({ name: e.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name}
      />
      <TextField
        label="Email"
        type="email"
        required
        value={email}
        onChange={(e) => edit({ email: e.target.value })}
        error={Boolean(errors.email)}
        helperText={errors.email}
      />
      {emailChanges && (
        <TextField
          label="Current password"
          type="password"
          required
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
          error={Boolean(errors.currentPassword)}
          helperText={errors.currentPassword ?? 'Needed to change the email you sign in with.'}
        />
      )}
      <TextField label="Role" value={user?.role ?? ''} slotProps={{ htmlInput: { readOnly: true } }} />
      {refusal && <Alert severity="error">{refusal}</Alert>}
      <div>
        <Button type="submit" variant="contained" disabled={saving}>
          Save profile
        </Button>
      </div>
    </Stack>
  );
}
