import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { grace, requestPath as path, requestQuery as query } from './crmFixtures.ts';
import { descriptionOf, rowOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };
const stamp = '2026-01-01T00:00:00.000Z';
const lead = {
  id: 1,
  name: 'Walk-in',
  email: 'walk@example.com',
  phone: '555 0100',
  company: 'Bakery',
  status: 'new',
  source: 'website form',
  value: 120,
  notes: 'Wants bread',
  pagePath: '/contact',
  contactId: null,
  dealId: null,
  createdAt: stamp,
  updatedAt: stamp,
};
const deal = { id: 9, title: 'Wedding cake', value: 300, stage: 'lead', pipelineId: 1, contactId: null };
const activity = {
  id: 3,
  type: 'call',
  subject: 'Call back',
  description: '',
  dueDate: null,
  completed: false,
  contactId: null,
  dealId: null,
  contactName: null,
  dealTitle: null,
  createdAt: stamp,
};

function crmRoutes(extra: Routes = {}): Routes {
  return {
    ...dashboardRoutes(),
    'GET /api/crm/contacts': { body: { contacts: [grace], totalCount: 1 } },
    'GET /api/crm/leads': (r) =>
      query(r).get('page')
        ? { body: [lead], headers: { 'x-total-count': '41' } }
        : { body: [lead], headers: { 'x-total-count': '1' } },
    'GET /api/crm/deals': { body: [deal] },
    'GET /api/crm/activities': { body: [activity], headers: { 'x-total-count': '1' } },
    'GET /api/crm/workflows': { body: [] },
    ...extra,
  };
}

async function openCrm(item: string) {
  const nav = within(screen.getByRole('navigation', { name: 'Sections' }));
  fireEvent.click(nav.getByRole('button', { name: 'CRM' }));
  fireEvent.click(await nav.findByRole('button', { name: item }));
}

