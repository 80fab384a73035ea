import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { BuilderActorRef } from '../../src/machines/builder/builderMachine.ts';
import { BuilderHeader, LEAVE_WARNING } from '../../src/views/builder/BuilderHeader.tsx';
import { renderInBuilderApp } from './builderHarness.tsx';
import { descriptionOf } from './queries.ts';
import { dashboardRoutes } from './renderApp.tsx';

/**
 * The header of a new site (not on the server yet), `edited` or not, for the account's Admin; `where()` is the
 * app's view: 'builder' until Back leaves it.
 */
async function renderHeader(edited: boolean) {
  const session = createMachine({ context: { accountId: 'a1' } });
  const app = createActor(
    createMachine({
      invoke: { id: 'session', src: session },
      initial: 'builder',
      states: { builder: { on: { 'view.back': 'dashboard' } }, dashboard: {} },
    }),
  ).start();
  const builder = createActor(
    createMachine({
      context: { pageId: null, websiteId: null, edited, name: 'Bakery', mode: 'edit', session: null },
    }),
  ).start() as unknown as BuilderActorRef;
  renderInBuilderApp(app, <BuilderHeader />, { routes: dashboardRoutes(), builder });
  // The role is known (an editor: the unsaved changes are the user's own).
  await screen.findByRole('button', { name: 'Publish' }, { timeout: 10_000 });
  return { where: () => app.getSnapshot().value };
}

const question = () => screen.queryByRole('dialog', { name: 'Leave the builder?' });

describe('Builder header › Back', { timeout: 20_000 }, () => {
  test('with unsaved changes asks in the app; Cancel (focused first) stays, Leave goes back', async () => {
    const { where } = await renderHeader(true);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    const asked = await screen.findByRole('dialog', { name: 'Leave the builder?' });
    expect(descriptionOf(asked)).toBe(LEAVE_WARNING);
    expect(LEAVE_WARNING).toBe('Some of your changes are not saved to the server yet. Leave anyway?');
    expect(
      within(asked)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Leave']);
    expect(document.activeElement?.textContent).toBe('Cancel');

    fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(where()).toBe('builder');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    const again = await screen.findByRole('dialog', { name: 'Leave the builder?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Leave' }));
    expect(where()).toBe('dashboard');
    await waitFor(() => expect(question()).toBeNull());
  });

  test('with nothing unsaved leaves at once, asking nothing', async () => {
    const { where } = await renderHeader(false);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect(where()).toBe('dashboard');
    expect(question()).toBeNull();
  });
});
