import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { BuilderActorRef } from '../../src/machines/builder/builderMachine.ts';
import { HistoryDialog } from '../../src/views/builder/HistoryDialog.tsx';
import { openHistory } from '../../src/views/builder/historyPlace.ts';
import { renderInBuilderApp } from './builderHarness.tsx';
import { clickBesideDialog } from './queries.ts';
import { dashboardRoutes } from './renderApp.tsx';

const HINT = 'This version is not saved: choose Save to keep it, or Cancel to throw it away.';

/** The History dialog of saved site 7 for the account's Admin (a session on account a1), at `?history=1`. */
async function openHistoryDialog() {
  const session = createMachine({ context: { accountId: 'a1' } });
  const app = createActor(createMachine({ invoke: { id: 'session', src: session } })).start();
  const builder = createActor(
    createMachine({ context: { pageId: null, websiteId: '7', session: null } }),
  ).start() as unknown as BuilderActorRef;
  renderInBuilderApp(app, <HistoryDialog />, {
    routes: { ...dashboardRoutes(), 'GET /api/website/7/versions': { body: [] } },
    builder,
  });
  act(() => openHistory());
  const dialog = () => screen.getByRole('dialog', { name: 'History' });
  fireEvent.click(await within(dialog()).findByRole('button', { name: 'Save version' }));
  return dialog;
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('History › Save version', () => {
  test('Escape or a click beside keeps a typed version name and says how to save or discard it; Close discards it', async () => {
    const dialog = await openHistoryDialog();
    fireEvent.change(within(dialog()).getByLabelText('Version name'), {
      target: { value: 'Before the sale' },
    });

    fireEvent.keyDown(dialog(), { key: 'Escape' });
    clickBesideDialog();

    expect(window.location.search).toBe('?history=1');
    expect((within(dialog()).getByLabelText('Version name') as HTMLInputElement).value).toBe(
      'Before the sale',
    );
    expect(within(dialog()).getByRole('alert').textContent).toBe(HINT);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'History' })).toBeNull());
    expect(window.location.search).toBe('');
  });

  test('with no name typed, or after its Cancel, a click beside does not close the History and Escape does', async () => {
    const dialog = await openHistoryDialog();
    fireEvent.change(within(dialog()).getByLabelText('Version name'), { target: { value: 'Draft' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));

    clickBesideDialog();
    expect(window.location.search).toBe('?history=1');
    expect(dialog().textContent).not.toContain(HINT);

    fireEvent.keyDown(dialog(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'History' })).toBeNull());
    expect(window.location.search).toBe('');
  });
});
