import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { selectProfileFormRef } from '../../machines/appMachine.ts';
import { selectProfileSaving } from '../../machines/profileFormMachine.ts';
import { selectUser } from '../../machines/sessionMachine.ts';
import { useAppActor, useSessionRef } from '../appActorContext.ts';
import { compact, emailError, required } from '../forms/validation.ts';

type Errors = Partial<Record<'name' | 'email', string>>;

/** The Profile tab: name and email (both required); the role is shown read-only (spec §5). */
export function ProfileForm() {
  const formRef = useSelector(useAppActor(), selectProfileFormRef);
  const saving = useSelector(formRef, (snapshot) => (snapshot ? selectProfileSaving(snapshot) : false));
  const user = useSelector(useSessionRef(), selectUser);
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = compact({ name: required(name, 'Name is required'), email: emailError(email) });
    setErrors(found);
    if (Object.keys(found).length === 0)
      formRef?.send({ type: 'profile.submit', name: name.trim(), email: email.trim() });
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
        onChange={(e) => setName(e.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name}
      />
      <TextField
        label="Email"
        type="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(errors.email)}
        helperText={errors.email}
      />
      <TextField label="Role" value={user?.role ?? ''} slotProps={{ htmlInput: { readOnly: true } }} />
      <div>
        <Button type="submit" variant="contained" disabled={saving}>
          Save profile
        </Button>
      </div>
    </Stack>
  );
}
