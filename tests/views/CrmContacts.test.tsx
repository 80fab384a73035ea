import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { grace, requestPath as path, requestQuery as query } from './crmFixtures.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

// The first section to load the data grid waits for its chunk, on a machine shared with other test files.
const slow = { timeout: 20_000 };
const address = () => window.location.pathname + window.location.search;

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

  test('a failed Export CSV says so and what to do, once (no toast beside); it is no unhandled rejection', async () => {
    const { requests, system } = renderApp(
      atContacts(),
      contactRoutes({
        'GET /api/crm/contacts/export': { status: 500, body: { message: 'Server unavailable' } },
      }),
    );
    expect(await screen.findByText('grace@navy.example', {}, slow)).toBeInstanceOf(HTMLElement);
    const toastsRaised = () => system.actor.system.get('toasts')?.getSnapshot().context.nextId;
    const before = toastsRaised();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    const alert = await screen.findByText(/^Could not export the contacts/, {}, slow);
    expect(alert.textContent).toBe('Could not export the contacts: Server unavailable. Try again.');
    expect(toastsRaised()).toBe(before);
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

  test('the page is in the address: a reload, Back and a closed contact return to it; a new search starts at page 1', async () => {
    // 45 contacts, 20 a page: page n holds "Person n-1" … "Person n-20".
    const pageOf = (request: Request) => {
      const page = Number(query(request).get('page'));
      const contacts = Array.from({ length: page === 3 ? 5 : 20 }, (_, i) => ({
        ...grace,
        id: page * 100 + i,
        firstName: 'Person',
        lastName: `${page}-${i + 1}`,
        email: `p${page}-${i + 1}@example.com`,
      }));
      return { body: { contacts, totalCount: 45 } };
    };
    const pagesAsked = (requests: Request[]) =>
      requests.filter((r) => path(r) === 'GET /api/crm/contacts').map((r) => query(r).get('page'));
    const first = renderApp(atContacts(), contactRoutes({ 'GET /api/crm/contacts': pageOf }));
    expect(await screen.findByText('p1-1@example.com', {}, slow)).toBeInstanceOf(HTMLElement);

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(address()).toBe('/crm/contacts?page=2'));
    expect(await screen.findByText('p2-1@example.com', {}, slow)).toBeInstanceOf(HTMLElement);
    expect(pagesAsked(first.requests).at(-1)).toBe('2');

    // An opened contact keeps the page in its address; closing it comes back to that page.
    fireEvent.click(screen.getByText('p2-3@example.com'));
    await waitFor(() => expect(address()).toBe('/crm/contacts/202?page=2'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }, slow));
    await waitFor(() => expect(address()).toBe('/crm/contacts?page=2'));
    expect(screen.getByText('p2-1@example.com')).toBeInstanceOf(HTMLElement);

    // A page chosen is a Back step.
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(address()).toBe('/crm/contacts?page=3'));
    expect(await screen.findByText('p3-5@example.com', {}, slow)).toBeInstanceOf(HTMLElement);
    act(() => window.history.back());
    await waitFor(() => expect(address()).toBe('/crm/contacts?page=2'));
    expect(await screen.findByText('p2-1@example.com', {}, slow)).toBeInstanceOf(HTMLElement);

    // A search starts again at the first page.
    fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: 'Person' } });
    await waitFor(() => expect(address()).toBe('/crm/contacts?q=Person'));
    expect(await screen.findByText('p1-1@example.com', {}, slow)).toBeInstanceOf(HTMLElement);
    first.unmount();

    // A reload (or a shared link) of page 3 asks the server for page 3 and says where it is.
    window.history.replaceState(null, '', '/crm/contacts?page=3');
    const reloaded = renderApp(atContacts('?page=3'), contactRoutes({ 'GET /api/crm/contacts': pageOf }));
    expect(await screen.findByText('p3-5@example.com', {}, slow)).toBeInstanceOf(HTMLElement);
    // (The CRM also loads the first page of contacts when it opens, spec §7: the list's own request is first.)
    expect(pagesAsked(reloaded.requests)[0]).toBe('3');
    expect(screen.getByText('41–45 of 45')).toBeInstanceOf(HTMLElement);
    expect(address()).toBe('/crm/contacts?page=3');
    reloaded.unmount();

    // A shared link with a page size asks for that many rows, and an opened contact keeps both.
    window.history.replaceState(null, '', '/crm/contacts?page=2&size=10');
    const sized = renderApp(
      atContacts('?page=2&size=10'),
      contactRoutes({ 'GET /api/crm/contacts': pageOf }),
    );
    expect(await screen.findByText('p2-1@example.com', {}, slow)).toBeInstanceOf(HTMLElement);
    const listAsked = sized.requests.filter((r) => path(r) === 'GET /api/crm/contacts')[0] as Request;
    expect([query(listAsked).get('page'), query(listAsked).get('pageSize')]).toEqual(['2', '10']);
    fireEvent.click(screen.getByText('p2-1@example.com'));
    await waitFor(() => expect(address()).toBe('/crm/contacts/200?page=2&size=10'));
  });
});
