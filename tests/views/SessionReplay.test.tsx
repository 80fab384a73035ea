import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { ReplayEntry } from '../../src/contracts/replay.ts';
import { createReplayRecorder } from '../../src/machines/replay/replayRecorder.ts';
import { REPLAY_NOTICE, REPLAY_SAVE_FAILED } from '../../src/views/account/ReplaySettings.tsx';
import { aliceAuth, anonymousLoad, createAppHarness } from '../machines/appHarness.ts';
import { rowsOf, textsOf } from './queries.ts';
import { bob, dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const admin = { ...bob, id: 'u3', role: 'admin' as const, name: 'Ada' };
const slow = { timeout: 10_000 };
const SESSION_ID = 'abcdefabcdefabcdefabcdefabcdef12';

/** A real recording: sign-in, the dashboard, the website flow and back. */
async function recordSession(): Promise<ReplayEntry[]> {
  const recorder = createReplayRecorder();
  const h = createAppHarness(anonymousLoad, { inspect: recorder.inspect });
  h.actor.send({ type: 'auth.login', email: 'alice@example.com', password: 'typed-password-1' });
  await h.calls.settle(aliceAuth);
  h.actor.send({ type: 'website.create' });
  h.actor.send({ type: 'view.back' });
  h.actor.stop();
  const entries = recorder.nextBatch(1000)?.entries ?? [];
  expect(entries.length).toBeGreaterThan(10);
  return entries;
}

function replayRoutes(entries: ReplayEntry[]): Routes {
  const session = {
    id: SESSION_ID,
    userId: 1,
    userEmail: 'alice@example.com',
    accountId: 1,
    startedAt: '2025-01-01T10:00:00Z',
    lastEventAt: '2025-01-01T10:05:00Z',
    entryCount: entries.length,
  };
  return {
    ...dashboardRoutes(admin),
    'GET /api/admin/users': { body: { totalCount: 0, items: [] } },
    'GET /api/replay/sessions': { body: { items: [session], totalCount: 1 } },
    [`GET /api/replay/sessions/${SESSION_ID}`]: { body: { session, entries } },
  };
}

async function openReplayTab() {
  fireEvent.click(
    within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'Admin' }),
  );
  fireEvent.click(await screen.findByRole('tab', { name: 'Session Replay' }, slow));
  await screen.findByRole('grid', { name: 'Recorded sessions' }, slow);
}

