import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { descriptionOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };
const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`;

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
