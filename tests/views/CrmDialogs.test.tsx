import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { KEPT_WORKFLOW_NOTE } from '../../src/views/crm/WorkflowsView.tsx';
import { leadRow, requestPath as path } from './crmFixtures.ts';
import { clickBesideDialog, descriptionOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };

function crmRoutes(extra: Routes = {}): Routes {
  return {
    ...dashboardRoutes(),
    'GET /api/crm/contacts': { body: { contacts: [], totalCount: 0 } },
    'GET /api/crm/contact-lists': { body: [] },
    'GET /api/crm/leads': { body: [], headers: { 'x-total-count': '0' } },
    'GET /api/crm/deals': { body: [] },
    'GET /api/crm/activities': { body: [], headers: { 'x-total-count': '0' } },
    'GET /api/crm/workflows': { body: [] },
    ...extra,
  };
}

async function openCrm(item: string) {
  const nav = within(screen.getByRole('navigation', { name: 'Sections' }));
  fireEvent.click(nav.getByRole('button', { name: 'CRM' }));
  fireEvent.click(await nav.findByRole('button', { name: item }));
}

const typedIn = (scope: ReturnType<typeof within>, label: string) =>
  (scope.getByLabelText(label) as HTMLInputElement).value;

describe('CRM dialogs keep what was typed when the server refuses it', () => {
  test('Add contact: a bad email is caught before sending; a 409 shows under Email and the dialog stays', async () => {
    let posts = 0;
    const { requests } = renderApp(
      dashboardInput(),
      crmRoutes({
        'POST /api/crm/contacts': () => {
          posts += 1;
          return posts === 1
            ? { status: 409, body: { message: 'A contact with this email already exists' } }
            : { status: 201, body: { id: 7 } };
        },
      }),
    );
    await openCrm('Contacts');
    fireEvent.click(await screen.findByRole('button', { name: 'Add contact' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add contact' }));
    fireEvent.change(dialog.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(dialog.getByLabelText('Company'), { target: { value: 'Engines Ltd' } });
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'ada@' } });
    expect(descriptionOf(dialog.getByLabelText('Email'))).toBe(
      'Enter a valid email address, like name@example.com.',
    );
    expect((dialog.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(
      () =>
        expect(descriptionOf(dialog.getByLabelText('Email'))).toBe(
          'A contact with this email already exists',
        ),
      slow,
    );
    // Still open, with everything typed, and no global toast in its place.
    expect(screen.getByRole('dialog', { name: 'Add contact' }).textContent).toContain('Add contact');
    expect([typedIn(dialog, 'First name'), typedIn(dialog, 'Company'), typedIn(dialog, 'Email')]).toEqual([
      'Ada',
      'Engines Ltd',
      'ada@example.com',
    ]);
    expect(screen.queryByText('Data Issue')).toBeNull();

    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'ada@engines.example' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add contact' })).toBeNull(), slow);
    const sent = requests.filter((r) => path(r) === 'POST /api/crm/contacts');
    expect(await (sent[1] as Request).json()).toMatchObject({
      firstName: 'Ada',
      email: 'ada@engines.example',
    });
  }, 30_000);

  test('Add contact: a click beside the dialog or Escape keeps what was typed and says how to save or discard it; Cancel discards it', async () => {
    renderApp(dashboardInput(), crmRoutes());
    await openCrm('Contacts');
    fireEvent.click(await screen.findByRole('button', { name: 'Add contact' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add contact' }));
    fireEvent.change(dialog.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(dialog.getByLabelText('Notes'), { target: { value: 'Wants a wedding cake in June' } });

    clickBesideDialog();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Add contact' }), { key: 'Escape' });

    const still = within(screen.getByRole('dialog', { name: 'Add contact' }));
    expect([typedIn(still, 'First name'), typedIn(still, 'Notes')]).toEqual([
      'Ada',
      'Wants a wedding cake in June',
    ]);
    expect(still.getByRole('alert').textContent).toBe(
      'This contact is not saved: choose Save to keep it, or Cancel to throw it away.',
    );
    fireEvent.click(still.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add contact' })).toBeNull());
  });

  test('Add lead: Escape closes the dialog when nothing was typed in it', async () => {
    renderApp(dashboardInput(), crmRoutes());
    await openCrm('Leads');
    fireEvent.click(await screen.findByRole('button', { name: 'Add lead' }, slow));
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'Add lead' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add lead' })).toBeNull());
  });

  test('Add lead: a 400 naming no field of the form is shown in the dialog, which keeps its input', async () => {
    renderApp(
      dashboardInput(),
      crmRoutes({ 'POST /api/crm/leads': { status: 400, body: { message: 'Unknown field "pagePath"' } } }),
    );
    await openCrm('Leads');
    fireEvent.click(await screen.findByRole('button', { name: 'Add lead' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add lead' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Zed' } });
    fireEvent.change(dialog.getByLabelText('Phone'), { target: { value: '555 0199' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect((await dialog.findByRole('alert', {}, slow)).textContent).toBe('Unknown field "pagePath"');
    expect([typedIn(dialog, 'Phone'), (dialog.getByLabelText(/^Name/) as HTMLInputElement).value]).toEqual([
      '555 0199',
      'Zed',
    ]);
  }, 30_000);

  test('Add lead: a 400 on the email field shows under Email', async () => {
    renderApp(
      dashboardInput(),
      crmRoutes({
        'POST /api/crm/leads': { status: 400, body: { message: 'email must be a valid email address' } },
      }),
    );
    await openCrm('Leads');
    fireEvent.click(await screen.findByRole('button', { name: 'Add lead' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add lead' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Zed' } });
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'zed@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(descriptionOf(dialog.getByLabelText('Email'))).toBe('email must be a valid email address'),
      slow,
    );
    expect(typedIn(dialog, 'Email')).toBe('zed@example.com');
  }, 30_000);
});
const stamp = '2026-01-01T00:00:00.000Z';

describe('Converting a lead', () => {
  test('a converted lead reads Converted with no Convert; converting asks for the deal value', async () => {
    const done = leadRow(1, 'Old friend', 'converted', 300);
    const fresh = leadRow(2, 'Walk-in', 'new', 0);
    const { requests } = renderApp(
      dashboardInput(),
      crmRoutes({
        'GET /api/crm/leads': { body: [done, fresh], headers: { 'x-total-count': '2' } },
        'POST /api/crm/leads/2/convert': { body: { lead: { ...fresh, status: 'converted' } } },
      }),
    );
    await openCrm('Leads');
    const grid = within(await screen.findByRole('grid', { name: 'Leads' }, slow));
    const row = (await grid.findByText('Old friend', {}, slow)).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Converted').textContent).toBe('Converted');
    expect(within(row).queryByRole('button', { name: 'Convert Old friend' })).toBeNull();

    fireEvent.click(grid.getByRole('button', { name: 'Convert Walk-in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Convert Walk-in' }));
    const convert = dialog.getByRole('button', { name: 'Convert' }) as HTMLButtonElement;
    // No estimated value: the owner says what the deal is worth, more than 0.
    expect(convert.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(/^Deal value/), { target: { value: '0' } });
    expect(descriptionOf(dialog.getByLabelText(/^Deal value/))).toBe('Enter an amount more than 0.');
    fireEvent.change(dialog.getByLabelText(/^Deal value/), { target: { value: '450' } });
    fireEvent.click(convert);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Convert Walk-in' })).toBeNull(), slow);
    const post = requests.find((r) => path(r) === 'POST /api/crm/leads/2/convert') as Request;
    expect(await post.json()).toEqual({ value: 450 });
  }, 30_000);
});

describe('Workflows in words', () => {
  test('the list, the choices and the runs log read as sentences, not codes', async () => {
    const workflow = {
      id: 5,
      name: 'Welcome',
      trigger: 'contact.created',
      conditions: [{ field: 'company', operator: 'contains', value: 'Navy' }],
      actions: [{ type: 'create-activity', params: { subject: 'Say hello' } }],
      isActive: true,
    };
    const run = {
      id: 1,
      workflowName: 'Welcome',
      eventKey: 'contact.created:4',
      status: 'done',
      log: [{ action: 'create-activity', result: 'activity 9 created' }],
      createdAt: stamp,
    };
    renderApp(
      dashboardInput(),
      crmRoutes({
        'GET /api/crm/workflows': { body: [workflow] },
        'GET /api/crm/workflow-runs': { body: [run] },
      }),
    );
    await openCrm('Contacts');
    fireEvent.click(await screen.findByRole('button', { name: 'Workflows' }, slow));
    // The place has its own title in the header (it read "CRM Dashboard") and URL.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Workflows'));
    expect(window.location.pathname).toBe('/crm/workflow');
    const item = await screen.findByText(
      (_, element) => element?.tagName === 'P' && /^Welcome — /.test(element.textContent ?? ''),
      {},
      slow,
    );
    expect(item.textContent).toBe(
      'Welcome — When a contact is created, if company contains "Navy" → log an activity',
    );
    expect((await screen.findByText(/Log an activity: activity 9 created/, {}, slow)).textContent).toMatch(
      / · Welcome · done · Log an activity: activity 9 created$/,
    );
    expect(screen.getByRole('combobox', { name: 'Trigger' }).textContent).toBe('When a contact is created');
    expect(screen.getByRole('combobox', { name: 'Action' }).textContent).toBe('Log an activity');
  }, 30_000);
});

describe('CRM records can be deleted, after a confirmation', () => {
  const ada = {
    id: 7,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '',
    company: 'Engines Ltd',
    tags: [],
    notes: '',
    contactListIds: [],
    orderCount: 0,
    lifetimeValue: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  };

  test('Edit contact: Delete asks first; declined nothing is sent, confirmed the contact goes and the dialog closes', async () => {
    let deleted = false;
    const { requests } = renderApp(
      { ...dashboardInput(), location: { pathname: '/crm/contacts/7', search: '' } },
      crmRoutes({
        'GET /api/crm/contacts': () =>
          deleted ? { body: { contacts: [], totalCount: 0 } } : { body: { contacts: [ada], totalCount: 1 } },
        'GET /api/crm/contacts/7': () =>
          deleted ? { status: 404, body: { message: 'Contact not found' } } : { body: ada },
        'DELETE /api/crm/contacts/7': () => {
          deleted = true;
          return { status: 204 };
        },
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit contact' }, slow));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete this contact?' });
    expect(descriptionOf(asked)).toBe(
      'Delete Ada Lovelace? Their leads, deals and activities stay, without a contact.',
    );
    // Escape answers the question only: nothing is sent and the contact's dialog stays open.
    fireEvent.keyDown(asked, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this contact?' })).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Edit contact' }).textContent).toContain('Edit contact');

    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this contact?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit contact' })).toBeNull(), slow);
    expect(requests.filter((r) => r.method === 'DELETE').map(path)).toContain('DELETE /api/crm/contacts/7');
    expect(window.location.pathname).toBe('/crm/contacts');
    expect(screen.queryByText('Contact not found')).toBeNull();
  }, 30_000);

  test('a lead is deleted only once its owner confirms', async () => {
    const lead = {
      id: 3,
      name: 'Hotel Roma',
      email: 'chef@roma.example',
      phone: '',
      company: 'Hotel Roma',
      status: 'new',
      source: 'website',
      value: 0,
      notes: '',
      pagePath: '',
      contactId: null,
      dealId: null,
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
    };
    let deleted = false;
    const { requests } = renderApp(
      dashboardInput(),
      crmRoutes({
        'GET /api/crm/leads': () =>
          deleted
            ? { body: [], headers: { 'x-total-count': '0' } }
            : { body: [lead], headers: { 'x-total-count': '1' } },
        'DELETE /api/crm/leads/3': () => {
          deleted = true;
          return { status: 204 };
        },
      }),
    );
    await openCrm('Leads');
    const remove = await screen.findByRole('button', { name: 'Delete Hotel Roma' }, slow);
    fireEvent.click(remove);
    const asked = await screen.findByRole('dialog', { name: 'Delete this lead?' });
    expect(descriptionOf(asked)).toBe('Delete the lead Hotel Roma?');
    fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this lead?' })).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    fireEvent.click(remove);
    const again = await screen.findByRole('dialog', { name: 'Delete this lead?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete lead' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'DELETE').map(path)).toEqual(['DELETE /api/crm/leads/3']),
    );
    // The row goes with it.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Hotel Roma' })).toBeNull());
  }, 30_000);
});

describe('CRM workflows', () => {
  /** The CRM's Workflows, none yet; what Add workflow sends is collected. */
  async function openWorkflows(): Promise<unknown[]> {
    const created: unknown[] = [];
    renderApp(
      dashboardInput(),
      crmRoutes({
        'GET /api/crm/workflow-runs': { body: [] },
        'POST /api/crm/workflows': async (r) => {
          created.push(await r.json());
          return { status: 201, body: { id: 1, isActive: true, ...(created[0] as object) } };
        },
      }),
    );
    await openCrm('Contacts');
    fireEvent.click(await screen.findByRole('button', { name: 'Workflows' }, slow));
    return created;
  }

  test('the condition picks one of the trigger’s own fields, by name, and is sent by its key', async () => {
    const created = await openWorkflows();
    fireEvent.change(await screen.findByLabelText('Workflow name', {}, slow), {
      target: { value: 'Hotels' },
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'If field' }));
    const options = within(await screen.findByRole('listbox'));
    expect(options.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '(no condition)',
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Company',
      'Tags',
      'Notes',
    ]);
    fireEvent.click(options.getByRole('option', { name: 'Company' }));
    fireEvent.change(screen.getByLabelText('contains'), { target: { value: 'Hotel' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Call the hotel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add workflow' }));
    await waitFor(() => expect(created).toHaveLength(1), slow);
    expect(created[0]).toMatchObject({
      trigger: 'contact.created',
      conditions: [{ field: 'company', operator: 'contains', value: 'Hotel' }],
    });
  }, 30_000);

  test('a workflow being written stays through another place of the CRM until it is added or discarded', async () => {
    const created = await openWorkflows();
    fireEvent.change(await screen.findByLabelText('Workflow name', {}, slow), {
      target: { value: 'Welcome' },
    });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Call them within a day' } });
    expect(screen.queryByText(KEPT_WORKFLOW_NOTE)).toBeNull();

    // Away to Contacts and back: the workflow is as it was left, with a note saying it is not added yet.
    await openCrm('Contacts');
    await screen.findByRole('button', { name: 'Add contact' }, slow);
    fireEvent.click(await screen.findByRole('button', { name: 'Workflows' }, slow));
    await waitFor(() => expect(typedIn(screen, 'Workflow name')).toBe('Welcome'), slow);
    expect(typedIn(screen, 'Subject')).toBe('Call them within a day');
    expect(screen.getByText(KEPT_WORKFLOW_NOTE).textContent).toBe(
      'Your new workflow is back as you left it: it is not added yet. Add workflow to keep it, or Discard changes to throw it away.',
    );

    // Discard changes: a blank form, which stays blank after leaving again.
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(typedIn(screen, 'Workflow name')).toBe('');
    await openCrm('Contacts');
    await screen.findByRole('button', { name: 'Add contact' }, slow);
    fireEvent.click(await screen.findByRole('button', { name: 'Workflows' }, slow));
    await waitFor(() => expect(typedIn(screen, 'Workflow name')).toBe(''), slow);
    expect(screen.queryByText(KEPT_WORKFLOW_NOTE)).toBeNull();

    // Added: the form is blank again and nothing is kept.
    fireEvent.change(screen.getByLabelText('Workflow name'), { target: { value: 'Welcome' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add workflow' }));
    await waitFor(() => expect(created).toHaveLength(1), slow);
    await waitFor(() => expect(typedIn(screen, 'Workflow name')).toBe(''));
    expect(Object.keys(sessionStorage).filter((key) => key.includes('crm.workflow'))).toEqual([]);
  }, 30_000);
});

describe('Deals board', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));
  const stamps = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
  const deal = (id: number, title: string, pipelineId: number, stage: string) => ({
    id,
    title,
    value: 100,
    stage,
    pipelineId,
    contactId: null,
    expectedCloseDate: null,
    ...stamps,
  });
  const boards = crmRoutes({
    'GET /api/crm/pipelines': {
      body: [
        { id: 1, name: 'Sales', stages: ['lead', 'won'], isDefault: true },
        { id: 2, name: 'Catering', stages: ['enquiry', 'booked'], isDefault: false },
      ],
    },
    'GET /api/crm/deals': {
      body: [deal(1, 'Shop fit-out', 1, 'lead'), deal(2, 'Wedding buffet', 2, 'enquiry')],
    },
  });

  test('the chosen pipeline is in the address: a reload shows that board again', async () => {
    const first = renderApp(
      { ...dashboardInput(), location: { pathname: '/crm/deals', search: '' } },
      boards,
    );
    const stages = await screen.findByRole('region', { name: 'Pipeline stages' }, slow);
    expect(within(stages).getByText('Shop fit-out').textContent).toBe('Shop fit-out');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Pipeline' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Catering' }));

    expect(await within(stages).findByText('Wedding buffet')).toBeInstanceOf(HTMLElement);
    expect(window.location.pathname + window.location.search).toBe('/crm/deals?pipeline=2');
    first.unmount();

    renderApp({ ...dashboardInput(), location: { pathname: '/crm/deals', search: '?pipeline=2' } }, boards);
    const reloaded = await screen.findByRole('region', { name: 'Pipeline stages' }, slow);
    expect(await within(reloaded).findByText('Wedding buffet')).toBeInstanceOf(HTMLElement);
    expect(within(reloaded).queryByText('Shop fit-out')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Pipeline' }).textContent).toBe('Catering');
  });

  test('an opened deal is in the address: a reload opens it again, and a deal that is gone says so', async () => {
    const first = renderApp(
      { ...dashboardInput(), location: { pathname: '/crm/deals', search: '?pipeline=2' } },
      boards,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit deal Wedding buffet' }, slow));
    await screen.findByRole('dialog', { name: 'Edit deal' });
    expect(window.location.pathname + window.location.search).toBe('/crm/deals?pipeline=2&item=2');
    first.unmount();

    const second = renderApp(
      { ...dashboardInput(), location: { pathname: '/crm/deals', search: '?pipeline=2&item=2' } },
      boards,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit deal' }, slow));
    expect(await dialog.findByLabelText(/^Deal title/)).toHaveProperty('value', 'Wedding buffet');
    // Its stage among its own pipeline's stages.
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Stage' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'enquiry',
      'booked',
    ]);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/crm/deals?pipeline=2'),
    );
    second.unmount();

    renderApp({ ...dashboardInput(), location: { pathname: '/crm/deals', search: '?item=77' } }, boards);
    const gone = within(await screen.findByRole('dialog', { name: 'Edit deal' }, slow));
    expect(gone.getByRole('status').textContent).toBe(
      'This deal was not found: it may have been deleted. Close to see the board.',
    );
    fireEvent.click(gone.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/crm/deals'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Import contacts', () => {
  test('Escape or a click beside keeps the chosen file and options and says how to import or discard them; Close discards them', async () => {
    renderApp(dashboardInput(), crmRoutes());
    await openCrm('Contacts');
    fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import contacts' }));
    const csv = new File(['First Name,Email\nAda,ada@engines.example\n'], 'contacts.csv', {
      type: 'text/csv',
    });
    fireEvent.change(dialog.getByLabelText('CSV file'), { target: { files: [csv] } });
    await dialog.findByRole('combobox', { name: 'Column "First Name"' });

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Import contacts' }), { key: 'Escape' });
    clickBesideDialog();

    const still = within(screen.getByRole('dialog', { name: 'Import contacts' }));
    expect(still.getByRole('button', { name: 'contacts.csv' }).textContent).toBe('contacts.csv');
    expect(still.getByRole('alert').textContent).toBe(
      'This import is not saved: choose Import to keep it, or Close to throw it away.',
    );
    fireEvent.click(still.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import contacts' })).toBeNull());
  });

  test('with nothing chosen, a click beside does not close it and Escape does', async () => {
    renderApp(dashboardInput(), crmRoutes());
    await openCrm('Contacts');
    fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }, slow));
    await screen.findByRole('dialog', { name: 'Import contacts' });

    clickBesideDialog();
    expect(screen.getByRole('dialog', { name: 'Import contacts' }).textContent).not.toContain('is not saved');

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Import contacts' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import contacts' })).toBeNull());
  });
});

describe('Pipelines: leaving with typed changes asks first', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));
  const ask = () => screen.findByRole('dialog', { name: 'Leave without saving?' }, slow);
  const goToContacts = () =>
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'Contacts' }),
    );

  test('a stage typed on one pipeline asks before another section; Stay keeps it, and put back it goes at once', async () => {
    window.history.replaceState(null, '', '/crm/pipelines');
    renderApp(
      { ...dashboardInput(), location: { pathname: '/crm/pipelines', search: '' } },
      crmRoutes({
        'GET /api/crm/pipelines': {
          body: [
            { id: 1, name: 'Sales', stages: ['lead', 'won'], isDefault: true },
            { id: 2, name: 'Catering', stages: ['enquiry', 'booked'], isDefault: false },
          ],
        },
      }),
    );
    const namesShown = () =>
      screen.getAllByLabelText('Pipeline name').map((field) => (field as HTMLInputElement).value);
    await waitFor(() => expect(namesShown()).toEqual(['Sales', 'Catering', '']), slow);
    const names = screen.getAllByLabelText('Pipeline name');
    // The second pipeline's card: a stage typed, not added yet.
    const catering = within(names[1]?.closest('.MuiCardContent-root') as HTMLElement);
    fireEvent.change(catering.getByLabelText('New stage'), { target: { value: 'deposit' } });

    goToContacts();
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/crm/pipelines');
    expect(typedIn(catering, 'New stage')).toBe('deposit');

    // Another pipeline's name changed and put back, the stage cleared: nothing is held back.
    const sales = within(names[0]?.closest('.MuiCardContent-root') as HTMLElement);
    fireEvent.change(sales.getByLabelText('Pipeline name'), { target: { value: 'Sales team' } });
    fireEvent.change(catering.getByLabelText('New stage'), { target: { value: '' } });
    fireEvent.change(sales.getByLabelText('Pipeline name'), { target: { value: 'Sales' } });
    goToContacts();
    await waitFor(() => expect(window.location.pathname).toBe('/crm/contacts'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  }, 30_000);
});
