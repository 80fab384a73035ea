import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, test } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { insertElement, removeElement, updateElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import type { BuilderActorRef } from '../../src/machines/builder/builderMachine.ts';
import { createHttp } from '../../src/services/http/http.ts';
import { HttpContext } from '../../src/services/http/httpContext.ts';
import { Themed } from '../../src/views/App.tsx';
import { BuilderContext } from '../../src/views/builder/builderContext.ts';
import { PageElements } from '../../src/views/builder/canvas/Canvas.tsx';
import { LayersPanel } from '../../src/views/builder/LayersPanel.tsx';
import { fakeServer } from './renderApp.tsx';

type Fiber = {
  tag: number;
  flags: number;
  type: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
  memoizedProps: Record<string, unknown> | null;
};
type Rendered = { name: string; props: Record<string, unknown> };

const COMPOSITE = new Set([0, 1, 11, 14, 15]);
const nameOf = (type: unknown): string => {
  if (typeof type === 'function')
    return (type as { displayName?: string; name: string }).displayName ?? type.name;
  if (type && typeof type === 'object') {
    const inner = type as { displayName?: string; render?: unknown; type?: unknown };
    return inner.displayName ?? nameOf(inner.render ?? inner.type);
  }
  return '';
};

/**
 * The components whose render function ran in each commit under `container`, as React DevTools counts them:
 * a fiber with the PerformedWork flag (or new), walking only the subtrees that did not bail out.
 */
function renderLog(container: HTMLElement) {
  const commits: Rendered[][] = [];
  const onRender = () => {
    const key = Object.keys(container).find((k) => k.startsWith('__reactContainer$')) as string;
    const hostRoot = (container as unknown as Record<string, { stateNode: { current: Fiber } }>)[key];
    const rendered: Rendered[] = [];
    const visit = (fiber: Fiber) => {
      if (COMPOSITE.has(fiber.tag) && (!fiber.alternate || (fiber.flags & 1) === 1)) {
        rendered.push({ name: nameOf(fiber.type), props: fiber.memoizedProps ?? {} });
      }
      if (fiber.alternate && fiber.child === fiber.alternate.child) return;
      for (let child = fiber.child; child; child = child.sibling) visit(child);
    };
    visit(hostRoot.stateNode.current);
    commits.push(rendered);
  };
  return { commits, onRender };
}

const SECTIONS = 3;

/** A page of sections (each a long heading and a text), its Layers tab and canvas, with heading `h1.0` selected. */
function renderBuilder(sections = SECTIONS) {
  const site = createSiteDoc();
  let pageId = '';
  const headings: string[] = [];
  edit(site, () => {
    pageId = addPage(site, { name: 'Home', path: '/', isHomePage: true });
    for (let s = 0; s < sections; s++) {
      const sectionId = insertElement(site, { type: 'section', props: {} }, { pageId, parentId: null });
      headings.push(
        insertElement(
          site,
          { type: 'header', props: { content: `A heading longer than the layer shows ${s}` } },
          { pageId, parentId: sectionId },
        ),
      );
      insertElement(site, { type: 'text', props: { content: `Text ${s}` } }, { pageId, parentId: sectionId });
    }
  });
  const store = new SiteStore(site);
  const selectedId = headings[Math.floor(sections / 2)];
  const builder = createActor(
    createMachine({ context: { pageId, selectedId, selectedIds: [selectedId], mode: 'edit' } }),
  ).start() as unknown as BuilderActorRef;
  const { fetch } = fakeServer({});
  const http = createHttp({
    getToken: () => 'token-1',
    getAccountId: () => 'a1',
    onUnauthorized: () => {},
    notify: () => {},
    fetch: fetch as typeof globalThis.fetch,
    retry: 0,
  });
  const container = document.createElement('div');
  document.body.append(container);
  const log = renderLog(container);
  render(
    <Profiler id="builder" onRender={log.onRender}>
      <Themed>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <HttpContext.Provider value={http}>
            <BuilderContext.Provider value={{ builder, store }}>
              <LayersPanel />
              <div data-testid="site-canvas">
                <PageElements pageId={pageId} />
              </div>
            </BuilderContext.Provider>
          </HttpContext.Provider>
        </QueryClientProvider>
      </Themed>
    </Profiler>,
    { container },
  );
  return { store, selectedId, headings, pageId, container, commits: log.commits };
}

describe('one keystroke in the properties panel', () => {
  test('re-renders the edited element and that one field: not the layers list, the panel or other elements', async () => {
    const { store, selectedId, commits } = renderBuilder();
    const field = screen.getByLabelText('Heading', { selector: 'input' }) as HTMLInputElement;
    expect(field.value).toBe('A heading longer than the layer shows 1');

    commits.length = 0;
    await act(async () => {
      fireEvent.change(field, { target: { value: 'A heading longer than the layer shows 1!' } });
    });

    // The edit reached the document, the field and the canvas.
    expect(store.getElement(selectedId)?.props.content).toBe('A heading longer than the layer shows 1!');
    expect(field.value).toBe('A heading longer than the layer shows 1!');
    expect(document.querySelector(`[data-element-id="${selectedId}"]`)?.textContent).toBe(
      'A heading longer than the layer shows 1!',
    );
    const rendered = commits.flat();
    const names = rendered.map((entry) => entry.name);
    // The canvas: only the edited element's own view.
    expect(rendered.filter((entry) => entry.name === 'ElementView').map((entry) => entry.props.id)).toEqual([
      selectedId,
    ]);
    // The properties panel: only the edited field's row (Heading), not the panel nor its other fields.
    expect(
      rendered
        .filter((entry) => entry.name === 'FieldRow')
        .map((entry) => (entry.props.field as { key: string }).key),
    ).toEqual(['content']);
    // Neither the layers list (its row shows only the heading's first 24 characters) nor the panels around.
    expect(
      names.filter((name) =>
        ['LayersPanel', 'LayerTree', 'LayerRow', 'PropertiesPanel', 'PageSettings', 'PageElements'].includes(
          name,
        ),
      ),
    ).toEqual([]);
  });

  test('in the edited field, only its own value sync renders: not the ~25 components of a MUI TextField', async () => {
    const { commits } = renderBuilder();
    // Past the 24 characters the layer row shows, so the layers list has nothing to redraw.
    const field = screen.getByLabelText('Heading', { selector: 'input' }) as HTMLInputElement;

    commits.length = 0;
    await act(async () => {
      fireEvent.change(field, { target: { value: 'A heading longer than the layer shows 1!' } });
    });

    expect(commits.flat().map((entry) => entry.name)).toEqual([
      'FieldRow',
      'FieldEditor',
      'DocumentTextField',
      'ElementView',
      'Render',
    ]);
  });

  test('the field shows what the document holds after an undo or another tab’s edit, its label out of the way', async () => {
    const { store, selectedId } = renderBuilder();
    const field = screen.getByLabelText('Heading', { selector: 'input' }) as HTMLInputElement;
    const label = () => document.querySelector(`label[for="${field.id}"]`);

    await act(async () => {
      fireEvent.focus(field);
      fireEvent.change(field, { target: { value: 'Typed here' } });
      fireEvent.blur(field);
    });
    expect(field.value).toBe('Typed here');
    expect(label()?.getAttribute('data-shrink')).toBe('true');

    // Undo brings back what the document held before the typing.
    await act(async () => store.undo());
    expect(store.getElement(selectedId)?.props.content).toBe('A heading longer than the layer shows 1');
    expect(field.value).toBe('A heading longer than the layer shows 1');

    // Another tab empties the heading: the field shows it, and its label sits inside the empty field again.
    await act(async () => {
      store.site.doc.transact(() => updateElement(store.site, selectedId, { content: '' }), 'another tab');
    });
    expect(field.value).toBe('');
    expect(label()?.getAttribute('data-shrink')).toBe('false');
  });

  test('an edit within what a layer shows re-renders that one row, which shows the new text', async () => {
    const { selectedId, commits } = renderBuilder();
    const row = () => document.querySelector(`[role="treeitem"][data-layer-id="${selectedId}"]`);
    expect(row()?.textContent).toBe('Header — A heading longer than th');

    commits.length = 0;
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Heading', { selector: 'input' }), { target: { value: 'Hi' } });
    });

    expect(row()?.textContent).toBe('Header — Hi');
    const rows = commits.flat().filter((entry) => entry.name === 'LayerRow');
    expect(rows.map((entry) => (entry.props.row as { id: string }).id)).toEqual([selectedId]);
  });
});

