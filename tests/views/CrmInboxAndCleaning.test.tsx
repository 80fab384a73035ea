import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { inboxPreview } from '../../src/views/crm/UnifiedInboxView.tsx';
import { requestPath as path, requestQuery as query } from './crmFixtures.ts';
import { rowOf, rowsOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };
const stamp = '2026-01-01T00:00:00.000Z';

const contact = (id: number, firstName: string, more: object = {}) => ({
  id,
  firstName,
  lastName: 'Lovelace',
  email: '',
  phone: '',
  company: '',
  tags: [],
  notes: '',
  contactListIds: [],
  createdAt: stamp,
  updatedAt: stamp,
  ...more,
});

function crmRoutes(extra: Routes = {}): Routes {
  return {
    ...dashboardRoutes(),
    'GET /api/crm/contacts': { body: { contacts: [], totalCount: 0 } },
    'GET /api/crm/leads': { body: [] },
    'GET /api/crm/deals': { body: [] },
    'GET /api/crm/activities': { body: [] },
    'GET /api/crm/workflows': { body: [] },
    ...extra,
  };
}

async function openCrm(item: string) {
  const nav = within(screen.getByRole('navigation', { name: 'Sections' }));
  fireEvent.click(nav.getByRole('button', { name: 'CRM' }));
  fireEvent.click(await nav.findByRole('button', { name: item }));
}

const form = {
  id: 'form-5',
  kind: 'form',
  sourceId: 5,
  at: '2026-02-02T10:00:00.000Z',
  from: 'ada@example.com',
  to: 'Rosa Bakery',
  subject: 'Contact Us',
  data: { Name: 'Ada', Message: 'Two loaves of the long sourdough, please, by Friday' },
  body: '',
  status: 'new',
};
const message = {
  id: 'message-8',
  kind: 'message',
  sourceId: 8,
  at: '2026-02-01T10:00:00.000Z',
  from: 'Spring news',
  to: 'grace@navy.example',
  subject: 'Hello Grace',
  data: null,
  body: 'Dear Grace, spring is here.',
  status: 'outbox',
};

