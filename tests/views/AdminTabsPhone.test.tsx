import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { bob, dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const admin = { ...bob, id: 'u3', role: 'admin' as const, name: 'Ada' };

/**
 * The screen as a phone's: Users shows, Session Replay (the last tab) is beyond the right edge. MUI's tabs learn
 * this from an IntersectionObserver on the first and last tab, which jsdom has not.
 */
class PhoneObserver {
  private readonly report: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void;
  constructor(report: PhoneObserver['report']) {
    this.report = report;
  }
  observe(target: Element) {
    this.report([{ target, isIntersecting: target.textContent !== 'Session Replay' }]);
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  Object.defineProperty(window, 'IntersectionObserver', { value: PhoneObserver, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(window, 'IntersectionObserver');
});

describe('Admin Dashboard on a phone', () => {
  test('the tab bar shows its scroll arrows on a small screen too, so the tabs past the edge can be reached', async () => {
    const { container } = renderApp(
      { ...dashboardInput(admin), location: { pathname: '/admin', search: '' } },
      { ...dashboardRoutes(admin), 'GET /api/admin/users': { body: { totalCount: 0, items: [] } } },
    );
    await screen.findByRole('tab', { name: 'Session Replay' }, { timeout: 10_000 });
    const arrows = Array.from(container.querySelectorAll('.MuiTabs-scrollButtons'));
    // The arrow towards the end is there and usable; none carries the class that hides it below 600px.
    expect(arrows.map((arrow) => arrow.classList.contains('Mui-disabled'))).toEqual([true, false]);
    expect(arrows.filter((arrow) => arrow.classList.contains('MuiTabs-scrollButtonsHideMobile'))).toEqual([]);
  });
});
