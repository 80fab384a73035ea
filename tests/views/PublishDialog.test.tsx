import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { type PublishActorRef, publishMachine } from '../../src/machines/builder/publishMachine.ts';
import { PublishDialog } from '../../src/views/builder/PublishDialog.tsx';
import { renderInBuilderApp } from './builderHarness.tsx';
import { clickBesideDialog } from './queries.ts';

const HINT = 'This address is not saved: choose Publish to keep it, or Cancel to throw it away.';

/** The Publish dialog over the real publish machine (the app's child `publish`), opened for a saved site. */
function openPublish() {
  const root = createActor(createMachine({ invoke: { id: 'publish', src: publishMachine } })).start();
  const publish = root.getSnapshot().children.publish as unknown as PublishActorRef;
  renderInBuilderApp(root, <PublishDialog />);
  act(() => publish.send({ type: 'publish.open', websiteId: '7', siteName: 'Rosa Bakery' }));
  return { publish, dialog: () => screen.getByRole('dialog', { name: 'Publish Website' }) };
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
