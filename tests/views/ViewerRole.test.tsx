import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { VIEW_ONLY } from '../../src/services/session/permissionsQueries.ts';
import { grace } from './crmFixtures.ts';
import { bakerySite, dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

// The first section to load the data grid waits for its chunk: longer than findBy's default second.
const slow = { timeout: 10_000 };

const cleo = {
  id: 2,
  userId: 7,
  userName: 'Cleo',
  userEmail: 'cleo@example.com',
  roleName: 'Viewer',
  joinedAt: '2025-01-02T10:00:00Z',
};

/** The dashboard's server, as seen by a member whose role in the account is `role`. */
function routesAs(role: string, extra: Routes = {}): Routes {
  return {
    ...dashboardRoutes(undefined, role),
    'GET /api/website': { body: [bakerySite] },
    'GET /api/crm/contacts': { body: { contacts: [grace], totalCount: 1 } },
    'GET /api/crm/contact-lists': { body: [] },
    'GET /api/accounts/a1/users': { body: [cleo] },
    'GET /api/accounts/a1/invitations': { body: [] },
    ...extra,
  };
}

function open(group: string, item: string) {
  const nav = within(screen.getByRole('navigation', { name: 'Sections' }));
  fireEvent.click(nav.getByRole('button', { name: group }));
  fireEvent.click(nav.getByRole('button', { name: item }));
}

// Each test loads a data grid chunk on a machine shared with other work: more than the default 5 s.
describe('what the current role may not do is not shown', { timeout: 20_000 }, () => {
  test('a Viewer sees the websites but no Create, Edit or Delete; Preview stays', async () => {
    renderApp(dashboardInput(), routesAs('Viewer'));
    open('Website Builder', 'All Websites');

    const card = await screen.findByRole('article', { name: 'Bakery Site' }, slow);
    // The note shows once the role is known: the absences below are not a page still loading.
    expect((await screen.findByRole('note')).textContent).toBe(`${VIEW_ONLY}.`);
    expect(within(card).getByRole('button', { name: 'Preview' })).toBeInstanceOf(HTMLButtonElement);
    expect(within(card).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create From Scratch' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate Website' })).toBeNull();
  });

  test('a User sees Create, Edit and Delete on the websites, and no view-only note', async () => {
    renderApp(dashboardInput(), routesAs('User'));
    open('Website Builder', 'All Websites');

    const card = await screen.findByRole('article', { name: 'Bakery Site' }, slow);
    expect(await within(card).findByRole('button', { name: 'Edit' })).toBeInstanceOf(HTMLButtonElement);
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInstanceOf(HTMLButtonElement);
    expect(screen.getByRole('button', { name: 'Create From Scratch' })).toBeInstanceOf(HTMLButtonElement);
    expect(screen.queryByRole('note')).toBeNull();
  });

  test('a Viewer reads the contacts but gets no Add, Import or Create list, and a row opens nothing', async () => {
    renderApp(dashboardInput(), routesAs('Viewer'));
    open('CRM', 'Contacts');

    expect(await screen.findByText('grace@navy.example', {}, slow)).toBeInstanceOf(HTMLElement);
    expect((await screen.findByRole('note')).textContent).toBe(`${VIEW_ONLY}.`);
    expect(screen.queryByRole('button', { name: 'Add contact' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create list' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInstanceOf(HTMLButtonElement);
    fireEvent.click(screen.getByText('grace@navy.example'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a Viewer opens a deal to read it: its fields are shown but disabled, with no Save or Delete', async () => {
    const stamp = '2026-01-01T00:00:00.000Z';
    const wedding = {
      id: 9,
      title: 'Wedding cake',
      value: 300,
      stage: 'proposal',
      pipelineId: 1,
      contactId: null,
      expectedCloseDate: '2026-06-20',
      createdAt: stamp,
      updatedAt: stamp,
    };
    const { requests } = renderApp(
      dashboardInput(),
      routesAs('Viewer', {
        'GET /api/crm/deals': { body: [wedding] },
        'GET /api/crm/pipelines': {
          body: [{ id: 1, name: 'Sales', stages: ['lead', 'proposal'], isDefault: true }],
        },
      }),
    );
    open('CRM', 'Deals');
    expect((await screen.findByRole('note', {}, slow)).textContent).toBe(`${VIEW_ONLY}.`);

    fireEvent.click(await screen.findByRole('button', { name: 'View deal Wedding cake' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'View deal' }));
    const field = (label: string | RegExp) => dialog.getByLabelText(label) as HTMLInputElement;
    expect([
      field(/^Deal title/).value,
      field('Value (USD)').value,
      field('Expected close date').value,
    ]).toEqual(['Wedding cake', '300', '2026-06-20']);
    expect([field(/^Deal title/).disabled, field('Value (USD)').disabled, field('Contact').disabled]).toEqual(
      [true, true, true],
    );
    const stage = dialog.getByRole('combobox', { name: 'Stage' });
    expect([stage.textContent, stage.getAttribute('aria-disabled')]).toEqual(['proposal', 'true']);
    expect(dialog.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Delete' })).toBeNull();

    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'View deal' })).toBeNull());
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  test('a User gets Add contact and Import CSV', async () => {
    renderApp(dashboardInput(), routesAs('User'));
    open('CRM', 'Contacts');

    expect(await screen.findByText('grace@navy.example', {}, slow)).toBeInstanceOf(HTMLElement);
    expect(await screen.findByRole('button', { name: 'Add contact' })).toBeInstanceOf(HTMLButtonElement);
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInstanceOf(HTMLButtonElement);
  });

  test('a User sees the team but no Add User and no role to change', async () => {
    const { system } = renderApp(dashboardInput(), routesAs('User'));
    open('Settings', 'Teams');
    expect(await screen.findByText('cleo@example.com', {}, slow)).toBeInstanceOf(HTMLElement);
    // The role and the table are both in: the absences below are not a page still loading.
    await waitFor(() => {
      expect(system.queries.current()?.getQueryState(['accounts'])?.status).toBe('success');
      expect(system.queries.current()?.getQueryState(['permissions'])?.status).toBe('success');
    });
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role of cleo@example.com' })).toBeNull();
  });

  test('an Admin of the account gets Add User and the role selector', async () => {
    renderApp(dashboardInput(), routesAs('Admin'));
    open('Settings', 'Teams');
    expect(await screen.findByText('cleo@example.com', {}, slow)).toBeInstanceOf(HTMLElement);
    expect(await screen.findByRole('button', { name: 'Add User' })).toBeInstanceOf(HTMLButtonElement);
    expect(screen.getByRole('combobox', { name: 'Role of cleo@example.com' })).toBeInstanceOf(HTMLElement);
  });

  test('while the role is still loading no write control shows', async () => {
    // The accounts never answer: the role stays unknown.
    renderApp(dashboardInput(), routesAs('User', { 'GET /api/accounts': () => new Promise(() => {}) }));
    open('CRM', 'Contacts');

    expect(await screen.findByText('grace@navy.example', {}, slow)).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('button', { name: 'Add contact' })).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
