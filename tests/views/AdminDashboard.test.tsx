import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Themed } from '../../src/views/App.tsx';
import { parseCredits, reviewPreview } from '../../src/views/admin/adminFormat.ts';
import { createJobPageSystem } from '../../src/views/jobs/createJobPageSystem.ts';
import { JobDashboardPage } from '../../src/views/jobs/JobDashboardPage.tsx';
import { findToast, rowOf, rowsOf, textsOf } from './queries.ts';
import { bob, dashboardInput, dashboardRoutes, fakeServer, type Routes, renderApp } from './renderApp.tsx';

const admin = { ...bob, id: 'u3', role: 'admin' as const, name: 'Ada' };
const slow = { timeout: 10_000 };
const long = 'x'.repeat(120);

function adminRoutes(extra: Routes = {}): Routes {
  return {
    ...dashboardRoutes(admin),
    'GET /api/admin/users': {
      body: {
        totalCount: 1,
        items: [
          {
            id: 9,
            email: 'zoe@example.com',
            name: 'Zoe',
            role: 'user',
            plan: 0,
            status: 'trial',
            createdAt: '2025-01-01T00:00:00Z',
          },
        ],
      },
    },
    'GET /api/review/admin/reviews': {
      body: [
        {
          id: 1,
          userName: 'Zoe',
          userEmail: 'zoe@example.com',
          rating: 5,
          reviewText: long,
          createdAt: '2025-01-01T00:00:00Z',
        },
        {
          id: 2,
          userName: 'Yan',
          userEmail: 'yan@example.com',
          rating: 3,
          reviewText: '',
          createdAt: '2025-01-02T00:00:00Z',
        },
      ],
    },
    'GET /api/review/admin/credits': {
      body: [
        {
          id: 4,
          userName: 'Zoe',
          userEmail: 'zoe@example.com',
          credits: 10,
          source: 'review',
          description: 'Thank you for your review',
          createdAt: '2025-01-01T00:00:00Z',
        },
      ],
    },
    ...extra,
  };
}

async function openAdmin() {
  fireEvent.click(
    within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'Admin' }),
  );
  await screen.findByRole('tab', { name: 'Users' }, slow);
}

describe('review text and credit input rules', () => {
  test('review text is cut at 100 characters; none reads "No comment"', () => {
    expect(reviewPreview(long)).toBe(`${'x'.repeat(100)}…`);
    expect(reviewPreview('x'.repeat(100))).toBe('x'.repeat(100));
    expect(reviewPreview('  ')).toBe('No comment');
    expect(reviewPreview(null)).toBe('No comment');
  });

  test('credits parse as an integer; anything else is 0', () => {
    expect(parseCredits('25')).toBe(25);
    expect(parseCredits(' -5 ')).toBe(-5);
    expect(parseCredits('12.7')).toBe(12);
    expect(parseCredits('abc')).toBe(0);
    expect(parseCredits('')).toBe(0);
  });
});

