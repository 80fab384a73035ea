import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { selectIsBusy, selectSignInAsked } from '../../machines/app/appMachine.ts';
import { useAppActor } from '../appActorContext.ts';
import { Logo } from '../common/Logo.tsx';
import {
  compact,
  emailError,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_SHORT,
  required,
} from '../forms/validation.ts';

/** Spec §6: what a signed-out visitor of a place that needs a session reads (here, above the sign-in). */
export const LOGIN_REQUIRED = 'Please log in to access this page.';

type Mode = 'signin' | 'register';
type Errors = Partial<Record<'email' | 'password', string>>;

/** Sign in / create account (spec §2, §5); the app machine makes the call and shows the toasts. */
export function AuthScreen() {
  const app = useAppActor();
  const busy = useSelector(app, selectIsBusy);
  const asked = useSelector(app, selectSignInAsked);
  const [mode, setMode] = useState<Mode>('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const handleModeChange = (_: unknown, next: Mode) => {
    setMode(next);
    setErrors({});
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = compact({
      email: emailError(email),
      password:
        required(password, 'Password is required') ??
        (mode === 'register' && password.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : undefined),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (mode === 'signin') app.send({ type: 'auth.login', email: email.trim(), password });
    else app.send({ type: 'auth.register', email: email.trim(), password, name: name.trim() || undefined });
  };

  const registering = mode === 'register';
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            <Logo size={36} />
          </Box>
          <Stack spacing={2} component="form" noValidate onSubmit={handleSubmit} aria-label="Authentication">
            <Typography variant="h5" component="h1">
              {registering ? 'Create your account' : 'Sign in'}
            </Typography>
            {asked ? <Typography color="text.secondary">{LOGIN_REQUIRED}</Typography> : null}
            <Tabs
              value={mode}
              onChange={handleModeChange}
              variant="fullWidth"
              aria-label="Sign in or create account"
            >
              <Tab value="signin" label="Sign in" />
              <Tab value="register" label="Create account" />
            </Tabs>
            {registering ? (
              <TextField
                label="Name (optional)"
                value={name}
                onChange={(e) => setName(e.target.value)}
                autoComplete="name"
              />
            ) : null}
            <TextField
              label="Email"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email}
              autoComplete="email"
            />
            <TextField
              label="Password"
              type="password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password}
              autoComplete={registering ? 'new-password' : 'current-password'}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {busy ? 'Please wait…' : registering ? 'Create account' : 'Sign in'}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