/** Picks `option` in the MUI select labelled `label`. */
async function choose(scope: ReturnType<typeof within>, label: string, option: string | RegExp) {
  fireEvent.mouseDown(scope.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('CRM lists: leads and activities with dialogs, search and paging', () => {
  test('leads page and search on the server; the dialog edits every field through the machine', async () => {
    const { requests } = renderApp(
      dashboardInput(),
      crmRoutes({
        'PUT /api/crm/leads/1': { body: lead },
        'POST /api/crm/leads': { status: 201, body: lead },
      }),
    );
    await openCrm('Leads');
    const grid = await screen.findByRole('grid', { name: 'Leads' }, slow);
    await within(grid).findByText('Walk-in', {}, slow);
    expect(rowOf(within(grid).getByText('Walk-in'))).toEqual([
      'Walk-in',
      'walk@example.com',
      '555 0100',
      'Bakery',
      'website form',
      '$120.00',
      'new',
      'Edit Walk-in Convert Walk-in Delete Walk-in',
    ]);
    await waitFor(() => expect(screen.getByText(/ of \d+$/).textContent).toBe('1–20 of 41'), slow);
    const paged = requests.filter((r) => path(r) === 'GET /api/crm/leads' && query(r).get('page'));
    expect(query(paged[0] as Request).toString()).toBe('page=1&pageSize=20');

    // The page chosen is in the address (a reload or Back shows it again); a search starts at page 1.
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/crm/leads?page=2'));
    await waitFor(() =>
      expect(requests.some((r) => path(r) === 'GET /api/crm/leads' && query(r).get('page') === '2')).toBe(
        true,
      ),
    );
    fireEvent.change(screen.getByLabelText('Search leads'), { target: { value: 'bake ry' } });
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/crm/leads?q=bake+ry'),
    );
    await waitFor(() =>
      expect(requests.some((r) => query(r).get('search') === 'bake ry' && query(r).get('page') === '1')).toBe(
        true,
      ),
    );
    // The page size is in the address too, beside the search (a reload of a later page keeps its rows).
    await choose(within(document.body), 'Rows per page:', '50');
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/crm/leads?q=bake+ry&size=50'),
    );
    await waitFor(() =>
      expect(
        requests.some((r) => query(r).get('search') === 'bake ry' && query(r).get('pageSize') === '50'),
      ).toBe(true),
    );

    fireEvent.click(within(grid).getByRole('button', { name: 'Edit Walk-in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit lead' }));
    for (const [label, value] of [
      ['Email', 'walk@example.com'],
      ['Phone', '555 0100'],
      ['Company', 'Bakery'],
      ['Source', 'website form'],
      ['Value (USD)', '120'],
      ['Notes', 'Wants bread'],
    ]) {
      expect((dialog.getByLabelText(label) as HTMLInputElement).value, label).toBe(value);
    }
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'not an email' } });
    expect(descriptionOf(dialog.getByLabelText('Email'))).toBe(
      'Enter a valid email address, like name@example.com.',
    );
    expect((dialog.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: ' Walk@Example.com ' } });
    fireEvent.change(dialog.getByLabelText('Value (USD)'), { target: { value: '250.5' } });
    await choose(dialog, 'Status', 'qualified');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => path(r) === 'PUT /api/crm/leads/1')).toBe(true), slow);
    const put = requests.find((r) => path(r) === 'PUT /api/crm/leads/1') as Request;
    // Only what was changed: what another member changed meanwhile stays.
    expect(await put.json()).toEqual({ email: 'Walk@Example.com', status: 'qualified', value: 250.5 });

    fireEvent.click(screen.getByRole('button', { name: 'Add lead' }));
    const add = within(await screen.findByRole('dialog', { name: 'Add lead' }));
    expect((add.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(add.getByLabelText(/^Name/), { target: { value: 'Zed' } });
    fireEvent.click(add.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => path(r) === 'POST /api/crm/leads')).toBe(true), slow);
    const post = requests.find((r) => path(r) === 'POST /api/crm/leads') as Request;
    expect(await post.json()).toMatchObject({ name: 'Zed', status: 'new', value: 0 });
  }, 30_000);

  test('activities: search, and a dialog with every field, the contact searched and the deal from the list', async () => {
    let deleted = false;
    const { requests } = renderApp(
      dashboardInput(),
      crmRoutes({
        'GET /api/crm/activities': () =>
          deleted
            ? { body: [], headers: { 'x-total-count': '0' } }
            : { body: [activity], headers: { 'x-total-count': '1' } },
        'PUT /api/crm/activities/3': { body: activity },
        'DELETE /api/crm/activities/3': () => {
          deleted = true;
          return { status: 204 };
        },
      }),
    );
    await openCrm('Activities');
    const grid = await screen.findByRole('grid', { name: 'Activities' }, slow);
    // The done checkbox (by its label), type, subject, then no contact, deal or due date.
    expect(rowOf(await within(grid).findByText('Call back', {}, slow))).toEqual([
      'Done: Call back',
      'call',
      'Call back',
      '',
      '',
      '',
      'EditDelete',
    ]);
    fireEvent.change(screen.getByLabelText('Search activities'), { target: { value: 'hopper' } });
    await waitFor(() =>
      expect(
        requests.some((r) => path(r) === 'GET /api/crm/activities' && query(r).get('search') === 'hopper'),
      ).toBe(true),
    );

    fireEvent.click(within(grid).getByRole('button', { name: 'Edit Call back' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit activity' }));
    fireEvent.change(dialog.getByLabelText(/^Subject/), { target: { value: 'Call Grace back' } });
    fireEvent.change(dialog.getByLabelText('Description'), { target: { value: 'About the cake' } });
    fireEvent.change(dialog.getByLabelText('Due'), { target: { value: '2026-03-04T09:30' } });
    fireEvent.click(dialog.getByLabelText('Completed'));
    await choose(dialog, 'Type', 'meeting');
    const contactBox = dialog.getByRole('combobox', { name: 'Contact' });
    contactBox.focus();
    fireEvent.change(contactBox, { target: { value: 'gra' } });
    // Contacts are searched on the server as you type (an account may have any number of them).
    await waitFor(() =>
      expect(
        requests.some((r) => path(r) === 'GET /api/crm/contacts' && query(r).get('search') === 'gra'),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Grace Hopper · grace@navy.example' }, slow));
    await choose(dialog, 'Deal', 'Wedding cake');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(requests.some((r) => path(r) === 'PUT /api/crm/activities/3')).toBe(true),
      slow,
    );
    const put = requests.find((r) => path(r) === 'PUT /api/crm/activities/3') as Request;
    expect(await put.json()).toEqual({
      type: 'meeting',
      subject: 'Call Grace back',
      description: 'About the cake',
      dueDate: new Date('2026-03-04T09:30').toISOString(),
      completed: true,
      contactId: 4,
      dealId: 9,
    });

    // Delete asks in the app, with the activity's own question; then the row goes.
    fireEvent.click(within(grid).getByRole('button', { name: 'Delete Call back' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete this activity?' });
    expect(descriptionOf(asked)).toBe('Delete the activity "Call back"?');
    fireEvent.click(within(asked).getByRole('button', { name: 'Delete activity' }));
    await waitFor(() => expect(requests.some((r) => path(r) === 'DELETE /api/crm/activities/3')).toBe(true));
    await waitFor(() => expect(within(grid).queryByRole('button', { name: 'Delete Call back' })).toBeNull());
  }, 30_000);
});

describe('CRM deals board', () => {
  const pipeline = { id: 1, name: 'Sales', stages: ['lead', 'proposal', 'closed-won'], isDefault: true };
  const wedding = {
    ...deal,
    expectedCloseDate: null,
    createdAt: stamp,
    updatedAt: stamp,
  };

  test('a deal opens from the keyboard: its stage, title and value change, and it can be deleted after a confirmation', async () => {
    const { requests } = renderApp(
      dashboardInput(),
      crmRoutes({
        'GET /api/crm/deals': { body: [wedding] },
        'GET /api/crm/pipelines': { body: [pipeline] },
        'PUT /api/crm/deals/9': async (r) => ({ body: { ...wedding, ...((await r.json()) as object) } }),
        'DELETE /api/crm/deals/9': { status: 204 },
      }),
    );
    await openCrm('Deals');
    const card = await screen.findByRole('button', { name: 'Edit deal Wedding cake' }, slow);
    // A new deal's amount is checked before sending, in words (the server's "value must be at least 0" showed).
    fireEvent.change(screen.getByLabelText('Deal title'), { target: { value: 'Catering' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '-5' } });
    expect(descriptionOf(screen.getByLabelText('Value'))).toBe('Enter an amount of 0 or more');
    expect((screen.getByRole('button', { name: 'Add deal' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Deal title'), { target: { value: '' } });
    // A button: Enter or Space opens it like a click.
    fireEvent.click(card);
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit deal' }));
    fireEvent.change(dialog.getByLabelText(/^Deal title/), { target: { value: 'Wedding cake, 3 tiers' } });
    fireEvent.change(dialog.getByLabelText('Value (USD)'), { target: { value: '450' } });
    await choose(dialog, 'Stage', 'proposal');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit deal' })).toBeNull(), slow);
    const put = requests.find((r) => path(r) === 'PUT /api/crm/deals/9') as Request;
    // Only what was changed (not the contact, nor the close date): what changed meanwhile elsewhere stays.
    expect(await put.json()).toEqual({ title: 'Wedding cake, 3 tiers', value: 450, stage: 'proposal' });
    expect(within(screen.getByTestId('stage-proposal')).getByText('Wedding cake, 3 tiers').textContent).toBe(
      'Wedding cake, 3 tiers',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Edit deal Wedding cake, 3 tiers' }));
    const again = within(await screen.findByRole('dialog', { name: 'Edit deal' }));
    fireEvent.click(again.getByRole('button', { name: 'Delete' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete this deal?' });
    expect(descriptionOf(asked)).toBe('Delete the deal "Wedding cake, 3 tiers"?');
    fireEvent.click(within(asked).getByRole('button', { name: 'Delete deal' }));
    await waitFor(() => expect(requests.some((r) => path(r) === 'DELETE /api/crm/deals/9')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('deal-Wedding cake, 3 tiers')).toBeNull());
  }, 30_000);
});

describe('an opened lead or activity is in the address', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));
  const address = () => window.location.pathname + window.location.search;
  /** A field's value in the dialog named `dialog` (the grid's column headers carry the same names). */
  const fieldIn = (dialog: string, label: RegExp) =>
    (within(screen.getByRole('dialog', { name: dialog })).getByLabelText(label) as HTMLInputElement).value;
  const other = { ...lead, id: 42, name: 'Grace Hopper', company: 'Navy' };
  /** The CRM at `pathname` + `search`: lead 42 and activity 7 are on no page, lead 43 and activity 8 are gone. */
  function openAt(pathname: string, search: string, extra: Routes = {}) {
    window.history.replaceState(null, '', pathname + search);
    return renderApp(
      { ...dashboardInput(), location: { pathname, search } },
      crmRoutes({
        'GET /api/crm/leads/42': { body: other },
        'GET /api/crm/leads/43': { status: 404, body: { message: 'Lead not found' } },
        'GET /api/crm/activities/7': { body: { ...activity, id: 7, subject: 'Meet Grace' } },
        'GET /api/crm/activities/8': { status: 404, body: { message: 'Activity not found' } },
        ...extra,
      }),
    );
  }

  test('Edit puts the lead in the address, Cancel takes it out; a reload opens one on no page, or says it is gone', async () => {
    const first = openAt('/crm/leads', '');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Walk-in' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit lead' }));
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Walk-in');
    expect(address()).toBe('/crm/leads?item=1');
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(address()).toBe('/crm/leads'));
    first.unmount();

    const second = openAt('/crm/leads', '?item=42');
    // While it is read the dialog says so; then the lead's own dialog takes its place.
    await waitFor(() => expect(fieldIn('Edit lead', /^Name/)).toBe('Grace Hopper'), slow);
    second.unmount();

    const { system } = openAt('/crm/leads', '?item=43');
    const gone = within(await screen.findByRole('dialog', { name: 'Edit lead' }, slow));
    await waitFor(() =>
      expect(gone.getByRole('status').textContent).toBe(
        'This lead was not found: it may have been deleted. Close to see the list.',
      ),
    );
    // Said there alone: no toast beside it.
    expect(system.actor.system.get('toasts')?.getSnapshot().context.nextId).toBe(1);
    fireEvent.click(gone.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(address()).toBe('/crm/leads'));
  });

  test('Add lead is ?item=new; an activity on no page opens from its address and saves only what changed', async () => {
    const first = openAt('/crm/leads', '?item=new');
    await waitFor(() => expect(fieldIn('Add lead', /^Name/)).toBe(''), slow);
    first.unmount();

    const saved: unknown[] = [];
    openAt('/crm/activities', '?item=7', {
      'PUT /api/crm/activities/7': async (r) => {
        saved.push(await r.json());
        return { body: { ...activity, id: 7, subject: 'Meet Grace at noon' } };
      },
    });
    await waitFor(() => expect(fieldIn('Edit activity', /^Subject/)).toBe('Meet Grace'), slow);
    const dialog = within(screen.getByRole('dialog', { name: 'Edit activity' }));
    fireEvent.change(dialog.getByLabelText(/^Subject/), { target: { value: 'Meet Grace at noon' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(address()).toBe('/crm/activities'), slow);
    expect(saved).toEqual([{ subject: 'Meet Grace at noon' }]);
  });
});