describe('Admin Dashboard', () => {
  test('tabs Users, Activity Logs, Reviews & Credits, Job Dashboard and Outbox; users with role, plan and status', async () => {
    renderApp(dashboardInput(admin), adminRoutes());
    await openAdmin();
    expect(textsOf(screen.getAllByRole('tab'))).toEqual([
      'Users',
      'Activity Logs',
      'Reviews & Credits',
      'Job Dashboard',
      'Outbox',
      'Session Replay',
    ]);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Users');
    expect(rowOf(await screen.findByText('zoe@example.com'))).toEqual([
      'Zoe',
      'zoe@example.com',
      'user',
      'FREE',
      'trial',
      expect.any(String), // joined, in the local time zone
    ]);
    expect(screen.getByRole('combobox', { name: 'Plan of zoe@example.com' }).textContent).toBe('FREE');
    expect(screen.getByRole('combobox', { name: 'Status of zoe@example.com' }).textContent).toBe('trial');
  });

  test('an empty user list says "No users found"', async () => {
    renderApp(
      dashboardInput(admin),
      adminRoutes({ 'GET /api/admin/users': { body: { totalCount: 0, items: [] } } }),
    );
    await openAdmin();
    const empty = await screen.findByText('No users found');
    // Only the header row: the message stands in for the rows.
    expect(rowsOf(empty.closest('table, [role="grid"]') as HTMLElement)).toEqual([
      ['Name', 'Email', 'Role', 'Plan', 'Status', 'Joined'],
    ]);
  });

  test('Reviews: text cut at 100 characters, "No comment" when there is none', async () => {
    renderApp(dashboardInput(admin), adminRoutes());
    await openAdmin();
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews & Credits' }));
    expect(textsOf(screen.getAllByRole('tab', { selected: true }))).toEqual(['Reviews & Credits', 'Reviews']);
    const first = await screen.findByText(`${'x'.repeat(100)}…`);
    // The rating cell shows stars (read by their label); dates follow the local time zone.
    expect(rowsOf(first.closest('table, [role="grid"]') as HTMLElement)).toEqual([
      ['User', 'Email', 'Rating', 'Review', 'Date'],
      ['Zoe', 'zoe@example.com', '5 stars', `${'x'.repeat(100)}…`, expect.any(String)],
      ['Yan', 'yan@example.com', '3 stars', 'No comment', expect.any(String)],
    ]);
  });

  test('Credits: the edit modal sends invalid credits as 0; a failure shows "Failed to update credit"', async () => {
    const { requests } = renderApp(
      dashboardInput(admin),
      adminRoutes({
        'PUT /api/review/admin/credits/4': { status: 500, body: { message: 'Internal server error' } },
      }),
    );
    await openAdmin();
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews & Credits' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Credits' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit credit of zoe@example.com' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit credit' }));
    expect((dialog.getByLabelText('Credits') as HTMLInputElement).value).toBe('10');

    fireEvent.change(dialog.getByLabelText('Credits'), { target: { value: 'lots' } });
    fireEvent.change(dialog.getByLabelText('Description'), { target: { value: 'Fixed' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    const failure = await dialog.findByText('Failed to update credit');
    expect([failure.closest('[role="alert"]')?.textContent, failure.closest('[role="dialog"]')]).toEqual([
      'Failed to update credit',
      screen.getByRole('dialog', { name: 'Edit credit' }),
    ]);
    const sent = requests.find((r) => r.method === 'PUT');
    expect(await sent?.json()).toEqual({ credits: 0, description: 'Fixed' });
  });

  test('Credits: Escape keeps a changed credit open and says how to save or discard it; unchanged, Escape closes it', async () => {
    renderApp(dashboardInput(admin), adminRoutes());
    await openAdmin();
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews & Credits' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Credits' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit credit of zoe@example.com' }));
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Edit credit' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit credit' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit credit of zoe@example.com' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit credit' }));
    fireEvent.change(dialog.getByLabelText('Description'), {
      target: { value: 'Goodwill for the late order' },
    });
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Edit credit' }), { key: 'Escape' });

    const still = within(screen.getByRole('dialog', { name: 'Edit credit' }));
    expect((still.getByLabelText('Description') as HTMLTextAreaElement).value).toBe(
      'Goodwill for the late order',
    );
    expect(still.getByRole('alert').textContent).toBe(
      'This credit is not saved: choose Save to keep it, or Cancel to throw it away.',
    );
    fireEvent.click(still.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit credit' })).toBeNull());
  });

  test('the Credits sub-tab has its own address: a reload opens Credits again', async () => {
    const first = renderApp(dashboardInput(admin), adminRoutes());
    await openAdmin();
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews & Credits' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Credits' }));
    await screen.findByRole('button', { name: 'Edit credit of zoe@example.com' });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/admin/reviews?view=credits');
    first.unmount();
    first.system.actor.stop();

    renderApp(
      { ...dashboardInput(admin), location: { pathname: '/admin/reviews', search: '?view=credits' } },
      adminRoutes(),
    );
    const credits = await screen.findByRole('tab', { name: 'Credits' }, { timeout: 5000 });
    expect(credits.getAttribute('aria-selected')).toBe('true');
    // The credits list, with its edit buttons, not the reviews.
    await screen.findByRole('button', { name: 'Edit credit of zoe@example.com' });
  });

  test('Credits: a saved edit closes the modal and reloads the list', async () => {
    let saved = false;
    renderApp(
      dashboardInput(admin),
      adminRoutes({
        'PUT /api/review/admin/credits/4': () => {
          saved = true;
          return { body: {} };
        },
      }),
    );
    await openAdmin();
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews & Credits' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Credits' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit credit of zoe@example.com' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit credit' }));
    fireEvent.change(dialog.getByLabelText('Credits'), { target: { value: '25' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit credit' })).toBeNull());
    expect(saved).toBe(true);
    expect(await findToast('Credit updated')).toEqual({ role: 'status', lines: ['Credit updated'] });
  });

  test('Job Dashboard embeds /hangfire, 500px high', async () => {
    renderApp(dashboardInput(admin), adminRoutes());
    await openAdmin();
    fireEvent.click(screen.getByRole('tab', { name: 'Job Dashboard' }));
    const frame = screen.getByTitle('Job Dashboard') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/hangfire');
    expect(getComputedStyle(frame).height).toBe('500px');
  });

  test('a user who is not admin has no Admin entry in the sidebar', async () => {
    renderApp(dashboardInput(), dashboardRoutes());
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' })).queryByRole('button', { name: 'Admin' }),
    ).toBeNull();
  });
});

