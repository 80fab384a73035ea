import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { isUnchangedPassword, PASSWORD_UNCHANGED } from '../../contracts/passwordChange.ts';
import { selectPasswordChanged, selectPasswordSaving } from '../../machines/account/passwordFormMachine.ts';
import { selectPasswordFormRef } from '../../machines/app/appSelectors.ts';
import { useAppActor } from '../appActorContext.ts';
import type { SectionProps } from '../dashboard/SectionPlaceholder.tsx';
import { SectionPlaceholder } from '../dashboard/SectionPlaceholder.tsx';
import {
  compact,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  required,
} from '../forms/validation.ts';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Fields = Record<Field, string>;

const empty: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Spec §5: all three required, the new one twice and at least 6 characters; and (as the server checks)
 * not the current password again.
 */
export function validatePasswordChange(fields: Fields): Partial<Record<Field, string>> {
  return compact({
    currentPassword: required(fields.currentPassword, 'Current password is required'),
    newPassword:
      required(fields.newPassword, 'New password is required') ??
      (fields.newPassword.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : undefined) ??
      (isUnchangedPassword(fields.currentPassword, fields.newPassword) ? PASSWORD_UNCHANGED : undefined),
    confirmPassword:
      required(fields.confirmPassword, 'Please confirm the new password') ??
      (fields.confirmPassword !== fields.newPassword ? PASSWORDS_DO_NOT_MATCH : undefined),
  });
}

/** Password Change; on success the session keeps the token the server returns. */
export function PasswordChange({ title }: SectionProps) {
  const formRef = useSelector(useAppActor(), selectPasswordFormRef);
  const saving = useSelector(formRef, (snapshot) => (snapshot ? selectPasswordSaving(snapshot) : false));
  const changed = useSelector(formRef, (snapshot) => (snapshot ? selectPasswordChanged(snapshot) : false));
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  // Passwords never linger in the form once changed.
  useEffect(() => {
    if (changed) setFields(empty);
  }, [changed]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(fields);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      formRef?.send({
        type: 'password.submit',
        currentPassword: fields.currentPassword,
        newPassword: fields.newPassword,
      });
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      required
      autoComplete={autoComplete}
      value={fields[name]}
      onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name]}
    />
  );

  return (
    <SectionPlaceholder title={title}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        sx={{ maxWidth: 480 }}
        onSubmit={handleSubmit}
        aria-label="Change password"
      >
        {field('currentPassword', 'Current password', 'current-password')}
        {field('newPassword', 'New password', 'new-password')}
        {field('confirmPassword', 'Confirm new password', 'new-password')}
        <div>
          <Button type="submit" variant="contained" disabled={saving}>
            Change password
          </Button>
        </div>
      </Stack>
    </SectionPlaceholder>
  );
}
