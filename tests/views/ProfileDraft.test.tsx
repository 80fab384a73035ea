import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { KEPT_PROFILE_NOTE } from '../../src/views/account/useProfileDraft.ts';
import { clickSection, unloadAsks } from './queries.ts';
import { keptEntries, reloadApp } from './reloadApp.ts';
import { dashboardInput, dashboardRoutes, type Routes, rawBob, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };
const input = () => ({ ...dashboardInput(), location: { pathname: '/settings/profile', search: '' } });
const openForm = async () => within(await screen.findByRole('form', { name: 'Profile' }, slow));
const valuesOf = (form: ReturnType<typeof within>) =>
  [/Name/, /^Email/].map((label) => (form.getByLabelText(label) as HTMLInputElement).value);

afterEach(() => window.history.replaceState(null, '', '/'));

describe('Settings › Profile: what was typed stays through a reload', () => {
  /** Bob types a name (and an email), and the page is reloaded (the browser's question accepted). */
  async function typeThenReload(routes: Routes, email?: string) {
    window.history.replaceState(null, '', '/settings/profile');
    const first = renderApp(input(), routes);
    const typing = await openForm();
    fireEvent.change(typing.getByLabelText(/Name/), { target: { value: 'Bobby' } });
    if (email) fireEvent.change(typing.getByLabelText(/^Email/), { target: { value: email } });
    const { requests } = reloadApp(first, input(), routes);
    const form = await openForm();
    await waitFor(() => expect(valuesOf(form)).toEqual(['Bobby', email ?? 'bob@example.com']));
    return { form, requests };
  }

  test('the name and email are back with a note; Discard changes goes back to the saved profile', async () => {
    const { form } = await typeThenReload(dashboardRoutes(), 'bobby@example.com');
    expect(form.getByText(KEPT_PROFILE_NOTE).textContent).toBe(
      'Your changes to your profile are back as you left them: they are not saved yet. Save profile to keep them, or Discard changes to throw them away.',
    );
    // A new email still needs the current password, which is never kept.
    expect((form.getByLabelText(/Current password/) as HTMLInputElement).value).toBe('');
    expect(keptEntries()).toHaveLength(1);

    fireEvent.click(form.getByRole('button', { name: 'Discard changes' }));
    expect(valuesOf(form)).toEqual(['Bob', 'bob@example.com']);
    expect(form.queryByText(KEPT_PROFILE_NOTE)).toBeNull();
    expect(form.queryByRole('button', { name: 'Discard changes' })).toBeNull();
    expect(form.queryByLabelText(/Current password/)).toBeNull();
    expect(keptEntries()).toEqual([]);
  });

  test('saved ("Profile updated successfully"), the note and the kept draft are gone', async () => {
    const { form, requests } = await typeThenReload({
      ...dashboardRoutes(),
      'PUT /api/user/profile': { body: { ...rawBob, name: 'Bobby' } },
    });
    await form.findByText(KEPT_PROFILE_NOTE);

    fireEvent.click(form.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByText(/^Profile updated/)).textContent).toBe('Profile updated successfully');
    const put = requests.find((r) => r.method === 'PUT' && r.url.endsWith('/api/user/profile'));
    expect(await put?.json()).toEqual({ name: 'Bobby', email: 'bob@example.com' });
    await waitFor(() => expect(keptEntries()).toEqual([]));
    expect(form.queryByText(KEPT_PROFILE_NOTE)).toBeNull();
    expect(valuesOf(form)).toEqual(['Bobby', 'bob@example.com']);
  });
});

describe('Settings › Profile: leaving with typed changes asks first', () => {
  const ask = () => screen.findByRole('dialog', { name: 'Leave without saving?' }, slow);
  const goToStore = () => clickSection('Online Store');
  const unload = unloadAsks;
  const goToProfile = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'User Settings' }));
  };

  test('a sidebar click with a typed name asks; Stay keeps it, Leave goes and drops it', async () => {
    window.history.replaceState(null, '', '/settings/profile');
    renderApp(input(), dashboardRoutes());
    const form = await openForm();
    expect(unload()).toBe(false);
    fireEvent.change(form.getByLabelText(/Name/), { target: { value: 'Bobby' } });
    expect(unload()).toBe(true);

    goToStore();
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/settings/profile');
    expect(valuesOf(form)).toEqual(['Bobby', 'bob@example.com']);

    goToStore();
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(window.location.pathname).toBe('/store'));
    expect(screen.queryByRole('form', { name: 'Profile' })).toBeNull();
    expect(unload()).toBe(false);
    expect(keptEntries()).toEqual([]);

    // Left without saving: the form opens again on the saved profile.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    goToProfile();
    expect(valuesOf(await openForm())).toEqual(['Bob', 'bob@example.com']);
  });

  test('typed back as it was, a sidebar click goes at once', async () => {
    window.history.replaceState(null, '', '/settings/profile');
    renderApp(input(), dashboardRoutes());
    const form = await openForm();
    fireEvent.change(form.getByLabelText(/Name/), { target: { value: 'Bobby' } });
    fireEvent.change(form.getByLabelText(/Name/), { target: { value: 'Bob' } });
    expect(unload()).toBe(false);

    goToStore();
    await waitFor(() => expect(window.location.pathname).toBe('/store'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });
});
