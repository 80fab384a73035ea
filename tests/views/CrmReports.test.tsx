import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { grace } from './crmFixtures.ts';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };
const stamp = '2026-01-01T00:00:00.000Z';
const lead = (id: number, status: string, source: string) => ({
  id,
  name: `Lead ${id}`,
  email: '',
  phone: '',
  company: '',
  status,
  source,
  value: 0,
  notes: '',
  pagePath: '',
  contactId: null,
  dealId: null,
  createdAt: stamp,
  updatedAt: stamp,
});

type Reply = { body: unknown };

function crmRoutes(leads: unknown[], deals: unknown[] = []): Record<string, Reply> {
  return {
    ...(dashboardRoutes() as Record<string, Reply>),
    'GET /api/crm/contacts': { body: { contacts: [grace], totalCount: 1 } },
    'GET /api/crm/leads': { body: leads },
    'GET /api/crm/deals': { body: deals },
    'GET /api/crm/activities': { body: [] },
    'GET /api/crm/workflows': { body: [] },
  };
}

/** Opens CRM › Reports and returns the card of the chart titled `title`. */
async function reportCard(title: string): Promise<HTMLElement> {
  const nav = within(screen.getByRole('navigation', { name: 'Sections' }));
  fireEvent.click(nav.getByRole('button', { name: 'CRM' }));
  fireEvent.click(await nav.findByRole('button', { name: 'Reports' }));
  const heading = await screen.findByRole('heading', { name: title }, slow);
  return heading.closest('.MuiCard-root') as HTMLElement;
}

const tickLabels = (card: HTMLElement, direction: 'X' | 'Y') =>
  [...card.querySelectorAll(`.MuiChartsAxis-direction${direction} .MuiChartsAxis-tickLabel`)].map(
    (label) => label.textContent,
  );

describe('CRM › Analytics › Reports: lead funnel and revenue charts', () => {
  test('counts leads in whole numbers, one row per status', async () => {
    renderApp(
      dashboardInput(),
      crmRoutes([lead(1, 'contacted', 'website'), lead(2, 'converted', 'referral')]),
    );
    const card = await reportCard('Lead funnel');
    await waitFor(() =>
      expect(tickLabels(card, 'Y')).toEqual(['new', 'contacted', 'qualified', 'converted', 'lost']),
    );
    // It read 0.0, 0.5, 1.0 (half a lead) — and 0.05 steps in a wide window.
    expect(tickLabels(card, 'X')).toEqual(['0', '1']);
  }, 20_000);

  test('with no leads yet, says there is nothing to show, like the charts beside it', async () => {
    renderApp(dashboardInput(), crmRoutes([]));
    const card = await reportCard('Lead funnel');
    // It drew an empty chart whose only tick read 0.000000.
    await waitFor(() => expect(card.textContent).toBe('Lead funnelLeadsNo data to display'));
  }, 20_000);

  test('revenue over time: a single month of closed-won deals is a visible mark on an axis of amounts', async () => {
    const won = {
      id: 9,
      title: 'Wedding cake',
      value: 1500,
      stage: 'closed-won',
      pipelineId: 1,
      contactId: null,
      createdAt: stamp,
      updatedAt: stamp,
    };
    renderApp(dashboardInput(), crmRoutes([lead(1, 'converted', 'website')], [won]));
    const card = await reportCard('Revenue over time');
    await waitFor(() => expect(tickLabels(card, 'X')).toEqual(['2026-01']));
    // A line of one point drew nothing at all.
    expect(card.querySelectorAll('.MuiLineChart-mark').length).toBe(1);
    expect(tickLabels(card, 'Y')).toContain('1.5K');
  }, 20_000);
});
