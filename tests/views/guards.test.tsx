import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { appMachine } from '../../src/machines/app/appMachine.ts';
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
    const { container } = withSession(null, <RequireAuth>secret CRM</RequireAuth>);

    expect(container.textContent).toBe('Please log in to access this page.');
    expect(screen.queryByText('secret CRM')).toBeNull();
  });

  test('a signed-in user passes RequireAuth', () => {
    const { container } = withSession(bob, <RequireAuth>secret CRM</RequireAuth>);

    expect(container.textContent).toBe('secret CRM');
  });

  test('a non-admin sees Access Denied on the admin section', () => {
    const { container } = withSession(bob, <RequireAdmin>admin tools</RequireAdmin>);

    // The title, then the explanation: nothing else.
    expect(container.textContent).toBe(
      "Access DeniedYou don't have permission to access this admin section.",
    );
    expect(screen.getByText('Access Denied').nextSibling?.textContent).toBe(
      "You don't have permission to access this admin section.",
    );
    expect(screen.queryByText('admin tools')).toBeNull();
  });

  test('an admin gets in', () => {
    const { container } = withSession({ ...bob, role: 'admin' }, <RequireAdmin>admin tools</RequireAdmin>);

    expect(container.textContent).toBe('admin tools');
  });
});
