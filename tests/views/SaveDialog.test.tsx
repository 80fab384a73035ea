import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createSiteDoc } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import {
  type BuilderSession,
  builderMachine,
  type LoadedSite,
  type SavedSite,
  type SaveInput,
  selectIsNaming,
} from '../../src/machines/builder/builderMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { Themed } from '../../src/views/App.tsx';
import { BuilderContext } from '../../src/views/builder/builderContext.ts';
import { SaveDialog } from '../../src/views/builder/SaveDialog.tsx';
import { clickBesideDialog } from './queries.ts';

type Deferred = { resolve: (saved: SavedSite) => void; reject: (error: unknown) => void };

/** The real builder on a saved site 'Rosa', its saves answered by the test; the name dialog rendered. */
async function renderSaveDialog() {
  const store = new SiteStore(createSiteDoc());
  const session: BuilderSession = {
    store,
    connection: { room: 'r', whenLoaded: Promise.resolve(), destroy: () => {} },
    collab: null,
  };
  const saves: SaveInput[] = [];
  const pending: { save?: Deferred } = {};
  const builder = createActor(
    builderMachine.provide({
      actions: { syncUrl: () => {}, toastSaved: () => {}, toastSaveFailed: () => {} },
      actors: {
        loadSite: fromPromise(async (): Promise<LoadedSite> => ({ session, name: 'Rosa' })),
        saveSite: fromPromise(({ input }: { input: SaveInput }) => {
          saves.push(input);
          return new Promise<SavedSite>((resolve, reject) => (pending.save = { resolve, reject }));
        }),
      },
    }),
    { input: { websiteId: '42', draftId: 'draft-test' } },
  ).start();
  await act(async () => {});
  render(
    <Themed>
      <BuilderContext.Provider value={{ builder, store }}>
        <SaveDialog />
      </BuilderContext.Provider>
    </Themed>,
  );
  const settle = async (outcome: (d: Deferred) => void) => {
    await act(async () => outcome(pending.save as Deferred));
  };
  return { builder, saves, settle };
}

describe('the name dialog (Rename, Save as)', () => {
  test.each([
    ['rename.request', 'Rename Website', 'Rosa Online', '42'],
    ['saveAs.request', 'Save Website As', 'Rosa Weekend', null],
  ] as const)(
    'a failed %s keeps the dialog open with the typed name and says why; a retry saves it',
    async (request, title, typed, websiteId) => {
      const { builder, saves, settle } = await renderSaveDialog();
      act(() => builder.send({ type: request }));
      const dialog = screen.getByRole('dialog', { name: title });
      fireEvent.change(within(dialog).getByLabelText('Website Name'), { target: { value: typed } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      await settle((save) => save.reject(new ApiError(500, 'Internal Server Error')));

      const still = screen.getByRole('dialog', { name: title });
      expect(within(still).getByLabelText('Website Name').getAttribute('value')).toBe(typed);
      expect(within(still).getByRole('alert').textContent).toBe(
        'Failed to save website: Internal Server Error',
      );

      fireEvent.click(within(still).getByRole('button', { name: 'Save' }));
      expect(saves.map((s) => [s.websiteId, s.name])).toEqual([
        [websiteId, typed],
        [websiteId, typed],
      ]);
      await settle((save) => save.resolve({ websiteId: websiteId ?? '43', name: typed }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
      expect(builder.getSnapshot().context.name).toBe(typed);
    },
  );

  test('Cancel after a failed save closes the dialog; the site keeps its name and no alert stays', async () => {
    const { builder, settle } = await renderSaveDialog();
    act(() => builder.send({ type: 'rename.request' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Website' });
    fireEvent.change(within(dialog).getByLabelText('Website Name'), { target: { value: 'Rosa Online' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await settle((save) => save.reject(new ApiError(500, 'Internal Server Error')));

    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    expect(builder.getSnapshot().context).toMatchObject({ name: 'Rosa', saveError: null });
  });

  test.each([
    ['rename.request', 'Rename Website', 'Rosa Online'],
    ['saveAs.request', 'Save Website As', 'Rosa Weekend'],
  ] as const)(
    'after %s, Escape or a click beside keeps the typed name and says how to save or discard it; Cancel discards it',
    async (request, title, typed) => {
      const { builder, saves } = await renderSaveDialog();
      act(() => builder.send({ type: request }));
      fireEvent.change(within(screen.getByRole('dialog', { name: title })).getByLabelText('Website Name'), {
        target: { value: typed },
      });

      fireEvent.keyDown(screen.getByRole('dialog', { name: title }), { key: 'Escape' });
      clickBesideDialog();

      const still = screen.getByRole('dialog', { name: title });
      expect((within(still).getByLabelText('Website Name') as HTMLInputElement).value).toBe(typed);
      expect(within(still).getByRole('alert').textContent).toBe(
        'This website name is not saved: choose Save to keep it, or Cancel to throw it away.',
      );
      expect(saves).toEqual([]);
      expect(selectIsNaming(builder.getSnapshot())).toBe(true);

      fireEvent.click(within(still).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
      expect(builder.getSnapshot().context.name).toBe('Rosa');
    },
  );

  test('with the name as it opened, a click beside does not close the dialog and Escape does', async () => {
    const { builder } = await renderSaveDialog();
    act(() => builder.send({ type: 'rename.request' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Website' });
    expect((within(dialog).getByLabelText('Website Name') as HTMLInputElement).value).toBe('Rosa');

    clickBesideDialog();
    expect(screen.getByRole('dialog', { name: 'Rename Website' }).textContent).not.toContain('is not saved');
    expect(selectIsNaming(builder.getSnapshot())).toBe(true);

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Rename Website' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename Website' })).toBeNull());
  });
});
