import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import {
  BUSINESS_DETAILS_FAILED,
  BUSINESS_DETAILS_SAVED,
} from '../../src/machines/account/businessDetailsMachine.ts';
import { KEPT_TYPING_NOTE } from '../../src/views/common/useKeptDraft.ts';
import { bobProfile } from './businessFixtures.ts';
import { unloadAsks } from './queries.ts';
import { keptEntries, reloadApp } from './reloadApp.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const profile = bobProfile;
const slow = { timeout: 10_000 };

describe('Settings › Business details', () => {
  test('saves the details; the form’s actor runs only on its page, so “saved” does not outlive a visit', async () => {
    const { system, requests } = renderApp(
      { ...dashboardInput(), location: { pathname: '/settings/business', search: '' } },
      {
        ...dashboardRoutes(),
        'GET /api/business/profile': { body: profile },
        'PUT /api/business/profile': async (request) => ({ body: { ...profile, ...(await request.json()) } }),
      },
    );
    const phone = await screen.findByRole('textbox', { name: 'Phone' }, slow);
    expect(system.actor.system.get('businessDetails')).toBeDefined();
    fireEvent.change(phone, { target: { value: '555 0199' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save business details' }));
    const form = () => within(screen.getByRole('form', { name: 'Business details' }));
    expect((await form().findByRole('alert')).textContent).toBe(BUSINESS_DETAILS_SAVED);
    const put = requests.find((r) => r.method === 'PUT' && r.url.endsWith('/api/business/profile'));
    expect(await put?.json()).toMatchObject({ phone: '555 0199' });

    // Elsewhere the form's actor is stopped; back on the page, a fresh form (no “saved” from before).
    system.actor.send({ type: 'nav.go', route: { name: 'websites', params: {} } });
    await waitFor(() => expect(system.actor.system.get('businessDetails')).toBeUndefined());
    system.actor.send({ type: 'nav.go', route: { name: 'settings', params: { tab: 'business' } } });
    expect(((await screen.findByRole('textbox', { name: 'Phone' }, slow)) as HTMLInputElement).value).toBe(
      '555 0199',
    );
    expect(system.actor.system.get('businessDetails')).toBeDefined();
    expect(form().queryByRole('alert')).toBeNull();
  }, 30_000);

  test('a save that fails keeps what was typed and says what to do next', async () => {
    renderApp(
      { ...dashboardInput(), location: { pathname: '/settings/business', search: '' } },
      {
        ...dashboardRoutes(),
        'GET /api/business/profile': { body: profile },
        'PUT /api/business/profile': { status: 503, body: { message: 'Service unavailable' } },
      },
    );
    const address = await screen.findByRole('textbox', { name: 'Address' }, slow);
    fireEvent.change(address, { target: { value: '12 Baker Street' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save business details' }));
    const toast = (await screen.findByText(BUSINESS_DETAILS_FAILED, {}, slow)).closest('[role="alert"]');
    expect(toast?.textContent).toContain(
      'Your changes are still in the form: check your connection and save again.',
    );
    expect((address as HTMLInputElement).value).toBe('12 Baker Street');
  }, 30_000);

  describe('leaving with unsaved changes asks first', () => {
    afterEach(() => window.history.replaceState(null, '', '/'));
    const open = async (routes: Routes = {}) => {
      window.history.replaceState(null, '', '/settings/business');
      const { requests } = renderApp(
        { ...dashboardInput(), location: { pathname: '/settings/business', search: '' } },
        { ...dashboardRoutes(), 'GET /api/business/profile': { body: profile }, ...routes },
      );
      return { phone: await screen.findByRole('textbox', { name: 'Phone' }, slow), requests };
    };
    const ask = () => screen.findByRole('dialog', { name: 'Leave without saving?' });
    /** Stay: the question goes; the page, and what was typed in it, stay. */
    const stay = async () => {
      fireEvent.click(within(await ask()).getByRole('button', { name: 'Stay on this page' }));
      await waitFor(
        () => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull(),
        slow,
      );
      expect(window.location.pathname).toBe('/settings/business');
      expect((screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe('555 0199');
    };
    const leave = async () =>
      fireEvent.click(within(await ask()).getByRole('button', { name: 'Leave without saving' }));
    const sidebar = () => within(screen.getByRole('navigation', { name: 'Sections' }));
    const unload = unloadAsks;

    test('a sidebar click with typed changes asks; Stay keeps the form as typed, Leave goes', async () => {
      const { phone } = await open();
      expect(unload()).toBe(false);
      fireEvent.change(phone, { target: { value: '555 0199' } });
      expect(unload()).toBe(true);

      fireEvent.click(sidebar().getAllByRole('button', { name: 'Online Store' })[0] as HTMLElement);
      expect(within(await ask()).getByText(/^You have unsaved changes/).textContent).toBe(
        'You have unsaved changes on this page. Stay to save them, or leave and lose them.',
      );
      await stay();

      fireEvent.click(sidebar().getAllByRole('button', { name: 'Online Store' })[0] as HTMLElement);
      await leave();
      await waitFor(() => expect(window.location.pathname).toBe('/store'));
      expect(screen.queryByRole('form', { name: 'Business details' })).toBeNull();
      expect(unload()).toBe(false);
    }, 30_000);

    test('Back with typed changes asks, and Stay puts the address back', async () => {
      const { phone } = await open();
      window.history.pushState(null, '', '/settings/business');
      fireEvent.change(phone, { target: { value: '555 0199' } });
      // Back: the browser shows the address before, then tells the app.
      window.history.replaceState(null, '', '/websites');
      window.dispatchEvent(new PopStateEvent('popstate'));

      await stay();
    }, 30_000);

    test('Logout with typed changes asks too: Stay keeps the form as typed, Leave signs out', async () => {
      const { phone, requests } = await open({ 'POST /api/auth/logout': { status: 204 } });
      const logoutCalls = () => requests.filter((r) => r.url.endsWith('/api/auth/logout')).length;
      fireEvent.change(phone, { target: { value: '555 0199' } });
      const logout = () => {
        fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
        fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
      };

      logout();
      await stay();
      expect(screen.queryByRole('form', { name: 'Authentication' })).toBeNull();
      expect(logoutCalls()).toBe(0);

      logout();
      await leave();
      await screen.findByRole('form', { name: 'Authentication' }, slow);
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Sign in');
      expect(window.location.pathname).toBe('/login');
      expect(logoutCalls()).toBe(1);
    }, 30_000);

    test('nothing typed, or the changes saved: a sidebar click goes at once', async () => {
      const { phone } = await open();
      fireEvent.change(phone, { target: { value: '555 0199' } });
      fireEvent.change(phone, { target: { value: '555 0100' } });
      fireEvent.click(sidebar().getAllByRole('button', { name: 'Online Store' })[0] as HTMLElement);
      await waitFor(() => expect(window.location.pathname).toBe('/store'));
      expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    }, 30_000);
  });
});

describe('Settings › Business details: what was typed stays through a reload', () => {
  const input = () => ({ ...dashboardInput(), location: { pathname: '/settings/business', search: '' } });
  const phoneValue = () => (screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value;
  /** Bob types a phone number, and the page is reloaded. */
  async function typeThenReload(routes: Routes) {
    const first = renderApp(input(), routes);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Phone' }, slow), {
      target: { value: '555 0199' },
    });
    reloadApp(first, input(), routes);
    await waitFor(() => expect(phoneValue()).toBe('555 0199'), slow);
    const form = within(screen.getByRole('form', { name: 'Business details' }));
    // The note and the buttons show once the user's permissions are in (an editor's form).
    await form.findByRole('button', { name: 'Save business details' }, slow);
    return form;
  }

  test('the change is back with the note; Cancel goes back to the saved details and drops it', async () => {
    const form = await typeThenReload({
      ...dashboardRoutes(),
      'GET /api/business/profile': { body: profile },
    });
    expect(form.getByText(KEPT_TYPING_NOTE).textContent).toBe(
      'We kept what you typed here before the page was reloaded or closed. Save to keep it, or Cancel to throw it away.',
    );
    expect(form.getByRole('textbox', { name: 'Business name' })).toHaveProperty('value', 'Bob Bakery');

    fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(phoneValue()).toBe('555 0100');
    expect(form.queryByText(KEPT_TYPING_NOTE)).toBeNull();
    expect(form.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(keptEntries()).toEqual([]);
  }, 30_000);

  test('saved, the kept draft is gone', async () => {
    let saved = profile;
    const form = await typeThenReload({
      ...dashboardRoutes(),
      'GET /api/business/profile': () => ({ body: saved }),
      'PUT /api/business/profile': async (request) => {
        saved = { ...profile, ...(await request.json()) };
        return { body: saved };
      },
    });
    expect(keptEntries()).toHaveLength(1);
    fireEvent.click(form.getByRole('button', { name: 'Save business details' }));
    expect((await form.findByText(BUSINESS_DETAILS_SAVED)).textContent).toBe(BUSINESS_DETAILS_SAVED);
    await waitFor(() => expect(keptEntries()).toEqual([]));
    expect(form.queryByText(KEPT_TYPING_NOTE)).toBeNull();
  }, 30_000);
});
