import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { assign, createActor, createMachine } from 'xstate';
import { permissionMatrix } from '../../server/auth/access.ts';
import type { BuilderActorRef } from '../../src/machines/builder/builderMachine.ts';
import { useBuilderShortcuts } from '../../src/views/builder/useBuilderShortcuts.ts';
import { renderInBuilderApp } from './builderHarness.tsx';
import { dashboardRoutes } from './renderApp.tsx';

function Shortcuts() {
  useBuilderShortcuts();
  return <p>builder open</p>;
}

/**
 * The builder's shortcuts for a member whose role is `roleName`, the server's permission table held back until
 * `answerPermissions()` (as just after a reload); `saves()` counts the saves the builder was asked for.
 */
async function renderShortcuts(roleName: string) {
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  const app = createActor(
    createMachine({ invoke: { id: 'session', src: createMachine({ context: { accountId: 'a1' } }) } }),
  ).start();
  const builder = createActor(
    createMachine({
      context: { pageId: null, session: null, saves: 0 },
      on: { 'save.request': { actions: assign({ saves: ({ context }) => context.saves + 1 }) } },
    }),
  ).start();
  const { requests } = renderInBuilderApp(app, <Shortcuts />, {
    routes: {
      ...dashboardRoutes(undefined, roleName),
      'GET /api/permissions': async () => {
        await held;
        return { body: permissionMatrix() };
      },
    },
    builder: builder as unknown as BuilderActorRef,
  });
  await screen.findByText('builder open');
  await waitFor(() => expect(requests.map((r) => new URL(r.url).pathname)).toContain('/api/permissions'));
  return {
    answerPermissions: answer,
    saves: () => builder.getSnapshot().context.saves,
    ctrlS: () => fireEvent.keyDown(window, { key: 's', ctrlKey: true }),
  };
}

describe('the builder’s save shortcut just after a reload', () => {
  test('Ctrl+S before the role is known is the builder’s: no browser Save page, and the site saves once known', async () => {
    const { answerPermissions, saves, ctrlS } = await renderShortcuts('Admin');

    // fireEvent answers false when the page prevented the browser's own action (its Save page dialog).
    expect(ctrlS()).toBe(false);
    expect(saves()).toBe(0);

    answerPermissions();
    await waitFor(() => expect(saves()).toBe(1));
    expect(ctrlS()).toBe(false);
    expect(saves()).toBe(2);
  });

  test('a Viewer’s Ctrl+S asked while the role was read saves nothing once the role says view only', async () => {
    const { answerPermissions, saves, ctrlS } = await renderShortcuts('Viewer');

    expect(ctrlS()).toBe(false);
    answerPermissions();
    // Known now: the shortcut is left to the browser, and the earlier one was dropped.
    await waitFor(() => expect(ctrlS()).toBe(true));
    expect(saves()).toBe(0);
  });
});
