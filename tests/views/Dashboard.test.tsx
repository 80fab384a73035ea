import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { selectTourRef } from '../../src/machines/app/appMachine.ts';
import { selectReviewRef } from '../../src/machines/app/appSelectors.ts';
import { findToast, textsOf } from './queries.ts';
import { bob, dashboardInput, dashboardRoutes, rawBob, renderApp } from './renderApp.tsx';

const admin = { ...bob, id: 'u3', role: 'admin' as const, name: 'Ada' };

function sidebar() {
  return within(screen.getByRole('navigation', { name: 'Sections' }));
}

/** The sidebar's top-level sections, in order. */
function sections() {
  const nav = screen.getByRole('navigation', { name: 'Sections' });
  return textsOf(Array.from(nav.querySelectorAll(':scope > [role="button"]')));
}

/** The sub-section groups of the list named `name`: each its heading (if any), then its buttons. */
function groupsOf(container: HTMLElement, name: string) {
  const list = within(container).getByRole('list', { name });
  return within(list)
    .getAllByRole('list')
    .map((group) => textsOf(Array.from(group.children)));
}

const CRM_GROUPS = [
  ['Dashboard'],
  ['Core CRM', 'Contacts', 'Leads', 'Deals', 'Pipelines', 'Activities'],
  ['Marketing', 'Campaigns', 'Communications', 'Unified Inbox'],
  ['Analytics', 'Reports', 'Custom Reports', 'Analytics', 'Lead Tracking', 'AI Insights'],
  ['Integrations'],
];
const SECTIONS = [
  'Website Builder',
  'Online Store',
  'CRM',
  'SEO Tools',
  'Social Media',
  'Integrations',
  'AI Assistant',
  'Settings',
];

