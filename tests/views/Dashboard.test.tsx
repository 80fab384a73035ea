import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { bob, dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const admin = { ...bob, id: 'u3', role: 'admin' as const, name: 'Ada' };

function sidebar() {
  return within(screen.getByRole('navigation', { name: 'Sections' }));
}

describe('dashboard shell', () => {
  test('the sidebar lists every section and sub-section of the spec', async () => {
    renderApp(dashboardInput(), dashboardRoutes());
    const nav = sidebar();

    for (const label of [
      'Website Builder',
      'CRM',
      'SEO Tools',
      'Social Media',
      'Integrations',
      'AI Assistant',
      'Settings',
    ]) {
      expect(nav.getByRole('button', { name: label })).toBeTruthy();
    }
    for (const label of ['All Websites', 'Form Submissions', 'Templates']) {
      expect(nav.getByRole('button', { name: label })).toBeTruthy();
    }
    fireEvent.click(nav.getByRole('button', { name: 'CRM' }));
    for (const label of [
      'Dashboard',
      'Contacts',
      'Leads',
      'Deals',
      'Pipelines',
      'Activities',
      'Campaigns',
      'Communications',
      'Unified Inbox',
      'Reports',
      'Custom Reports',
      'Analytics',
      'Lead Tracking',
      'AI Insights',
    ]) {
      expect(nav.getByRole('button', { name: label })).toBeTruthy();
    }
    for (const group of ['Core CRM', 'Marketing']) expect(nav.getByText(group)).toBeTruthy();
    expect(nav.getAllByRole('button', { name: 'Integrations' })).toHaveLength(2);
    fireEvent.click(nav.getByRole('button', { name: 'Settings' }));
    for (const label of ['Teams', 'Accounts', 'Permissions']) {
      expect(nav.getByRole('button', { name: label })).toBeTruthy();
    }
  });

  test('Admin is hidden from a user and shown to an admin', () => {
    const first = renderApp(dashboardInput(), dashboardRoutes());
    expect(sidebar().queryByRole('button', { name: 'Admin' })).toBeNull();
    first.unmount();
    first.system.actor.stop();

    renderApp(dashboardInput(admin), dashboardRoutes(admin));
    expect(sidebar().getByRole('button', { name: 'Admin' })).toBeTruthy();
  });

  test('a section loads on demand and its title heads the page', async () => {
    renderApp(dashboardInput(), dashboardRoutes());

    fireEvent.click(sidebar().getByRole('button', { name: 'SEO Tools' }));

    expect(await screen.findByRole('heading', { name: 'SEO Tools', level: 2 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'SEO Tools', level: 1 })).toBeTruthy();
  });

  test('the narrow sidebar names its icons and shows sub-sections in a flyout on hover', async () => {
    renderApp(dashboardInput(), dashboardRoutes());

    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    const crm = sidebar().getByRole('button', { name: 'CRM' });
    fireEvent.mouseEnter(crm.parentElement!);

    expect(await screen.findByRole('button', { name: 'Lead Tracking' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Lead Tracking' }));
    expect(await screen.findByRole('heading', { name: 'Lead Tracking', level: 2 })).toBeTruthy();
  });

  test('the header shows the user with the plan badge, the tour button and the account menu', async () => {
    renderApp(dashboardInput(), dashboardRoutes());

    expect(screen.getByText('Bob')).toBeTruthy();
    expect(screen.getByText('STARTER')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start tour' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = within(screen.getByRole('menu'));
    expect(menu.getByRole('menuitem', { name: 'User Settings' })).toBeTruthy();
    expect(menu.getByRole('menuitem', { name: 'Password Change' })).toBeTruthy();
    expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  test('the account switcher lists the accounts from the server', async () => {
    renderApp(dashboardInput(), dashboardRoutes());

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Account' }).textContent).toContain('Bob Ltd'),
    );
  });

  test('choosing another account stores it and refetches with the new account header', async () => {
    const { requests } = renderApp(dashboardInput(), {
      ...dashboardRoutes(),
      'GET /api/accounts': {
        body: [
          { id: 'a1', name: 'Bob Ltd', industry: 'retail', description: '', isActive: true },
          { id: 'a2', name: 'Side Gig', industry: 'other', description: null, isActive: true },
        ],
      },
    });
    const switcher = screen.getByRole('combobox', { name: 'Account' });
    await waitFor(() => expect(switcher.textContent).toContain('Bob Ltd'));
    const before = requests.length;

    fireEvent.mouseDown(switcher);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Side Gig' }));

    expect(localStorage.getItem('currentAccountId')).toBe('a2');
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
    for (const request of requests.slice(before)) expect(request.headers.get('x-account-id')).toBe('a2');
  });

  test('Logout returns to sign in at /login and clears the stored session', async () => {
    renderApp(dashboardInput(), { ...dashboardRoutes(), 'POST /api/auth/logout': { status: 204 } });

    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('form', { name: 'Authentication' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('a revoked token ends the session: "Session expired" and back to /login', async () => {
    renderApp(dashboardInput(), {
      'GET /api/user/me': { status: 401, body: { message: 'Token revoked' } },
      'GET /api/accounts': { status: 401, body: { message: 'Token revoked' } },
    });

    expect(await screen.findByText('Session expired')).toBeTruthy();
    expect(screen.getByText('Please log in again')).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Authentication' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  test('the tour shows on a first visit with its progress', async () => {
    const input = dashboardInput();
    localStorage.removeItem('hasSeenWalkthrough');
    renderApp(input, dashboardRoutes());

    const tour = within(await screen.findByRole('dialog'));
    expect(tour.getByText('1 of 6')).toBeTruthy();
    fireEvent.click(tour.getByRole('button', { name: 'Next' }));
    expect(tour.getByText('2 of 6')).toBeTruthy();
    fireEvent.click(tour.getByRole('button', { name: 'Skip Tour' }));
    expect(localStorage.getItem('hasSeenWalkthrough')).toBe('true');
  });

  test('the star button opens the review popup; Submit waits for a rating', () => {
    renderApp(dashboardInput(), dashboardRoutes());

    fireEvent.click(screen.getByRole('button', { name: 'Leave a review' }));

    const popup = within(screen.getByRole('dialog'));
    expect((popup.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(popup.getByRole('radio', { name: '4 Stars' }));
    expect((popup.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
    expect(popup.getByLabelText('Your review (optional)')).toBeTruthy();
    expect(popup.getByLabelText('Email (optional)')).toBeTruthy();
  });
});