describe('CRM: the unified inbox’s filter and page are in the address', () => {
  test('choosing Messages writes ?show=message; an address with a filter, a page and a size shows those rows', async () => {
    const inboxAsked = (requests: Request[]) =>
      requests.filter((r) => path(r) === 'GET /api/crm/inbox').map((r) => query(r).toString());
    const routes = crmRoutes({ 'GET /api/crm/inbox': { body: { items: [message], totalCount: 1 } } });
    const first = renderApp(dashboardInput(), routes);
    await openCrm('Unified Inbox');
    await screen.findByRole('grid', { name: 'Unified Inbox' }, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Messages' }));
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/crm/inbox?show=message'),
    );
    expect(screen.getByRole('button', { name: 'Messages' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(inboxAsked(first.requests).at(-1)).toBe('page=1&pageSize=20&kind=message'));
    first.unmount();

    window.history.replaceState(null, '', '/crm/inbox?show=form&page=2&size=50');
    const again = renderApp(
      { ...dashboardInput(), location: { pathname: '/crm/inbox', search: '?show=form&page=2&size=50' } },
      routes,
    );
    await screen.findByRole('grid', { name: 'Unified Inbox' }, slow);
    expect(screen.getByRole('button', { name: 'Form submissions' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await waitFor(() => expect(inboxAsked(again.requests)).toEqual(['page=2&pageSize=50&kind=form']));
    window.history.replaceState(null, '', '/');
  });

  test('an opened item is in the address: a link opens the whole message; one no longer there says so', async () => {
    const whole = `Dear Grace, spring is here. ${'The garden opens on Saturday. '.repeat(10)}`.trim();
    const routes = crmRoutes({
      'GET /api/crm/inbox': { body: { items: [message], totalCount: 1 } },
      'GET /api/crm/inbox/message/8': { body: { ...message, body: whole } },
      'GET /api/crm/inbox/message/9': { status: 404, body: { message: 'Message not found' } },
    });
    window.history.replaceState(null, '', '/crm/inbox?show=message&item=message-8');
    const linked = renderApp(
      { ...dashboardInput(), location: { pathname: '/crm/inbox', search: '?show=message&item=message-8' } },
      routes,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Hello Grace' }, slow));
    await dialog.findByText(whole, {}, slow);
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(window.location.search).toBe('?show=message'));
    expect(screen.queryByRole('dialog')).toBeNull();
    linked.unmount();

    window.history.replaceState(null, '', '/crm/inbox?item=message-9');
    const gone = renderApp(
      { ...dashboardInput(), location: { pathname: '/crm/inbox', search: '?item=message-9' } },
      routes,
    );
    const missing = within(await screen.findByRole('dialog', { name: 'Unified Inbox' }, slow));
    await missing.findByText(
      'This item is no longer in the inbox: it may have been deleted. Close to see the list.',
      {},
      slow,
    );
    // Said there, once: no "API Error: Not Found" toast beside it.
    expect(screen.queryByText('API Error: Not Found')).toBeNull();
    gone.unmount();

    // The server could not answer: the catalogue's toast, and the dialog says what to do (never "Loading…" for ever).
    window.history.replaceState(null, '', '/crm/inbox?item=message-10');
    renderApp(
      { ...dashboardInput(), location: { pathname: '/crm/inbox', search: '?item=message-10' } },
      {
        ...routes,
        'GET /api/crm/inbox/message/10': { status: 500, body: { message: 'Internal server error' } },
      },
    );
    const failed = within(await screen.findByRole('dialog', { name: 'Unified Inbox' }, slow));
    await failed.findByText('This item could not be loaded. Close and open it again in a moment.', {}, slow);
    window.history.replaceState(null, '', '/');
  });
});

const deal = (id: number, title: string, stage: string) => ({
  id,
  title,
  value: 100 * id,
  stage,
  pipelineId: 1,
  expectedCloseDate: null,
  contactId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});

describe('CRM: unified inbox, data cleaning and reports over everything', () => {
  test('the inbox lists submissions and messages together; opening a submission marks it read', async () => {
    let opened = false;
    const { requests } = renderApp(
      dashboardInput(),
      crmRoutes({
        'GET /api/crm/inbox': () => ({
          body: { items: [{ ...form, status: opened ? 'read' : 'new' }, message], totalCount: 2 },
        }),
        'GET /api/crm/inbox/form/5': () => ({ body: { ...form, status: opened ? 'read' : 'new' } }),
        'GET /api/forms/submissions/5': () => {
          opened = true;
          return {
            body: {
              id: 5,
              formId: 'contact',
              formTitle: 'Contact Us',
              websiteName: 'Rosa Bakery',
              websiteId: 1,
              pagePath: '/contact',
              data: form.data,
              status: 'read',
              submittedAt: form.at,
            },
          };
        },
      }),
    );
    await openCrm('Unified Inbox');
    const grid = await screen.findByRole('grid', { name: 'Unified Inbox' }, slow);
    const formRow = (await within(grid).findByText('Contact Us', {}, slow)).closest(
      '[role="row"]',
    ) as HTMLElement;
    // Newest first, submissions and messages together (times in the local time zone).
    expect(rowsOf(grid)).toEqual([
      ['When', 'Kind', 'From', 'To', 'Subject / form', 'Preview', 'Status'],
      [
        expect.any(String),
        'Form submission',
        'ada@example.com',
        'Rosa Bakery',
        'Contact Us',
        'Name: Ada · Message: Two loaves of the long sourdou...',
        'new',
      ],
      [
        expect.any(String),
        'Message',
        'Spring news',
        'grace@navy.example',
        'Hello Grace',
        'Dear Grace, spring is here.',
        'outbox',
      ],
    ]);
    expect(query(requests.find((r) => path(r) === 'GET /api/crm/inbox') as Request).toString()).toBe(
      'page=1&pageSize=20',
    );

    fireEvent.click(within(formRow).getByText('Contact Us'));
    await waitFor(() => expect(window.location.search).toBe('?item=form-5'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Contact Us' }));
    await dialog.findByText('read', {}, slow);
    expect(dialog.getByText(/Two loaves of the long sourdough, please, by Friday/).textContent).toBe(
      'Message: Two loaves of the long sourdough, please, by Friday',
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    await waitFor(
      () =>
        expect(rowOf(within(grid).getByText('Contact Us')).slice(1)).toEqual([
          'Form submission',
          'ada@example.com',
          'Rosa Bakery',
          'Contact Us',
          'Name: Ada · Message: Two loaves of the long sourdou...',
          'read',
        ]),
      slow,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Messages' }));
    await waitFor(() => expect(requests.some((r) => query(r).get('kind') === 'message')).toBe(true));
  }, 30_000);

  test('the preview of a row: 2 fields cut to 30 characters, or the start of a message', () => {
    expect(inboxPreview(form as Parameters<typeof inboxPreview>[0])).toBe(
      'Name: Ada · Message: Two loaves of the long sourdou...',
    );
    expect(inboxPreview(message as Parameters<typeof inboxPreview>[0])).toBe('Dear Grace, spring is here.');
  });

  test('data cleaning names the fields in words and merges with one call once confirmed; Cancel merges nothing', async () => {
    const keep = contact(1, 'Ada', { phone: '+44 1', company: '' });
    const other = contact(7, 'Ada', { phone: '441', company: 'Engines', email: 'ada@engines.example' });
    const { requests } = renderApp(
      dashboardInput(),
      crmRoutes({
        'GET /api/crm/contacts/duplicates': {
          body: {
            groups: [{ reason: 'name+phone', key: 'ada lovelace / 441', contacts: [keep, other] }],
            totalCount: 1,
          },
        },
        'POST /api/crm/contacts/merge': { body: keep },
      }),
    );
    await openCrm('Contacts');
    fireEvent.click(await screen.findByRole('button', { name: 'Data Cleaning' }, slow));
    const reason = await screen.findByText(/^Same name and phone/, {}, slow);
    expect(reason.textContent).toBe('Same name and phone: ada lovelace / 441');
    const table = screen.getByRole('table', { name: 'Merge Ada Lovelace' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.firstElementChild?.textContent),
    ).toEqual(['Field', 'First name', 'Last name', 'Email', 'Phone', 'Company', 'Notes']);
    fireEvent.click(screen.getByLabelText('Phone from #7'));
    fireEvent.click(screen.getByRole('button', { name: 'Merge into #1' }));
    // Merging cannot be undone: it asks first, naming the contact kept and the one merged into it.
    const ask = await screen.findByRole('dialog', { name: 'Merge into Ada Lovelace (#1)?' });
    expect(within(ask).getByText(/is kept/).textContent).toBe(
      'Ada Lovelace (#1) is kept, with the values you chose. 1 contact is merged into it: Ada Lovelace (#7), ' +
        'whose tags, lists, deals, activities and leads move to #1; then #7 is deleted. This cannot be undone.',
    );
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => path(r) === 'POST /api/crm/contacts/merge')).toBe(false);
    // Cancel kept the choices made: the phone is still taken from #7.
    expect((screen.getByLabelText('Phone from #7') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Merge into #1' }));
    const again = await screen.findByRole('dialog', { name: 'Merge into Ada Lovelace (#1)?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Merge' }));
    await waitFor(
      () => expect(requests.some((r) => path(r) === 'POST /api/crm/contacts/merge')).toBe(true),
      slow,
    );
    const merge = requests.filter((r) => path(r) === 'POST /api/crm/contacts/merge');
    expect(merge).toHaveLength(1);
    expect(await (merge[0] as Request).json()).toEqual({
      keepId: 1,
      mergeId: 7,
      fields: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@engines.example',
        phone: '441',
        company: 'Engines',
        notes: '',
      },
    });
    // Nothing else writes: no separate update or delete calls.
    expect(requests.some((r) => r.method === 'PUT' || r.method === 'DELETE')).toBe(false);
  }, 30_000);

  test('a report on contacts pages through every contact, not only the first 100', async () => {
    const all = Array.from({ length: 230 }, (_, i) =>
      contact(i + 1, `P${i + 1}`, { company: i < 200 ? 'Big' : 'Small' }),
    );
    const { requests } = renderApp(
      dashboardInput(),
      crmRoutes({
        'GET /api/crm/contacts': (r) => {
          const page = Number(query(r).get('page'));
          const size = Number(query(r).get('pageSize'));
          return { body: { contacts: all.slice((page - 1) * size, page * size), totalCount: all.length } };
        },
      }),
    );
    await openCrm('Custom Reports');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Entity' }, slow));
    fireEvent.click(await screen.findByRole('option', { name: 'contacts' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Group by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Company' }));
    const groups = await screen.findByRole('grid', { name: 'Report groups' }, slow);
    await waitFor(
      () =>
        expect(rowsOf(groups)).toEqual([
          ['Company', 'Count'],
          ['Big', '200'],
          ['Small', '30'],
        ]),
      slow,
    );
    const pages = requests
      .filter((r) => path(r) === 'GET /api/crm/contacts' && query(r).get('pageSize') === '100')
      .map((r) => query(r).get('page'));
    expect(pages).toEqual(['1', '2', '3']);
  }, 30_000);

  test('a report’s settings and filter are in the address: a reload shows the same report', async () => {
    const deals = [
      deal(1, 'Cake order', 'won'),
      deal(2, 'Bread order', 'won'),
      deal(3, 'Cake stand', 'lost'),
    ];
    const first = renderApp(dashboardInput(), crmRoutes({ 'GET /api/crm/deals': { body: deals } }));
    await openCrm('Custom Reports');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Entity' }, slow));
    fireEvent.click(await screen.findByRole('option', { name: 'deals' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter field' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Title' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'contains' }), { target: { value: 'cake' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Group by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Stage' }));
    const address = '/crm/custom-reports?q=cake&report=deals.title-value-stage-pipelineId.title.stage';
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe(address));
    const expected = [
      ['Stage', 'Count'],
      ['won', '1'],
      ['lost', '1'],
    ];
    await waitFor(() =>
      expect(rowsOf(screen.getByRole('grid', { name: 'Report groups' }))).toEqual(expected),
    );
    first.unmount();

    // The reload: the same address shows the same report, its controls set as they were.
    const [pathname, search] = address.split('?') as [string, string];
    renderApp(
      { ...dashboardInput(), location: { pathname, search: `?${search}` } },
      crmRoutes({ 'GET /api/crm/deals': { body: deals } }),
    );
    const groups = await screen.findByRole('grid', { name: 'Report groups' }, slow);
    await waitFor(() => expect(rowsOf(groups)).toEqual(expected), slow);
    expect((screen.getByRole('textbox', { name: 'contains' }) as HTMLInputElement).value).toBe('cake');
    expect(screen.getByRole('combobox', { name: 'Entity' }).textContent).toBe('deals');
    window.history.replaceState(null, '', '/');
  }, 30_000);

  test('a report names its fields in words, and a deal’s pipeline by its name', async () => {
    const report = 'deals.title-stage-pipelineId-expectedCloseDate..pipelineId';
    renderApp(
      { ...dashboardInput(), location: { pathname: '/crm/custom-reports', search: `?report=${report}` } },
      crmRoutes({
        'GET /api/crm/deals': { body: [deal(1, 'Cake order', 'won'), deal(2, 'Bread order', 'lead')] },
        'GET /api/crm/pipelines': {
          body: [{ id: 1, name: 'Bakery sales', stages: ['lead', 'won'], isDefault: true }],
        },
      }),
    );
    const groups = await screen.findByRole('grid', { name: 'Report groups' }, slow);
    await waitFor(
      () =>
        expect(rowsOf(groups)).toEqual([
          ['Pipeline', 'Count'],
          ['Bakery sales', '2'],
        ]),
      slow,
    );
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Title',
      'Value',
      'Stage',
      'Pipeline',
      'Expected close date',
      'Created',
    ]);
    expect(screen.getByRole('combobox', { name: 'Group by' }).textContent).toBe('Pipeline');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Group by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'No grouping' }));
    const table = await screen.findByRole('grid', { name: 'Report' }, slow);
    await waitFor(() =>
      expect(rowsOf(table)).toEqual([
        ['Title', 'Stage', 'Pipeline', 'Expected close date'],
        ['Cake order', 'won', 'Bakery sales', ''],
        ['Bread order', 'lead', 'Bakery sales', ''],
      ]),
    );
    window.history.replaceState(null, '', '/');
  }, 30_000);
});
