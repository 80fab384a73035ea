import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };
const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`;

const grace = {
  id: 4,
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@navy.example',
  phone: '',
  tags: [],
};

function contactRoutes(extra: Routes = {}): Routes {
  return {
    ...dashboardRoutes(),
    'GET /api/crm/contacts': { body: { contacts: [grace], totalCount: 1 } },
    'GET /api/crm/contact-lists': { body: [] },
    ...extra,
  };
}

const atContacts = (search = '') => ({
  ...dashboardInput(),
  location: { pathname: '/crm/contacts', search },
});

describe('CRM › Contacts', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  test('a failed Export CSV says so and what to do; it is no unhandled rejection', async () => {
    const { requests } = renderApp(
      atContacts(),
      contactRoutes({
        'GET /api/crm/contacts/export': { status: 500, body: { message: 'Server unavailable' } },
      }),
    );
    expect(await screen.findByText('grace@navy.example', {}, slow)).toBeInstanceOf(HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    const alert = await screen.findByText(/^Could not export the contacts/, {}, slow);
    expect(alert.textContent).toBe('Could not export the contacts: Server unavailable. Try again.');
    const exports = () => requests.filter((r) => path(r) === 'GET /api/crm/contacts/export').length;
    const asked = exports();
    // Trying again asks the server again.
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exports()).toBeGreaterThan(asked));
  });
});
