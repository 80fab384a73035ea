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
} from '../../src/machines/builder/builderMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { Themed } from '../../src/views/App.tsx';
import { BuilderContext } from '../../src/views/builder/builderContext.ts';
import { SaveDialog } from '../../src/views/builder/SaveDialog.tsx';

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
});
