import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { descriptionOf, findToast } from './queries.ts';
import { rawBob, renderApp } from './renderApp.tsx';

const anonymous = { session: null, location: { pathname: '/', search: '' }, oauthProcessed: false };

function form() {
  return within(screen.getByRole('form', { name: 'Authentication' }));
}

const LOGIN_REQUIRED = 'Please log in to access this page.';

describe('auth screen', () => {
  test('shows at /login with labelled email and password fields', () => {
    renderApp(anonymous);

    expect(window.location.pathname).toBe('/login');
    // Opened at the home page: nothing to explain.
    expect(screen.queryByText(LOGIN_REQUIRED)).toBeNull();
    expect(form().getByLabelText(/Email/)).toHaveProperty('type', 'email');
    expect(form().getByLabelText(/Password/)).toHaveProperty('type', 'password');
  });

  test('requires email and password', () => {
    renderApp(anonymous);

    fireEvent.click(form().getByRole('button', { name: 'Sign in' }));

    expect(descriptionOf(form().getByLabelText(/Email/))).toBe('Email is required');
    expect(descriptionOf(form().getByLabelText(/Password/))).toBe('Password is required');
    expect(form().getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
  });

  test('rejects a malformed email', () => {
    renderApp(anonymous);

    fireEvent.change(form().getByLabelText(/Email/), { target: { value: 'not-an-email' } });
    fireEvent.change(form().getByLabelText(/Password/), { target: { value: 'secret1' } });
    fireEvent.click(form().getByRole('button', { name: 'Sign in' }));

    expect(descriptionOf(form().getByLabelText(/Email/))).toBe('Enter a valid email address');
    expect(descriptionOf(form().getByLabelText(/Password/))).toBeNull();
  });

  test('creating an account needs a password of at least 6 characters and offers an optional name', () => {
    renderApp(anonymous);

    fireEvent.click(screen.getByRole('tab', { name: 'Create account' }));
    const name = form().getByLabelText('Name (optional)') as HTMLInputElement;
    expect([name.required, name.value]).toEqual([false, '']);
    fireEvent.change(form().getByLabelText(/Email/), { target: { value: 'new@example.com' } });
    fireEvent.change(form().getByLabelText(/Password/), { target: { value: '12345' } });
    fireEvent.click(form().getByRole('button', { name: 'Create account' }));

    expect(descriptionOf(form().getByLabelText(/Password/))).toBe(
      'Password must be at least 6 characters long',
    );
    expect(descriptionOf(form().getByLabelText(/Email/))).toBeNull();
  });

  test('a failed sign-in toasts "Authentication failed" with the server message', async () => {
    const { system } = renderApp(anonymous, {
      'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } },
    });

    fireEvent.change(form().getByLabelText(/Email/), { target: { value: 'bob@example.com' } });
    fireEvent.change(form().getByLabelText(/Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(form().getByRole('button', { name: 'Sign in' }));

    expect(await findToast('Authentication failed')).toEqual({
      role: 'alert',
      lines: ['Authentication failed', 'Invalid email or password'],
    });
    expect(system.actor.getSnapshot().value).toEqual({ auth: 'idle' });
  });

  test('the sign-in screen works without the query cache, which is made once the dashboard needs it', async () => {
    localStorage.setItem('hasSeenWalkthrough', 'true');
    const { system } = renderApp(anonymous, {
      'POST /api/auth/login': { body: { ...rawBob, token: 'token-9' } },
      'GET /api/user/me': { body: rawBob },
      'GET /api/accounts': { body: [{ id: 'a1', name: 'Bob Ltd', industry: 'retail', isActive: true }] },
    });
    fireEvent.change(form().getByLabelText(/Email/), { target: { value: 'bob@example.com' } });
    fireEvent.change(form().getByLabelText(/Password/), { target: { value: 'secret1' } });
    expect(system.queries.current()).toBeUndefined();

    fireEvent.click(form().getByRole('button', { name: 'Sign in' }));
    // The dashboard's account switcher shows the server's accounts, through the cache made for it.
    await waitFor(
      () => expect(screen.getByRole('combobox', { name: 'Account' }).textContent).toContain('Bob Ltd'),
      { timeout: 5000 },
    );
    expect(
      system.queries
        .current()
        ?.getQueryData<Array<{ name: string }>>(['accounts'])
        ?.map((a) => a.name),
    ).toEqual(['Bob Ltd']);
  });

  test('signing in opens the dashboard with "Welcome back!" and keeps the token', async () => {
    localStorage.setItem('hasSeenWalkthrough', 'true');
    const { requests } = renderApp(anonymous, {
      'POST /api/auth/login': { body: { ...rawBob, token: 'token-9' } },
      'GET /api/user/me': { body: rawBob },
      'GET /api/accounts': { body: [] },
    });

    fireEvent.change(form().getByLabelText(/Email/), { target: { value: 'bob@example.com' } });
    fireEvent.change(form().getByLabelText(/Password/), { target: { value: 'secret1' } });
    fireEvent.click(form().getByRole('button', { name: 'Sign in' }));

    expect(await findToast('Welcome back!')).toEqual({ role: 'status', lines: ['Welcome back!'] });
    // The header's account menu, its avatar showing Bob's initial.
    expect((await screen.findByRole('button', { name: 'Account menu' })).textContent).toBe('B');
    expect(localStorage.getItem('token')).toBe('token-9');
    expect(window.location.pathname).toBe('/websites');
    // The shell checks the new session with the server, with the new token.
    await waitFor(() =>
      expect(requests.find((r) => r.url.endsWith('/api/user/me'))?.headers.get('authorization')).toBe(
        'Bearer token-9',
      ),
    );
  });

  test('a signed-out visitor of a place that needs a session reads why they sign in, and lands there after', async () => {
    renderApp(
      { ...anonymous, location: { pathname: '/crm/reports', search: '' } },
      {
        'POST /api/auth/login': { body: { ...rawBob, token: 'token-2' } },
      },
    );

    expect(window.location.pathname).toBe('/login');
    expect(form().getByText(LOGIN_REQUIRED).textContent).toBe(LOGIN_REQUIRED);
    fireEvent.change(form().getByLabelText(/Email/), { target: { value: 'bob@example.com' } });
    fireEvent.change(form().getByLabelText(/Password/), { target: { value: 'secret1' } });
    fireEvent.click(form().getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/crm/reports'));
  });
});