/** The ElementView fibers of the committed tree (the objects React swaps in for every fiber it visited). */
function elementViewFibers(container: HTMLElement): Set<Fiber> {
  const key = Object.keys(container).find((k) => k.startsWith('__reactContainer$')) as string;
  const hostRoot = (container as unknown as Record<string, { stateNode: { current: Fiber } }>)[key];
  const found = new Set<Fiber>();
  const visit = (fiber: Fiber) => {
    if (nameOf(fiber.type) === 'ElementView') found.add(fiber);
    for (let child = fiber.child; child; child = child.sibling) visit(child);
  };
  visit(hostRoot.stateNode.current);
  return found;
}

describe('a long page', () => {
  test('an edit of one element makes React walk its group of siblings, not every section of the page', async () => {
    const { store, selectedId, container } = renderBuilder(200);
    const before = elementViewFibers(container);
    await act(async () => {
      store.site.doc.transact(
        () => updateElement(store.site, selectedId, { content: 'From another tab' }),
        'tab',
      );
    });
    expect(document.querySelector(`[data-element-id="${selectedId}"]`)?.textContent).toBe('From another tab');
    // React clones every child of each fiber on the path to an update: with all 200 sections as siblings it
    // visited each of them. Grouped, it visits the edited section's group and the heading's own siblings.
    const visited = [...elementViewFibers(container)].filter((fiber) => !before.has(fiber));
    expect(visited.length).toBeGreaterThan(0);
    expect(visited.length).toBeLessThanOrEqual(32 + 3);
  });

  test('a section added at the top or removed keeps every other section’s DOM (nothing remounts)', async () => {
    const { store, headings, pageId } = renderBuilder(100);
    const node = (id: string) => document.querySelector(`[data-element-id="${id}"]`);
    const kept = headings.map(node);
    await act(async () => {
      store.edit(() =>
        insertElement(store.site, { type: 'section', props: {} }, { pageId, parentId: null, index: 0 }),
      );
    });
    expect(headings.map(node)).toEqual(kept);
    expect(headings.every((id, i) => node(id) === kept[i])).toBe(true);
    const removed = store.getChildren(pageId, null)[40];
    await act(async () => {
      store.edit(() => removeElement(store.site, removed));
    });
    expect(store.getChildren(pageId, null)).toHaveLength(100);
    expect(headings.filter((_, i) => i !== 39).every((id) => node(id) === kept[headings.indexOf(id)])).toBe(
      true,
    );
  });
});
