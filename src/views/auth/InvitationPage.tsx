import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { INVITATION_LINK_MESSAGES, type InvitationPreview } from '../../contracts/invitations.ts';
import { selectInvitationRef } from '../../machines/app/appSelectors.ts';
import {
  type InvitationPage as Page,
  selectInvitationPage,
} from '../../machines/session/invitationMachine.ts';
import { useAppActor } from '../appActorContext.ts';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '../forms/validation.ts';

/**
 * The invitation landing page (/invite#<token>): names the account and who invited, then offers Create account
 * (the invited address filled in and locked) or Sign in when that address has a user; either joins the account.
 * A link that cannot be used says why.
 */
export function InvitationPage() {
  const app = useAppActor();
  const invitation = useSelector(app, selectInvitationRef);
  const page = useSelector(invitation, selectInvitationPage);
  const handleLeave = () => app.send({ type: 'invite.leave' });

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent>
          <PageBody
            page={page}
            onLeave={handleLeave}
            onRetry={() => invitation?.send({ type: 'invitation.retry' })}
            onRegister={(password, name) => invitation?.send({ type: 'invitation.register', password, name })}
            onSignIn={(password) => invitation?.send({ type: 'invitation.signIn', password })}
            onJoin={() => invitation?.send({ type: 'invitation.accept' })}
          />
        </CardContent>
      </Card>
    </Box>
  );
}

type BodyProps = {
  page: Page;
  onLeave: () => void;
  onRetry: () => void;
  onRegister: (password: string, name: string | undefined) => void;
  onSignIn: (password: string) => void;
  onJoin: () => void;
};

function PageBody({ page, onLeave, onRetry, onRegister, onSignIn, onJoin }: BodyProps) {
  switch (page.kind) {
    case 'loading':
      return (
        <Stack spacing={2} sx={{ py: 4, alignItems: 'center' }}>
          <CircularProgress aria-label="Loading the invitation" />
          <Typography>Loading the invitation…</Typography>
        </Stack>
      );
    case 'failed':
      return (
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            Invitation
          </Typography>
          <Alert severity="error">{page.message}</Alert>
          <Button variant="contained" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      );
    case 'unavailable':
      return (
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {page.preview ? `Invitation to ${page.preview.accountName}` : 'Invitation'}
          </Typography>
          <Alert severity="warning">{INVITATION_LINK_MESSAGES[page.state]}</Alert>
          <Button variant="contained" onClick={onLeave}>
            Continue
          </Button>
        </Stack>
      );
    case 'ready':
      return (
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            Join {page.preview.accountName}
          </Typography>
          <Typography>{invitedBy(page.preview)}</Typography>
          <ReadyForm
            page={page}
            onLeave={onLeave}
            onRegister={onRegister}
            onSignIn={onSignIn}
            onJoin={onJoin}
          />
        </Stack>
      );
  }
}

function invitedBy(preview: InvitationPreview): ReactNode {
  const who = preview.inviterName ? `${preview.inviterName} invited you` : 'You are invited';
  return `${who} to join ${preview.accountName}.`;
}

function ReadyForm({
  page,
  onLeave,
  onRegister,
  onSignIn,
  onJoin,
}: Omit<BodyProps, 'onRetry' | 'page'> & { page: Extract<Page, { kind: 'ready' }> }) {
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { preview, form, busy } = page;

  if (form === 'join') {
    return (
      <Button variant="contained" size="large" disabled={busy} onClick={onJoin}>
        {busy ? 'Please wait…' : `Join ${preview.accountName}`}
      </Button>
    );
  }
  if (form === 'otherUser') {
    return (
      <>
        <Alert severity="info">
          This invitation was sent to {preview.email}. Sign out, then open the link again to accept it.
        </Alert>
        <Button variant="outlined" onClick={onLeave}>
          Go to dashboard
        </Button>
      </>
    );
  }

  const registering = form === 'register';
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found =
      password === ''
        ? 'Password is required'
        : registering && password.length < MIN_PASSWORD_LENGTH
          ? PASSWORD_TOO_SHORT
          : undefined;
    setError(found);
    if (found) return;
    if (registering) onRegister(password, name.trim() || undefined);
    else onSignIn(password);
  };

  return (
    <Stack
      spacing={2}
      component="form"
      noValidate
      onSubmit={handleSubmit}
      aria-label={registering ? 'Create account' : 'Sign in'}
    >
      <Typography color="text.secondary">
        {registering
          ? 'Create your account to accept the invitation.'
          : 'This address already has an account: sign in to accept the invitation.'}
      </Typography>
      <TextField
        label="Email"
        type="email"
        value={preview.email}
        helperText="The invitation is for this address"
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      {registering ? (
        <TextField
          label="Name (optional)"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
        />
      ) : null}
      <TextField
        label="Password"
        type="password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(error)}
        helperText={error}
        autoComplete={registering ? 'new-password' : 'current-password'}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? 'Please wait…' : registering ? 'Create account' : 'Sign in'}
      </Button>
    </Stack>
  );
}