describe('dashboard shell', () => {
  test('the sidebar lists every section and sub-section of the spec', async () => {
    renderApp(dashboardInput(), dashboardRoutes());
    const nav = sidebar();
    const navElement = screen.getByRole('navigation', { name: 'Sections' });

    expect(sections()).toEqual(SECTIONS);
    expect(groupsOf(navElement, 'Website Builder')).toEqual([
      ['All Websites', 'Form Submissions', 'Templates'],
    ]);
    fireEvent.click(nav.getByRole('button', { name: 'CRM' }));
    expect(nav.getByRole('button', { name: 'CRM' }).getAttribute('aria-expanded')).toBe('true');
    expect(groupsOf(navElement, 'CRM')).toEqual(CRM_GROUPS);
    expect(nav.getAllByRole('button', { name: 'Integrations' })).toHaveLength(2);
    fireEvent.click(nav.getByRole('button', { name: 'Settings' }));
    expect(nav.getByRole('button', { name: 'Settings' }).getAttribute('aria-expanded')).toBe('true');
    expect(groupsOf(navElement, 'Settings')).toEqual([
      ['Teams', 'Accounts', 'Permissions', 'Business details'],
    ]);
  });

  test('Admin is hidden from a user and shown to an admin', () => {
    const first = renderApp(dashboardInput(), dashboardRoutes());
    expect(sidebar().queryByRole('button', { name: 'Admin' })).toBeNull();
    first.unmount();
    first.system.actor.stop();

    renderApp(dashboardInput(admin), dashboardRoutes(admin));
    expect(sections()).toEqual([...SECTIONS, 'Admin']);
  });

  test('a section loads on demand and its title heads the page', async () => {
    renderApp(dashboardInput(), dashboardRoutes());

    fireEvent.click(sidebar().getByRole('button', { name: 'SEO Tools' }));

    // The sections' table and the section load on demand: allow for a loaded machine.
    await screen.findByRole('heading', { name: 'SEO Tools', level: 2 }, { timeout: 5000 });
    expect(textsOf(screen.getAllByRole('heading'))).toEqual(['SEO Tools', 'SEO Tools']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('SEO Tools');
  });

  test('the narrow sidebar names its icons and shows sub-sections in a flyout on hover', async () => {
    renderApp(dashboardInput(), dashboardRoutes());

    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    // The flyouts' code loads when the sidebar is first collapsed: until then their icons are not buttons to use.
    await waitFor(
      () => expect(sidebar().getByRole('button', { name: 'CRM' }).getAttribute('aria-disabled')).toBeNull(),
      { timeout: 5000 },
    );
    const crm = sidebar().getByRole('button', { name: 'CRM' });
    fireEvent.mouseEnter(crm.parentElement!);

    const flyout = await screen.findByRole('tooltip');
    expect(groupsOf(flyout, 'CRM')).toEqual(CRM_GROUPS);
    fireEvent.click(within(flyout).getByRole('button', { name: 'Lead Tracking' }));
    // The CRM section and the CRM actor's code load on demand: allow for a loaded machine.
    await screen.findByRole('heading', { name: 'Lead Tracking', level: 2 }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lead Tracking');
  });

  test('a tap on a narrow icon opens its flyout and keeps it open; the icon again or a tap elsewhere closes it', async () => {
    renderApp(dashboardInput(), dashboardRoutes());

    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    await waitFor(
      () => expect(sidebar().getByRole('button', { name: 'CRM' }).getAttribute('aria-disabled')).toBeNull(),
      { timeout: 5000 },
    );
    const crm = () => sidebar().getByRole('button', { name: 'CRM' });
    // A tap: the browser fires the mouse's enter, then the click (the flyout used to open and shut at once).
    fireEvent.mouseEnter(crm().parentElement!);
    fireEvent.click(crm());
    expect(crm().getAttribute('aria-expanded')).toBe('true');
    expect(groupsOf(await screen.findByRole('tooltip'), 'CRM')).toEqual(CRM_GROUPS);
    fireEvent.click(crm());
    expect(crm().getAttribute('aria-expanded')).toBe('false');

    // The keyboard (a click with no hover first) opens it; a click elsewhere on the page closes it.
    fireEvent.click(crm());
    expect(crm().getAttribute('aria-expanded')).toBe('true');
    // (A click-away listener starts listening a moment after it opens, so the opening click is not one.)
    await new Promise((resolve) => setTimeout(resolve, 20));
    fireEvent.click(screen.getByRole('banner'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(crm().getAttribute('aria-expanded')).toBe('false');
  });

  test('from the keyboard a narrow icon’s flyout takes the focus; Escape or Tab past its end gives it back to the icon', async () => {
    renderApp(dashboardInput(), dashboardRoutes());

    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    await waitFor(
      () => expect(sidebar().getByRole('button', { name: 'CRM' }).getAttribute('aria-disabled')).toBeNull(),
      { timeout: 5000 },
    );
    const crm = () => sidebar().getByRole('button', { name: 'CRM' });
    // Enter on the icon: a click without a pointer (detail 0).
    fireEvent.click(crm(), { detail: 0 });
    const flyout = within(await screen.findByRole('tooltip'));
    await waitFor(() =>
      expect(document.activeElement).toBe(flyout.getByRole('button', { name: 'Dashboard' })),
    );

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(document.activeElement).toBe(crm());
    expect(crm().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(crm(), { detail: 0 });
    const again = within(await screen.findByRole('tooltip'));
    const last = again.getByRole('button', { name: 'Integrations' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(document.activeElement).toBe(crm());
  });

  test('a sub-section chosen from a flyout keeps the focus in the sidebar, on its section, as the wide sidebar does', async () => {
    renderApp(dashboardInput(), dashboardRoutes());

    // Wide: the chosen sub-section's button stays where the focus is.
    fireEvent.click(sidebar().getByRole('button', { name: 'CRM' }));
    const wideChoice = sidebar().getByRole('button', { name: 'Lead Tracking' });
    wideChoice.focus();
    fireEvent.click(wideChoice, { detail: 0 });
    await screen.findByRole('heading', { name: 'Lead Tracking', level: 2 }, { timeout: 5000 });
    expect(document.activeElement).toBe(sidebar().getByRole('button', { name: 'Lead Tracking' }));

    // Narrow: the flyout closes, so the focus goes back to its section's icon (it fell to the page's body).
    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    await waitFor(
      () => expect(sidebar().getByRole('button', { name: 'CRM' }).getAttribute('aria-disabled')).toBeNull(),
      { timeout: 5000 },
    );
    const crm = () => sidebar().getByRole('button', { name: 'CRM' });
    fireEvent.click(crm(), { detail: 0 });
    const flyout = within(await screen.findByRole('tooltip'));
    const choice = flyout.getByRole('button', { name: 'AI Insights' });
    choice.focus();
    fireEvent.click(choice, { detail: 0 });
    await screen.findByRole('heading', { name: 'AI Insights', level: 2 }, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(document.activeElement).toBe(crm());
    expect(crm().getAttribute('aria-expanded')).toBe('false');
  });

  test('the header shows the user with the plan badge, the tour button and the account menu', async () => {
    renderApp(dashboardInput(), dashboardRoutes());

    const header = within(screen.getByRole('banner'));
    // The name with the plan badge right after it.
    expect(header.getByText('Bob').nextElementSibling?.textContent).toBe('STARTER');
    expect((header.getByRole('button', { name: 'Start tour' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(textsOf(within(screen.getByRole('menu')).getAllByRole('menuitem'))).toEqual([
      'User Settings',
      'Password Change',
      'Logout',
    ]);
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
    // Each account shows its industry (from its business setup) under its name.
    expect(textsOf(within(screen.getByRole('listbox')).getAllByRole('option'))).toEqual([
      'Bob LtdRetail',
      'Side GigOther',
    ]);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Side Gig Other' }));
    // The chosen account shows its name only.
    await waitFor(() => expect(switcher.textContent).toBe('Side Gig'));

    expect(localStorage.getItem('currentAccountId')).toBe('a2');
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
    for (const request of requests.slice(before)) expect(request.headers.get('x-account-id')).toBe('a2');
  });

  test('choosing another account starts the place again at its section: the old account’s search and page are dropped', async () => {
    renderApp(
      { ...dashboardInput(), location: { pathname: '/crm/contacts', search: '?q=ada&page=3' } },
      {
        ...dashboardRoutes(),
        'GET /api/accounts': {
          body: [
            { id: 'a1', name: 'Bob Ltd', industry: 'retail', description: '', isActive: true },
            { id: 'a2', name: 'Side Gig', industry: 'other', description: null, isActive: true },
          ],
        },
      },
    );
    const switcher = await screen.findByRole('combobox', { name: 'Account' }, { timeout: 5000 });
    await waitFor(() => expect(switcher.textContent).toContain('Bob Ltd'));
    expect(window.location.pathname + window.location.search).toBe('/crm/contacts?q=ada&page=3');

    fireEvent.mouseDown(switcher);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Side Gig Other' }));

    await waitFor(() => expect(switcher.textContent).toBe('Side Gig'));
    expect(window.location.pathname + window.location.search).toBe('/crm/contacts');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contacts');
  });

  test('signing in again after a session expired goes back to the account that was chosen, for the same user only', async () => {
    let expired = false;
    const ifValid = (reply: { body: unknown }) => () =>
      expired ? { status: 401, body: { message: 'Session expired' } } : reply;
    const cleo = { ...rawBob, userId: 'u7', email: 'cleo@example.com', name: 'Cleo' };
    let signingIn = rawBob;
    const { requests, system } = renderApp(dashboardInput(), {
      ...dashboardRoutes(),
      'GET /api/user/me': ifValid({ body: rawBob }),
      'GET /api/accounts': ifValid({
        body: [
          { id: 'a1', name: 'Bob Ltd', industry: 'retail', description: '', isActive: true },
          { id: 'a2', name: 'Side Gig', industry: 'other', description: null, isActive: true },
        ],
      }),
      'POST /api/auth/login': () => {
        expired = false;
        return { body: { ...signingIn, token: 'token-2' } };
      },
    });
    const switcher = () => screen.getByRole('combobox', { name: 'Account' });
    const choose = async (name: string) => {
      // The switcher loads with the query cache: allow for a loaded machine.
      await waitFor(() => expect(switcher().getAttribute('aria-disabled')).toBeNull(), { timeout: 5000 });
      fireEvent.mouseDown(switcher());
      fireEvent.click(within(screen.getByRole('listbox')).getByText(name));
    };
    const signIn = async (email: string) => {
      const form = within(await screen.findByRole('form', { name: 'Authentication' }));
      fireEvent.change(form.getByLabelText(/Email/), { target: { value: email } });
      fireEvent.change(form.getByLabelText(/Password/), { target: { value: 'secret1' } });
      fireEvent.click(form.getByRole('button', { name: 'Sign in' }));
    };

    // Bob works in Side Gig; the session ends elsewhere, and the next call says so.
    await choose('Side Gig');
    await waitFor(() => expect(switcher().textContent).toBe('Side Gig'));
    expired = true;
    // Any call will do (as the views' queries make them).
    void system.http.get('user/me').catch(() => {});
    await findToast('Session expired');

    // Bob signs in again: back in Side Gig, and the calls say so.
    await signIn('bob@example.com');
    await waitFor(() => expect(switcher().textContent).toBe('Side Gig'), { timeout: 5000 });
    const after = requests.filter((r) => r.headers.get('authorization') === 'Bearer token-2');
    expect(new Set(after.map((r) => r.headers.get('x-account-id')))).toEqual(new Set(['a2']));

    // Expired again, and Cleo signs in on this browser: she starts in her own account, not Bob's choice.
    expired = true;
    signingIn = cleo;
    void system.http.get('user/me').catch(() => {});
    await signIn('cleo@example.com');
    await waitFor(() => expect(switcher().textContent).toBe('Bob Ltd'), { timeout: 5000 });
  });

  test('Logout returns to sign in at /login and clears the stored session', async () => {
    renderApp(dashboardInput(), { ...dashboardRoutes(), 'POST /api/auth/logout': { status: 204 } });

    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await screen.findByRole('form', { name: 'Authentication' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Sign in');
    expect(window.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('a revoked token ends the session: "Session expired" and back to /login', async () => {
    renderApp(dashboardInput(), {
      'GET /api/user/me': { status: 401, body: { message: 'Token revoked' } },
      'GET /api/accounts': { status: 401, body: { message: 'Token revoked' } },
    });

    expect(await findToast('Session expired')).toEqual({
      role: 'status',
      lines: ['Session expired', 'Please log in again'],
    });
    await screen.findByRole('form', { name: 'Authentication' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Sign in');
    expect(window.location.pathname).toBe('/login');
  });

  test('Start tour clicked while the tour’s code still loads opens the tour once it has loaded', async () => {
    const { system } = renderApp(dashboardInput(), dashboardRoutes());

    expect(selectTourRef(system.actor.getSnapshot())).toBeUndefined();
    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Start tour' }));

    const tour = within(await screen.findByRole('dialog', {}, { timeout: 5000 }));
    expect(tour.getByText(/^\d+ of \d+$/).textContent).toBe('1 of 6');
  });

  test('the tour shows on a first visit with its progress', async () => {
    const input = dashboardInput();
    localStorage.removeItem('hasSeenWalkthrough');
    renderApp(input, dashboardRoutes());

    const tour = within(await screen.findByRole('dialog'));
    const progress = tour.getByText(/^\d+ of \d+$/);
    expect(progress.textContent).toBe('1 of 6');
    // Step 1 points at the product's name in the header, step 2 at the sidebar's Website Builder.
    const active = () => document.querySelector('[data-tour-active]');
    expect(active()?.textContent).toBe('BizSite');
    expect((tour.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(tour.getByRole('button', { name: 'Next' }));
    expect(progress.textContent).toBe('2 of 6');
    await waitFor(() => expect(active()?.textContent).toBe('Website Builder'));
    expect((tour.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Resume tour' })).toBeNull();
    fireEvent.click(tour.getByRole('button', { name: 'Skip Tour' }));
    expect(localStorage.getItem('hasSeenWalkthrough')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(active()).toBeNull();

    // Resume tour (beside ?) reopens it where it was skipped.
    fireEvent.click(screen.getByRole('button', { name: 'Resume tour' }));
    const resumed = within(await screen.findByRole('dialog'));
    expect(resumed.getByText(/^\d+ of \d+$/).textContent).toBe('2 of 6');
    expect(screen.queryByRole('button', { name: 'Resume tour' })).toBeNull();
  });

  test('the star button opens the review popup; Submit waits for a rating', async () => {
    const { system } = renderApp(dashboardInput(), dashboardRoutes());

    // Clicked at once, while the popup's code still loads: the popup opens once it has loaded.
    expect(selectReviewRef(system.actor.getSnapshot())).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Leave a review' }));

    const popup = within(await screen.findByRole('dialog', {}, { timeout: 5000 }));
    popup.getByRole('heading', { name: 'Leave a review' });
    expect((popup.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(popup.getByRole('radio', { name: '4 Stars' }));
    expect((popup.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
    const review = popup.getByLabelText('Your review (optional)') as HTMLTextAreaElement;
    expect([review.tagName, review.value]).toEqual(['TEXTAREA', '']);
    const email = popup.getByLabelText('Email (optional)') as HTMLInputElement;
    expect([email.type, email.value]).toEqual(['email', '']);
  });
});
