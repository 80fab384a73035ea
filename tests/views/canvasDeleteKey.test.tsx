import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import {
  type BuilderSession,
  builderMachine,
  type LoadedSite,
} from '../../src/machines/builder/builderMachine.ts';
import { AppActorContext } from '../../src/views/appActorContext.ts';
import { Canvas } from '../../src/views/builder/canvas/Canvas.tsx';
import { LayersPanel } from '../../src/views/builder/LayersPanel.tsx';
import { useBuilderShortcuts } from '../../src/views/builder/useBuilderShortcuts.ts';
import type { AppActor } from '../../src/views/createAppSystem.ts';
import { renderInBuilder } from './builderHarness.tsx';
import { dashboardRoutes } from './renderApp.tsx';

function Builder() {
  useBuilderShortcuts();
  return (
    <>
      <Canvas />
      <LayersPanel />
    </>
  );
}

/** The real builder (an Admin's) on a page with a heading and a text, its canvas and Layers panel shown. */
async function renderBuilder() {
  const site = createSiteDoc();
  edit(site, () => {
    const pageId = addPage(site, { name: 'Home', path: '', isHomePage: true });
    insertElement(
      site,
      { type: 'header', props: { content: 'Fresh bread daily' } },
      { pageId, parentId: null },
    );
    insertElement(site, { type: 'text', props: { content: 'Open from 7am' } }, { pageId, parentId: null });
  });
  const store = new SiteStore(site);
  const session: BuilderSession = {
    store,
    connection: { room: 'r', whenLoaded: Promise.resolve(), destroy: () => {} },
    collab: null,
  };
  const builder = createActor(
    builderMachine.provide({
      actions: { syncUrl: () => {} },
      actors: { loadSite: fromPromise(async (): Promise<LoadedSite> => ({ session, name: 'Bakery' })) },
    }),
    { input: { websiteId: '42', draftId: 'draft-test' } },
  ).start();
  await act(async () => {});
  const app = createActor(
    createMachine({ invoke: { id: 'session', src: createMachine({ context: { accountId: 'a1' } }) } }),
  ).start();
  renderInBuilder(
    store,
    <AppActorContext.Provider value={app as unknown as AppActor}>
      <Builder />
    </AppActorContext.Provider>,
    dashboardRoutes(undefined, 'Admin'),
    builder,
  );
  const canvas = screen.getByTestId('site-canvas');
  // The role is read from the server first: the canvas is an editor's (its clipboard shown) once it is known.
  await screen.findByRole('button', { name: 'Paste' });
  return { canvas, store };
}

describe('Delete and Backspace on the canvas', () => {
  test.each(['Delete', 'Backspace'])(
    '%s removes the element selected on the canvas, and Ctrl+Z brings it back in one step',
    async (key) => {
      const { canvas } = await renderBuilder();
      fireEvent.click(within(canvas).getByText('Open from 7am'));

      // The canvas is not focusable: the key comes from the page itself.
      expect(fireEvent.keyDown(document.body, { key })).toBe(false);

      expect(within(canvas).queryByText('Open from 7am')).toBeNull();
      expect(within(canvas).getByText('Fresh bread daily').tagName).toBe('H1');

      fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
      expect(within(canvas).getByText('Open from 7am').tagName).toBe('DIV');
      expect(within(canvas).getByText('Fresh bread daily').tagName).toBe('H1');
    },
  );

  test('Backspace while typing in the selected element’s text field edits the text, not the page', async () => {
    const { canvas } = await renderBuilder();
    fireEvent.click(within(canvas).getByText('Open from 7am'));
    const content = screen.getByRole('textbox', { name: 'Content' });
    act(() => content.focus());

    expect(fireEvent.keyDown(content, { key: 'Backspace' })).toBe(true);
    fireEvent.keyDown(content, { key: 'Delete' });
    fireEvent.change(content, { target: { value: 'Open from 7a' } });

    expect(within(canvas).getByText('Open from 7a').tagName).toBe('DIV');
  });

  test('Backspace in a contenteditable (text being edited in place) leaves the element', async () => {
    const { canvas } = await renderBuilder();
    fireEvent.click(within(canvas).getByText('Open from 7am'));
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const word = document.createElement('b');
    word.textContent = 'typing';
    editable.append(word);
    document.body.append(editable);

    expect(fireEvent.keyDown(word, { key: 'Backspace' })).toBe(true);

    expect(within(canvas).getByText('Open from 7am').tagName).toBe('DIV');
    editable.remove();
  });
});
