import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { BuilderActorRef } from '../../src/machines/builder/builderMachine.ts';
import { type PublishActorRef, publishMachine } from '../../src/machines/builder/publishMachine.ts';
import { PublishDialog } from '../../src/views/builder/PublishDialog.tsx';
import { renderInBuilderApp } from './builderHarness.tsx';
import { clickBesideDialog } from './queries.ts';

const HINT = 'This address is not saved: choose Publish to keep it, or Cancel to throw it away.';

/** The Publish dialog over the real publish machine (the app's child `publish`), opened for a saved site. */
function openPublish(siteName = 'Rosa Bakery') {
  const root = createActor(createMachine({ invoke: { id: 'publish', src: publishMachine } })).start();
  const publish = root.getSnapshot().children.publish as unknown as PublishActorRef;
  // The builder as the dialog reads it (the site's name) and what it is asked (`rename.request`).
  const asked: string[] = [];
  const builder = createActor(
    createMachine({
      context: { pageId: null, name: siteName },
      on: { '*': { actions: ({ event }) => asked.push(event.type) } },
    }),
  ).start() as unknown as BuilderActorRef;
  renderInBuilderApp(root, <PublishDialog />, { builder });
  act(() => publish.send({ type: 'publish.open', websiteId: '7', siteName }));
  return { publish, asked, dialog: () => screen.getByRole('dialog', { name: 'Publish Website' }) };
}

const typedIn = (dialog: HTMLElement, label: string) =>
  (within(dialog).getByLabelText(label) as HTMLInputElement).value;

describe('Publish dialog keeps what was typed', () => {
  test('Escape or a click beside keeps a typed subdomain and custom domain and says how to publish or discard them; Cancel discards them', async () => {
    const { publish, dialog } = openPublish();
    fireEvent.change(within(dialog()).getByLabelText('Subdomain'), { target: { value: 'rosa-cakes' } });
    fireEvent.change(within(dialog()).getByLabelText('Custom domain (optional)'), {
      target: { value: 'www.rosa.test' },
    });

    fireEvent.keyDown(dialog(), { key: 'Escape' });
    clickBesideDialog();

    expect(typedIn(dialog(), 'Subdomain')).toBe('rosa-cakes');
    expect(typedIn(dialog(), 'Custom domain (optional)')).toBe('www.rosa.test');
    expect(dialog().textContent).toContain(HINT);
    expect(publish.getSnapshot().value).toBe('editing');

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Publish Website' })).toBeNull());
    expect(publish.getSnapshot().value).toBe('closed');
  });

  test('as it opened, a click beside does not close it and Escape does, without the hint', async () => {
    const { publish, dialog } = openPublish();
    expect(typedIn(dialog(), 'Subdomain')).toBe('rosa-bakery');

    clickBesideDialog();
    expect(publish.getSnapshot().value).toBe('editing');
    expect(dialog().textContent).not.toContain(HINT);

    fireEvent.keyDown(dialog(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Publish Website' })).toBeNull());
  });
});

describe('Publish dialog before a site visitors would see under its starting name', () => {
  const WARNING =
    'Your site is still called “My Website”: visitors see that name in its header and footer. Rename it first, or publish as it is.';

  test('a site still called “My Website” is said so, and Rename closes the dialog and opens the name dialog', async () => {
    const { dialog, asked, publish } = openPublish('My Website');
    expect(within(dialog()).getByRole('alert').textContent).toContain(WARNING);
    // Publishing stays possible.
    expect(within(dialog()).getByRole('button', { name: 'Publish' }).hasAttribute('disabled')).toBe(false);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Publish Website' })).toBeNull());
    expect(publish.getSnapshot().value).toBe('closed');
    expect(asked).toContain('rename.request');
  });

  test('a second site under the starting name ("My Website 2") is said so with its own name', () => {
    const { dialog } = openPublish('My Website 2');
    expect(within(dialog()).getByRole('alert').textContent).toContain(
      'Your site is still called “My Website 2”: visitors see that name in its header and footer. Rename it first, or publish as it is.',
    );
  });

  test('a named site is published without the warning, also one whose name only starts like it', () => {
    for (const name of ['Rosa Bakery', 'My Website Shop']) {
      const { dialog } = openPublish(name);
      expect(dialog().textContent).not.toContain('Your site is still called');
      cleanup();
    }
  });
});