describe('Admin › Session Replay', () => {
  test('the pager counts the sessions the server counts (totalCount), not the rows of the page', {
    timeout: 30_000,
  }, async () => {
    const routes = replayRoutes([]);
    const listed = routes['GET /api/replay/sessions'] as { body: { items: unknown[] } };
    renderApp(dashboardInput(admin), {
      ...routes,
      'GET /api/replay/sessions': { body: { items: listed.body.items, totalCount: 40 } },
    });
    await openReplayTab();
    await waitFor(() => expect(screen.getByText(/ of \d+$/).textContent).toBe('1–25 of 40'), slow);
  });

  test('lists sessions by user (filtered on the server), opens one and steps through its states', {
    timeout: 30_000,
  }, async () => {
    const entries = await recordSession();
    const { requests, system } = renderApp(dashboardInput(admin), replayRoutes(entries));
    await openReplayTab();
    // The stepper runs only while a session is open.
    expect(system.actor.system.get('replayPlayer')).toBeUndefined();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.slice(-3)).toEqual(['Job Dashboard', 'Outbox', 'Session Replay']);

    fireEvent.change(screen.getByLabelText('User email'), { target: { value: 'alice' } });
    await waitFor(() =>
      expect(requests.some((r) => new URL(r.url).searchParams.get('email') === 'alice')).toBe(true),
    );
    const grid = within(screen.getByRole('grid', { name: 'Recorded sessions' }));
    fireEvent.click(await grid.findByRole('button', { name: /Open session of alice@example.com/ }));

    const position = await screen.findByText(/^Step \d+ of \d+$/);
    expect(position.textContent).toBe(`Step 1 of ${entries.length}`);
    expect(screen.getByText(/^Sandbox /).textContent).toBe('Sandbox reaches every recorded state');
    const state = () => screen.getByTestId('replay-state').textContent;
    expect(screen.getByRole('button', { name: 'Previous step' })).toHaveProperty('disabled', true);
    const init = entries.findIndex((e) => e.actor === 'app');
    for (let i = 0; i < init; i++) fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    const eventShown = () => within(screen.getByLabelText('Current step')).getByText(/^Event: /).textContent;
    expect(eventShown()).toBe('Event: xstate.init (input: {"signedIn":false,"builder":null,"oauth":null})');
    expect(state()).toBe('auth.idle');

    // Forward to the sign-in: the event, the state, and the context change of the root.
    const login = entries.findIndex((e) => e.event.type === 'auth.login');
    for (let i = init; i < login; i++) fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(eventShown()).toBe('Event: auth.login (email: [redacted], password: [redacted])');
    expect(state()).toBe('auth.signingIn');
    const done = entries.findIndex((e) => e.event.type === 'xstate.done.actor.0.app.auth.signingIn');
    for (let i = login; i < done - 1; i++) fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    // The list of steps around the current one: choosing one goes there.
    fireEvent.click(
      within(screen.getByRole('list', { name: 'Steps' })).getByText(
        `${done + 1}. app · xstate.done.actor.0.app.auth.signingIn`,
      ),
    );
    // The dashboard, with none of its places' actors running.
    expect(state()).toBe(
      'dashboard.crm.closed, storefront.closed, businessDetails.closed, replaySettings.closed, replayViewer.closed',
    );
    // Back one step.
    fireEvent.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(screen.getByText(/^Step \d+ of \d+$/).textContent).toBe(`Step ${done} of ${entries.length}`);
    // A step of the session child shows its context changes (never the token's value).
    const userStep = entries.findIndex((e) => e.actor === 'session' && e.event.type === 'session.login');
    fireEvent.change(screen.getByRole('slider', { name: 'Step' }), { target: { value: String(userStep) } });
    const changes = await screen.findByRole('table', { name: 'Context changes' });
    expect(rowsOf(changes)).toEqual([
      ['Context', 'Before', 'After'],
      ['token', 'null', '[redacted]'],
      [
        'user',
        'null',
        '{"id":"u1","email":"[redacted]","name":"[redacted]","role":"user","plan":0,"status":"trial","accountId":"a1"}',
      ],
      ['accountId', 'null', 'a1'],
    ]);
    expect(screen.queryByText(/typed-password-1/)).toBeNull();

    // Back to sessions: the list again, and the stepper is gone with the session.
    expect(system.actor.system.get('replayPlayer')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sessions' }));
    await screen.findByRole('grid', { name: 'Recorded sessions' }, slow);
    expect(screen.queryByText(/^Step \d+ of \d+$/)).toBeNull();
    expect(system.actor.system.get('replayPlayer')).toBeUndefined();
  });

  test('Play in sandbox renders the real views read-only, at the step shown', {
    timeout: 30_000,
  }, async () => {
    const entries = await recordSession();
    renderApp(dashboardInput(admin), replayRoutes(entries));
    await openReplayTab();
    fireEvent.click(await screen.findByRole('button', { name: /Open session of alice@example.com/ }, slow));
    await screen.findByText(`Step 1 of ${entries.length}`);
    fireEvent.click(screen.getByRole('button', { name: 'Play in sandbox' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close sandbox' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Step' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play in sandbox' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));

    // Step 1: the sign-in screen, inside the inert sandbox frame.
    const sandbox = await screen.findByRole('region', { name: 'Sandbox' }, slow);
    expect(sandbox.hasAttribute('inert')).toBe(true);
    await within(sandbox).findByRole('button', { name: 'Sign in' }, slow);
    expect(textsOf(within(sandbox).queryAllByRole('heading'))).toEqual(['Sign in']);
    // At the website flow's step: the flow choice screen.
    const flow = entries.findIndex((e) => e.actor === 'app' && e.state === 'flowChoice');
    fireEvent.change(screen.getByRole('slider', { name: 'Step' }), { target: { value: String(flow) } });
    await within(sandbox).findByRole('button', { name: 'Back to dashboard' }, slow);
    expect(textsOf(within(sandbox).queryAllByRole('heading'))).toEqual([
      'How would you like to create your website?',
      'Build from Scratch',
      'Generate with AI',
    ]);
  });
});

describe('User Settings › Session recording', () => {
  test('says what is recorded; the switch stores the choice on the server', async () => {
    let stored = false;
    const { requests } = renderApp(dashboardInput(), {
      ...dashboardRoutes(),
      'GET /api/replay/settings': () => ({ body: { optOut: stored } }),
      'PUT /api/replay/settings': async (request) => {
        stored = ((await request.json()) as { optOut: boolean }).optOut;
        return { body: { optOut: stored } };
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'User Settings' }));
    expect((await screen.findByText(/^To help our support team/, {}, slow)).textContent).toBe(REPLAY_NOTICE);
    const toggle = await screen.findByRole('switch', { name: 'Record my sessions for support' });
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveProperty('checked', false));
    expect(stored).toBe(true);
    const put = requests.find((r) => r.method === 'PUT' && r.url.endsWith('/api/replay/settings'));
    expect(await put?.json()).toEqual({ optOut: true });
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    expect(stored).toBe(false);
  });

  test('a save that fails says so; the switch’s actor runs only while it shows, so the message goes with it', async () => {
    const { system } = renderApp(dashboardInput(), {
      ...dashboardRoutes(),
      'GET /api/replay/settings': { body: { optOut: false } },
      'PUT /api/replay/settings': { status: 400, body: { message: 'No' } },
      'GET /api/accounts/a1/users': { body: [] },
      'GET /api/accounts/a1/invitations': { body: [] },
      'GET /api/accounts/a1/roles': { body: [] },
    });
    expect(system.actor.system.get('replaySettings')).toBeUndefined();
    const openUserSettings = () => {
      fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
      fireEvent.click(screen.getByRole('menuitem', { name: 'User Settings' }));
    };
    openUserSettings();
    const toggle = await screen.findByRole('switch', { name: 'Record my sessions for support' }, slow);
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    fireEvent.click(toggle);
    expect((await screen.findByText(REPLAY_SAVE_FAILED)).textContent).toBe(REPLAY_SAVE_FAILED);
    expect(system.actor.system.get('replaySettings')).toBeDefined();

    // The Users tab: the switch is not shown, and its actor stops.
    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    await waitFor(() => expect(system.actor.system.get('replaySettings')).toBeUndefined());
    fireEvent.click(await screen.findByRole('tab', { name: 'Profile' }, slow));
    await screen.findByRole('switch', { name: 'Record my sessions for support' });
    expect(screen.queryByText(REPLAY_SAVE_FAILED)).toBeNull();
  });
});
