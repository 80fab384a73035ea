import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { appMachine } from '../../src/machines/appMachine.ts';
import { AppActorContext } from '../../src/views/appActorContext.ts';
import { RequireAdmin, RequireAuth } from '../../src/views/dashboard/RequireAuth.tsx';
import { bob } from './renderApp.tsx';

function withSession(user: typeof bob | null, children: React.ReactNode) {
  const actor = createActor(appMachine, {
    input: {
      session: user ? { token: 't', user, accountId: 'a1' } : null,
      location: { pathname: '/', search: '' },
      oauthProcessed: false,
    },
  }).start();
  return render(<AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>);
}

describe('section guards', () => {
  test('a visitor without a session is asked to log in', () => {
    withSession(null, <RequireAuth>secret CRM</RequireAuth>);

    expect(screen.getByText('Please log in to access this page.')).toBeTruthy();
    expect(screen.queryByText('secret CRM')).toBeNull();
  });

  test('a signed-in user passes RequireAuth', () => {
    withSession(bob, <RequireAuth>secret CRM</RequireAuth>);

    expect(screen.getByText('secret CRM')).toBeTruthy();
  });

  test('a non-admin sees Access Denied on the admin section', () => {
    withSession(bob, <RequireAdmin>admin tools</RequireAdmin>);

    expect(screen.getByText('Access Denied')).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this admin section.")).toBeTruthy();
    expect(screen.queryByText('admin tools')).toBeNull();
  });

  test('an admin gets in', () => {
    withSession({ ...bob, role: 'admin' }, <RequireAdmin>admin tools</RequireAdmin>);

    expect(screen.getByText('admin tools')).toBeTruthy();
  });
});
