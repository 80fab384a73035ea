import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };
const routes = () => ({ ...dashboardRoutes(), 'GET /api/social/posts': { body: [] } });

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('Social Media: the planner’s view and day are in the address', () => {
  test('choosing Week and moving a week on writes both to the address', async () => {
    window.history.replaceState(null, '', '/social?date=2026-03-04');
    renderApp(
      { ...dashboardInput(), location: { pathname: '/social', search: '?date=2026-03-04' } },
      routes(),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Week' }, slow));
    await waitFor(() => expect(window.location.search).toBe('?view=week&date=2026-03-04'));
    expect(screen.getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(window.location.search).toBe('?view=week&date=2026-03-11'));
    expect(window.location.pathname).toBe('/social');
  });

  test('a reload of /social?view=list shows the list, and of a month its month', async () => {
    window.history.replaceState(null, '', '/social?view=list');
    const first = renderApp(
      { ...dashboardInput(), location: { pathname: '/social', search: '?view=list' } },
      routes(),
    );
    const list = await screen.findByRole('button', { name: 'List' }, slow);
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Today' })).toBeNull();
    first.unmount();

    window.history.replaceState(null, '', '/social?date=2025-07-15');
    renderApp(
      { ...dashboardInput(), location: { pathname: '/social', search: '?date=2025-07-15' } },
      routes(),
    );
    const month = await screen.findByRole('button', { name: 'Month' }, slow);
    expect(month.getAttribute('aria-pressed')).toBe('true');
    const expected = new Date(2025, 6, 15).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
    expect(screen.getByText(expected).textContent).toBe(expected);
  });
});
