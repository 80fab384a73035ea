import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { OverviewFigures } from '../../src/views/crm/CrmDashboard.tsx';

const stats = {
  totalContacts: 1204,
  totalLeads: 311,
  totalDeals: 87,
  totalRevenue: 1_234_567.89,
  conversionRate: 28,
};

const figure = (label: string) => getComputedStyle(screen.getByTestId(`stat-${label}`));

describe('the CRM overview’s figures', () => {
  test('on a phone: two equal columns, the revenue across both, so the five take three rows and none is cut', () => {
    render(<OverviewFigures stats={stats} stacked />);
    const figures = getComputedStyle(screen.getByTestId('stat-Total Contacts').parentElement as HTMLElement);
    expect(figures.display).toBe('grid');
    expect(figures.gridTemplateColumns).toBe('repeat(2, minmax(0px, 1fr))');
    // Dense: Conversion Rate fills the place beside Total Deals, before the revenue's row.
    expect(figures.gridAutoFlow).toBe('dense');
    expect(figure('Total Revenue').gridColumn).toBe('1 / -1');
    for (const label of ['Total Contacts', 'Total Leads', 'Total Deals', 'Conversion Rate']) {
      expect(figure(label).gridColumn, label).toBe('auto');
      // A figure narrower than its text breaks its line instead of running past the card's edge.
      expect(figure(label).minWidth, label).toBe('0px');
      expect(figure(label).overflowWrap, label).toBe('anywhere');
    }
    expect(screen.getByTestId('stat-Total Revenue').textContent).toBe('Total Revenue$1,234,567.89');
  });

  test('on a wider board: side by side, wrapping, each at least 140 px', () => {
    render(<OverviewFigures stats={stats} stacked={false} />);
    const figures = getComputedStyle(screen.getByTestId('stat-Total Contacts').parentElement as HTMLElement);
    expect(figures.display).toBe('flex');
    expect(figures.flexWrap).toBe('wrap');
    expect(figure('Total Revenue').minWidth).toBe('140px');
    expect(figure('Total Revenue').gridColumn).toBe('auto');
  });
});
