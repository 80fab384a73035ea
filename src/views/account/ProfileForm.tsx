import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { User } from '../../contracts/auth.ts';
import {
  type profileFormMachine,
  selectProfileDraft,
  selectProfileRefusal,
  selectProfileSaving,
} from '../../machines/account/profileFormMachine.ts';
import { selectProfileFormRef } from '../../machines/app/appSelectors.ts';
import { selectUser } from '../../machines/session/sessionMachine.ts';
import { useAppActor, useSessionRef } from '../appActorContext.ts';
import { compact, emailError, required } from '../forms/validation.ts';
import { useProfileDraft } from './useProfileDraft.ts';

type Errors = Partial<Record<'name' | 'email' | 'currentPassword', string>>;

const PASSWORD_NEEDED_FOR_EMAIL = 'Enter your current password to change your email';

/**
 * The Profile tab: name and email (both required); the role is shown read-only (spec §5). Changing the
 * email (the sign-in identity) also asks for the current password, which the server checks.
 */
export function ProfileForm() {
  const formRef = useSelector(useAppActor(), selectProfileFormRef);
  const user = useSelector(useSessionRef(), selectUser);
  // The form's actor starts with the dashboard's code: typing before it runs would go nowhere.
  if (!formRef || !user) return <CircularProgress size={24} aria-label="Loading your profile" />;
  return <ProfileFields formRef={formRef} user={user} />;
}

function ProfileFields({ formRef, user }: { formRef: ActorRefFrom<typeof profileFormMachine>; user: User }) {
  const saving = useSelector(formRef, selectProfileSaving);
  const refusal = useSelector(formRef, selectProfileRefusal);
  const draft = useSelector(formRef, selectProfileDraft);
  // What was typed lives in the form's machine; a reload or an expired session keeps it too (useProfileDraft).
  const name = draft?.name ?? user.name;
  const email = draft?.email ?? user.email;
  const edit = (change: Partial<{ name: string; email: string }>) =>
    formRef.send({ type: 'profile.edit', name, email, ...change });
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { keptNote, unsaved, emailChanges } = useProfileDraft(formRef, user, { name, email });

  // Discard changes: back to the saved profile; the kept draft goes with it.
  const handleDiscard = () => {
    formRef.send({ type: 'profile.edit', name: user.name, email: user.email });
    formRef.send({ type: 'profile.stopped' });
    setCurrentPassword('');
    setErrors({});
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = compact({
      name: required(name, 'Name is required'),
      email: emailError(email),
      currentPassword: emailChanges ? required(currentPassword, PASSWORD_NEEDED_FOR_EMAIL) : undefined,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      formRef.send({ type: 'profile.stopped' });
      return;
    }
    formRef.send({
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
      {keptNote ? <Alert severity="info">{keptNote}</Alert> : null}
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
      <TextField label="Role" value={user.role} slotProps={{ htmlInput: { readOnly: true } }} />
      {refusal && <Alert severity="error">{refusal}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={saving}>
          Save profile
        </Button>
        {unsaved ? (
          <Button onClick={handleDiscard} disabled={saving}>
            Discard changes
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
