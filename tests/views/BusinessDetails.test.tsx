import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import {
  BUSINESS_DETAILS_FAILED,
  BUSINESS_DETAILS_SAVED,
} from '../../src/machines/account/businessDetailsMachine.ts';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const profile = {
  businessName: 'Bob Bakery',
  industry: 'retail',
  services: 'Bread',
  email: 'bob@example.com',
  phone: '555 0100',
  address: '',
  socialLinks: [],
  websiteId: null,
};
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
});
