import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { Themed } from '../../src/views/App.tsx';
import { CrmErrorBoundary } from '../../src/views/crm/CrmErrorBoundary.tsx';
import { resolveCrmSection } from '../../src/views/crm/crmSections.ts';
import { rowOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };
const lead = {
  id: 1,
  name: 'Walk-in',
  email: '',
  phone: '',
  company: '',
  status: 'new',
  source: 'website form',
  value: 0,
  notes: '',
  pagePath: '/contact',
  contactId: null,
  dealId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function crmRoutes(extra: Routes = {}): Routes {
  return {
    ...dashboardRoutes(),
    'GET /api/crm/contacts': { body: { contacts: [], totalCount: 0 } },
    'GET /api/crm/leads': { body: [lead] },
    // One list failing does not stop the others (spec §7).
    'GET /api/crm/deals': { status: 500, body: { message: 'boom' } },
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

describe('CRM module', () => {
  test('section keys of spec §2: the alias customreports, and unknown keys fall back to the dashboard', () => {
    expect(resolveCrmSection('customreports')).toBe('custom-reports');
    expect(resolveCrmSection('data-cleaning')).toBe('data-cleaning');
    expect(resolveCrmSection('workflow')).toBe('workflow');
    expect(resolveCrmSection('nope')).toBe('dashboard');
    expect(resolveCrmSection(null)).toBe('dashboard');
  });

  test('the initial load asks for contacts page 1 of 20 with the four lists, tolerating a failure', async () => {
    const { requests } = renderApp(dashboardInput(), crmRoutes());
    await openCrm('Lead Tracking');
    await screen.findByRole('heading', { name: 'Lead Tracking', level: 2 }, slow);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lead Tracking');
    expect(rowOf(await screen.findByText('/contact', {}, slow))).toEqual([
      'website form',
      '/contact',
      '1',
      '0',
    ]);
    const contacts = requests.find((r) => new URL(r.url).pathname === '/api/crm/contacts');
    expect(new URL(contacts?.url ?? 'http://x').search).toBe('?page=1&pageSize=20');
    for (const list of ['leads', 'deals', 'activities', 'workflows']) {
      expect(requests.some((r) => new URL(r.url).pathname === `/api/crm/${list}`)).toBe(true);
    }
    expect(screen.queryByRole('heading', { name: 'Error' })).toBeNull();
  }, 15_000);

  test('a failed write shows the card titled Error with the message of spec §8', async () => {
    renderApp(
      dashboardInput(),
      crmRoutes({ 'POST /api/crm/leads': { status: 500, body: { message: 'down' } } }),
    );
    await openCrm('Leads');
    fireEvent.click(await screen.findByRole('button', { name: 'Add lead' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add lead' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Zed' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    // The dialog stays open with what was typed and says so; closing it shows the card behind it.
    expect((await dialog.findByRole('alert', {}, slow)).textContent).toBe(
      'Failed to add lead. Nothing you typed was lost: try Save again in a moment.',
    );
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Zed');
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Failed to add lead', {}, slow);
    const card = screen.getByRole('heading', { name: 'Error' }).closest('[role="alert"]') as HTMLElement;
    expect(card.textContent).toBe('ErrorFailed to add leadDismiss');
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Failed to add lead')).toBeNull();
  }, 20_000);

  test('the crash boundary says CRM Error and Try Again renders the module again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let crash = true;
    function Boom() {
      if (crash) throw new Error('render failed');
      return <p>back again</p>;
    }
    const { container } = render(
      <Themed>
        <CrmErrorBoundary>
          <Boom />
        </CrmErrorBoundary>
      </Themed>,
    );
    expect(container.textContent).toBe('CRM ErrorSomething went wrong with the CRM module.Try Again');
    crash = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(container.textContent).toBe('back again');
  });
});
