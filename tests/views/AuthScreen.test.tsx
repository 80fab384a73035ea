import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { rawBob, renderApp } from './renderApp.tsx';

const anonymous = { session: null, location: { pathname: '/', search: '' }, oauthProcessed: false };

function form() {
  return within(screen.getByRole('form', { name: 'Authentication' }));
}

describe('auth screen', () => {
  test('shows at /login with labelled email and password fields', () => {
    renderApp(anonymous);

    expect(window.location.pathname).toBe('/login');
    expect(form().getByLabelText(/Email/)).toHaveProperty('type', 'email');
    expect(form().getByLabelText(/Password/)).toHaveProperty('type', 'password');
  });

  test('requires email and password', () => {
    renderApp(anonymous);

    fireEvent.click(form().getByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  test('rejects a malformed email', () => {
    renderApp(anonymous);

    fireEvent.change(form().getByLabelText(/Email/), { target: { value: 'not-an-email' } });
    fireEvent.change(form().getByLabelText(/Password/), { target: { value: 'secret1' } });
    fireEvent.click(form().getByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
  });

  test('creating an account needs a password of at least 6 characters and offers an optional name', () => {
    renderApp(anonymous);

    fireEvent.click(screen.getByRole('tab', { name: 'Create account' }));
    expect(form().getByLabelText('Name (optional)')).toBeTruthy();
    fireEvent.change(form().getByLabelText(/Email/), { target: { value: 'new@example.com' } });
    fireEvent.change(form().getByLabelText(/Password/), { target: { value: '12345' } });
    fireEvent.click(form().getByRole('button', { name: 'Create account' }));

    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
  });

  test('a failed sign-in toasts "Authentication failed" with the server message', async () => {
    const { system } = renderApp(anonymous, {
      'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } },
    });

    fireEvent.change(form().getByLabelText(/Email/), { target: { value: 'bob@example.com' } });
    fireEvent.change(form().getByLabelText(/Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(form().getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Authentication failed')).toBeTruthy();
    expect(screen.getByText('Invalid email or password')).toBeTruthy();
    expect(system.actor.getSnapshot().value).toEqual({ auth: 'idle' });
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

    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('token-9');
    expect(window.location.pathname).toBe('/');
    const me = requests.find((r) => r.url.endsWith('/api/user/me'));
    expect(me?.headers.get('authorization')).toBe('Bearer token-9');
  });
});
