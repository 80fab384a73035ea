import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { fakeInbox, site, submission } from './formInboxFixtures.ts';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

// The first section to load waits for its chunk: longer than findBy's default second.
const slow = { timeout: 10_000 };

const routes = () => ({
  ...dashboardRoutes(),
  'GET /api/website': { body: [site(1, 'bench-bakery', 1), site(2, 'bench-bakery-2', 2)] },
  'GET /api/forms/submissions': fakeInbox([
    submission(3, 2, 'Cleo'),
    submission(2, 2, 'Bea'),
    submission(1, 1, 'Ann'),
  ]),
});

/** The server's answer to opening submission `id` (Bea's): it is marked read. */
const openable = (id: number) => ({
  [`GET /api/forms/submissions/${id}`]: { body: { ...submission(id, 2, 'Bea'), status: 'read' } },
});

const inbox = () => screen.findByRole('list', { name: 'Form submissions' }, slow);
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('button')
    .map((row) => (row.textContent?.match(/Name: ([A-Z][a-z]+)/) ?? [])[1]);

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('form submissions of one website', () => {
  test("a card's Forms button opens that site's submissions at an address that keeps the filter", async () => {
    renderApp({ ...dashboardInput(), location: { pathname: '/websites', search: '' } }, routes());

    const cards = await screen.findAllByRole('article', { name: 'Bench Bakery' }, slow);
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Forms' }));

    const list = await inbox();
    await waitFor(() => expect(names(list)).toEqual(['Cleo', 'Bea']));
    expect(window.location.pathname).toBe('/forms');
    expect(window.location.search).toBe('?site=2');
    expect(screen.getByText(/^Total: /).textContent).toBe('Total: 2 submissions');
    // Sites that share a name are told apart by their address.
    expect(screen.getByRole('combobox', { name: 'Website' }).textContent).toBe(
      'Bench Bakery (bench-bakery-2)',
    );
    expect(within(list).getAllByText('Contact Us · Bench Bakery (bench-bakery-2)')).toHaveLength(2);

    // Choosing all websites again shows every submission, and the address says so.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Website' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All websites' }));
    await waitFor(() => expect(names(list)).toEqual(['Cleo', 'Bea', 'Ann']));
    expect(window.location.search).toBe('');
    expect(screen.getByText(/^Total: /).textContent).toBe('Total: 3 submissions');
  });

  test('the filtered address, opened directly, shows only that site', async () => {
    window.history.replaceState(null, '', '/forms?site=1');
    renderApp({ ...dashboardInput(), location: { pathname: '/forms', search: '?site=1' } }, routes());

    const list = await inbox();
    await waitFor(() => expect(names(list)).toEqual(['Ann']));
    expect(screen.getByRole('combobox', { name: 'Website' }).textContent).toBe('Bench Bakery (bench-bakery)');
  });

  test('an opened submission is in the address: a reload opens it again, Delete closes it', async () => {
    const first = renderApp(
      { ...dashboardInput(), location: { pathname: '/forms', search: '' } },
      { ...routes(), ...openable(2) },
    );
    const list = await inbox();
    fireEvent.click(within(list).getByText('Name: Bea'));

    const details = await screen.findByLabelText('Submission details');
    expect(within(details).getByText('Bea').tagName).toBe('DD');
    expect(window.location.pathname + window.location.search).toBe('/forms?submission=2');
    first.unmount();

    // The reload: the same address shows the same submission.
    const { requests } = renderApp(
      { ...dashboardInput(), location: { pathname: '/forms', search: '?submission=2' } },
      { ...routes(), ...openable(2), 'DELETE /api/forms/submissions/2': { status: 204 } },
    );
    const reopened = await screen.findByLabelText('Submission details', {}, slow);
    expect(within(reopened).getByText('Bea').tagName).toBe('DD');

    fireEvent.click(within(reopened).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this submission?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete submission' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(
      requests.filter((request) => request.method === 'DELETE').map((r) => new URL(r.url).pathname),
    ).toEqual(['/api/forms/submissions/2']);
  });

  test('Delete asks first, naming the submission; Cancel keeps it and sends nothing', async () => {
    const { requests } = renderApp(
      { ...dashboardInput(), location: { pathname: '/forms', search: '?submission=2' } },
      { ...routes(), ...openable(2), 'DELETE /api/forms/submissions/2': { status: 204 } },
    );
    const details = await screen.findByLabelText('Submission details', {}, slow);
    fireEvent.click(within(details).getByRole('button', { name: 'Delete' }));

    const confirm = await screen.findByRole('dialog', { name: 'Delete this submission?' });
    expect(within(confirm).getByText(/will be deleted for good/).textContent).toBe(
      `The “Contact Us” submission (Name: Bea), sent ${new Date('2026-02-02T10:00:00.000Z').toLocaleString()}, will be deleted for good. This cannot be undone.`,
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this submission?' })).toBeNull());
    expect(within(screen.getByLabelText('Submission details')).getByText('Bea').tagName).toBe('DD');
    expect(window.location.search).toBe('?submission=2');
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);
  });

  test('Database View: each row opens from the keyboard too (its date is a button)', async () => {
    renderApp(
      { ...dashboardInput(), location: { pathname: '/forms', search: '' } },
      {
        ...routes(),
        'GET /api/forms/submissions/1': { body: { ...submission(1, 1, 'Ann'), status: 'read' } },
      },
    );
    await inbox();
    fireEvent.click(screen.getByRole('button', { name: 'Database View' }));
    const table = screen.getByRole('table', { name: 'Form submissions table' });

    const openers = within(table).getAllByRole('button');
    expect(openers.map((button) => button.tagName)).toEqual(['BUTTON', 'BUTTON', 'BUTTON']);
    openers[2]?.focus();
    expect(document.activeElement).toBe(openers[2]);
    fireEvent.click(openers[2] as HTMLElement);

    const details = await screen.findByLabelText('Submission details');
    expect(within(details).getByText('Ann').tagName).toBe('DD');
    expect(window.location.search).toBe('?submission=1');
  });
});
