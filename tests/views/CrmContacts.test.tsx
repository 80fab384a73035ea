import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

// The first section to load the data grid waits for its chunk, on a machine shared with other test files.
const slow = { timeout: 20_000 };
const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`;
const query = (r: Request) => new URL(r.url).searchParams;
const address = () => window.location.pathname + window.location.search;

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
    'GET /api/crm/contact-lists': {
      body: [
        { id: 3, name: 'VIP', contactCount: 1 },
        { id: 5, name: 'Newsletter', contactCount: 0 },
      ],
    },
    ...extra,
  };
}

const atContacts = (search = '') => ({
  ...dashboardInput(),
  location: { pathname: '/crm/contacts', search },
});

describe('CRM › Contacts', { timeout: 40_000 }, () => {
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

  /** Whether the contacts were last asked for with this list and search. */
  const askedFor = (requests: Request[], list: string | null, search: string) =>
    requests.some(
      (r) =>
        path(r) === 'GET /api/crm/contacts' &&
        query(r).get('contactListId') === list &&
        (query(r).get('search') ?? '') === search,
    );

  test('the List filter and the search are in the address: a reload keeps them, Back returns to the list before', async () => {
    const first = renderApp(atContacts(), contactRoutes());
    expect(await screen.findByText('grace@navy.example', {}, slow)).toBeInstanceOf(HTMLElement);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'List' }));
    fireEvent.click(await screen.findByRole('option', { name: 'VIP (1)' }));
    await waitFor(() => expect(address()).toBe('/crm/contacts?list=3'));
    await waitFor(() => expect(askedFor(first.requests, '3', '')).toBe(true));

    // Typing shows at once in the box; the address (and the server) get the text once the typing pauses.
    const box = () => screen.getByLabelText('Search contacts') as HTMLInputElement;
    for (const text of ['g', 'gr', 'gra']) fireEvent.change(box(), { target: { value: text } });
    expect(box().value).toBe('gra');
    expect(address()).toBe('/crm/contacts?list=3');
    await waitFor(() => expect(address()).toBe('/crm/contacts?list=3&q=gra'));
    await waitFor(() => expect(askedFor(first.requests, '3', 'gra')).toBe(true));
    expect(askedFor(first.requests, '3', 'g') || askedFor(first.requests, '3', 'gr')).toBe(false);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'List' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Newsletter (0)' }));
    await waitFor(() => expect(address()).toBe('/crm/contacts?list=5&q=gra'));

    // Back: the list chosen before, with the search typed there.
    act(() => window.history.back());
    await waitFor(() => expect(address()).toBe('/crm/contacts?list=3&q=gra'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'List' }).textContent).toBe('VIP (1)'));
    expect(box().value).toBe('gra');
    // Back again, before the list was chosen and anything typed: the box empties.
    act(() => window.history.back());
    await waitFor(() => expect(address()).toBe('/crm/contacts'));
    await waitFor(() => expect(box().value).toBe(''));
    await waitFor(() => expect(askedFor(first.requests, null, '')).toBe(true));
    expect(address()).toBe('/crm/contacts');
    first.unmount();

    // A reload of that address shows the same list and search.
    const reloaded = renderApp(atContacts('?list=3&q=gra'), contactRoutes());
    expect(await screen.findByText('grace@navy.example', {}, slow)).toBeInstanceOf(HTMLElement);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'List' }).textContent).toBe('VIP (1)'));
    expect((screen.getByLabelText('Search contacts') as HTMLInputElement).value).toBe('gra');
    await waitFor(() => expect(askedFor(reloaded.requests, '3', 'gra')).toBe(true));
  });
});
