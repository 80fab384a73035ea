import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { grace } from './crmFixtures.ts';
import { fakePhoneMedia } from './phoneMedia.ts';
import { rowsOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const { setPhone } = fakePhoneMedia();

const slow = { timeout: 20_000 };
const routes = () => ({
  ...dashboardRoutes(),
  'GET /api/crm/contacts': { body: { contacts: [{ ...grace, tags: ['navy'] }], totalCount: 1 } },
  'GET /api/crm/contact-lists': { body: [] },
});
const atContacts = () => ({ ...dashboardInput(), location: { pathname: '/crm/contacts', search: '' } });
const headers = () => rowsOf(screen.getByRole('grid', { name: 'Contacts' }))[0];

describe('CRM › Contacts on a phone', { timeout: 40_000 }, () => {
  afterEach(() => {
    setPhone(false);
    window.history.replaceState(null, '', '/');
  });

  test('the table keeps the name and email, the secondary columns start hidden', async () => {
    setPhone(true);
    renderApp(atContacts(), routes());
    await screen.findByText('grace@navy.example', {}, slow);
    await waitFor(() => expect(headers()).toEqual(['Name', 'Email', 'Being edited']));
    expect(screen.queryByText('navy')).toBeNull();
  });

  test('on a wider window every column shows', async () => {
    renderApp(atContacts(), routes());
    await screen.findByText('grace@navy.example', {}, slow);
    expect(headers()).toEqual(['Name', 'Email', 'Phone', 'Company', 'Tags', 'Being edited']);
    expect(screen.getByText('navy').textContent).toBe('navy');
  });
});
