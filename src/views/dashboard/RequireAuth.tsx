import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { selectIsAdmin, selectIsAuthenticated } from '../../machines/session/sessionMachine.ts';
import { useSessionRef } from '../appActorContext.ts';
import { LOGIN_REQUIRED } from '../auth/AuthScreen.tsx';

export const ADMIN_REQUIRED = "You don't have permission to access this admin section.";

/** Spec §6: CRM, SEO, social, integrations and permissions need a signed-in user. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authenticated = useSelector(useSessionRef(), selectIsAuthenticated);
  if (!authenticated) return <Alert severity="warning">{LOGIN_REQUIRED}</Alert>;
  return children;
}

/** Spec §6: the Admin section is for role admin only (the server enforces it again). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSessionRef();
  const authenticated = useSelector(session, selectIsAuthenticated);
  const admin = useSelector(session, selectIsAdmin);
  if (!authenticated) return <Alert severity="warning">{LOGIN_REQUIRED}</Alert>;
  if (!admin) {
    return (
      <Alert severity="error">
        <AlertTitle>Access Denied</AlertTitle>
        {ADMIN_REQUIRED}
      </Alert>
    );
  }
  return children;
}