describe('/hangfire job dashboard page', () => {
  function storeUser(role: 'user' | 'admin') {
    localStorage.setItem('token', 'token-1');
    localStorage.setItem('user', JSON.stringify({ ...bob, role }));
  }

  const overview = {
    queues: [
      {
        name: 'invitation-mail',
        counts: { created: 0, retry: 0, active: 0, completed: 3, cancelled: 0, failed: 1 },
        total: 4,
      },
      {
        name: 'purge-expired',
        counts: { created: 1, retry: 0, active: 0, completed: 0, cancelled: 0, failed: 0 },
        total: 1,
      },
    ],
    jobs: [
      {
        id: '0b6f1f5e-0000-4000-8000-000000000001',
        queue: 'invitation-mail',
        state: 'failed',
        retryCount: 0,
        createdOn: '2025-01-01T00:00:00Z',
        startedOn: null,
        completedOn: '2025-01-01T00:00:01Z',
        error: '550 No such user here',
      },
    ],
  };

  test('signed out: "Please log in to access this page."', () => {
    const { container } = render(
      <Themed>
        <JobDashboardPage system={createJobPageSystem()} />
      </Themed>,
    );
    expect(container.textContent).toBe('Please log in to access this page.');
  });

  test('not an admin: Access Denied', () => {
    storeUser('user');
    const { container } = render(
      <Themed>
        <JobDashboardPage system={createJobPageSystem()} />
      </Themed>,
    );
    expect(container.textContent).toBe(
      "Access DeniedYou don't have permission to access this admin section.",
    );
  });

  test('signed out or not an admin: the page asks the server nothing (it kept asking for the job list it is refused)', async () => {
    for (const who of ['visitor', 'user'] as const) {
      localStorage.clear();
      if (who === 'user') storeUser('user');
      const { fetch: serverFetch, requests } = fakeServer({
        'GET /api/admin/jobs': { status: who === 'user' ? 403 : 401, body: { message: 'No' } },
      });
      const { unmount } = render(
        <Themed>
          <JobDashboardPage system={createJobPageSystem({ fetch: serverFetch as typeof fetch })} />
        </Themed>,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([]);
      unmount();
    }
  });

  test('an admin the server refuses (demoted meanwhile): Access Denied', async () => {
    storeUser('admin');
    const server = fakeServer({
      'GET /api/admin/jobs': { status: 403, body: { message: 'Only a platform admin can do this' } },
    });
    const { container } = render(
      <Themed>
        <JobDashboardPage system={createJobPageSystem({ fetch: server.fetch as typeof fetch })} />
      </Themed>,
    );
    await screen.findByText('Access Denied');
    expect(container.textContent).toBe(
      "Access DeniedYou don't have permission to access this admin section.",
    );
  });

  test('an admin sees the queues with counts by state, failed jobs with their error, and can retry them', async () => {
    storeUser('admin');
    const { fetch: serverFetch, requests } = fakeServer({
      'GET /api/admin/jobs': { body: overview },
      [`POST /api/admin/jobs/invitation-mail/${overview.jobs[0].id}/retry`]: { status: 204 },
    });
    render(
      <Themed>
        <JobDashboardPage system={createJobPageSystem({ fetch: serverFetch as typeof fetch })} />
      </Themed>,
    );
    const queues = await screen.findByRole('table', { name: 'Queues' });
    await within(queues).findByText('invitation-mail');
    expect(rowsOf(queues)).toEqual([
      ['Queue', 'created', 'retry', 'active', 'completed', 'cancelled', 'failed', 'total'],
      ['invitation-mail', '0', '0', '0', '3', '0', '1', '4'],
      ['purge-expired', '1', '0', '0', '0', '0', '0', '1'],
    ]);
    const error = await screen.findByText('550 No such user here');
    // Queue, state, created, completed (local time), retries, the error, the retry button.
    expect(rowOf(error)).toEqual([
      'invitation-mail',
      'failed',
      expect.any(String),
      expect.any(String),
      '0',
      '550 No such user here',
      'Retry',
    ]);

    fireEvent.click(screen.getByRole('button', { name: `Retry job ${overview.jobs[0].id}` }));

    // The one alert on the page, no error beside it.
    await waitFor(() => expect(textsOf(screen.getAllByRole('alert'))).toEqual(['Job queued again']));
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/retry'))).toBe(true);
    expect(requests[0].headers.get('authorization')).toBe('Bearer token-1');
  });
});

describe('the Outbox tab', () => {
  const message = (id: number, status: string, subject: string) => ({
    id,
    kind: 'order.confirmation',
    to: 'ada@example.com',
    subject,
    body: `Hello Ada,\n\n2 × Mug — $12.00\nTotal: $12.00 (${id})`,
    status,
    attempts: status === 'held' ? 0 : 1,
    lastError: status === 'failed' ? '550 No such user here' : null,
    createdAt: '2025-01-02T00:00:00.000Z',
    sentAt: status === 'sent' ? '2025-01-02T00:00:01.000Z' : null,
  });

  test('lists messages newest first, filters by status and shows a message’s text', async () => {
    const { requests } = renderApp(
      dashboardInput(admin),
      adminRoutes({
        'GET /api/admin/outbox': (request) => {
          const status = new URL(request.url).searchParams.get('status');
          const all = [
            message(2, 'held', 'Your order #1002 at Rosa’s Bakery'),
            message(1, 'failed', 'Your order #1001 at Rosa’s Bakery'),
          ];
          const results = status ? all.filter((m) => m.status === status) : all;
          return { body: { results, totalCount: results.length } };
        },
      }),
    );
    await openAdmin();
    fireEvent.click(screen.getByRole('tab', { name: 'Outbox' }));
    const table = await screen.findByRole('grid', { name: 'Outbox' }, slow);
    await within(table).findByText('Your order #1002 at Rosa’s Bakery', undefined, slow);
    expect(
      rowsOf(table)
        .slice(1)
        .map((row) => row[2]),
    ).toEqual(['Your order #1002 at Rosa’s Bakery', 'Your order #1001 at Rosa’s Bakery']);
    expect(rowOf(within(table).getByText('Your order #1002 at Rosa’s Bakery'))).toEqual([
      expect.any(String),
      'ada@example.com',
      'Your order #1002 at Rosa’s Bakery',
      'order.confirmation',
      'Held (no mail server)',
      '0',
    ]);

    // Only the failed ones.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(within(table).queryByText('Your order #1002 at Rosa’s Bakery')).toBeNull());
    expect(requests.some((r) => new URL(r.url).searchParams.get('status') === 'failed')).toBe(true);

    // A row opens the message: its text and the server's last answer.
    fireEvent.click(within(table).getByText('Your order #1001 at Rosa’s Bakery'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Your order #1001 at Rosa’s Bakery');
    expect(within(dialog).getByLabelText('Message text').textContent).toBe(
      'Hello Ada,\n\n2 × Mug — $12.00\nTotal: $12.00 (1)',
    );
    expect(within(dialog).getByText(/^Last error:/).textContent).toBe('Last error: 550 No such user here');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
