import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, test } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import { readTree } from '../../src/canvas/tree.ts';
import type { BuilderActorRef } from '../../src/machines/builder/builderMachine.ts';
import { createHttp } from '../../src/services/http/http.ts';
import { HttpContext } from '../../src/services/http/httpContext.ts';
import { Themed } from '../../src/views/App.tsx';
import { BuilderContext } from '../../src/views/builder/builderContext.ts';
import { ComponentsPanel, useAddElement } from '../../src/views/builder/ComponentsPanel.tsx';
import { fakeServer } from './renderApp.tsx';

// The panel reads the builder only for the current page, which a page-less fake leaves to the first page.
const fakeBuilder = () =>
  createActor(createMachine({ context: { pageId: null } })).start() as unknown as BuilderActorRef;

function renderInBuilder(site: ReturnType<typeof createSiteDoc>, children: ReactNode) {
  const { fetch } = fakeServer({ 'GET /api/ecommerce/stores': { body: [] } });
  const http = createHttp({
    getToken: () => 'token-1',
    getAccountId: () => 'a1',
    onUnauthorized: () => {},
    notify: () => {},
    fetch: fetch as typeof globalThis.fetch,
    retry: 0,
  });
  render(
    <Themed>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <HttpContext.Provider value={http}>
          <BuilderContext.Provider value={{ builder: fakeBuilder(), store: new SiteStore(site) }}>
            {children}
          </BuilderContext.Provider>
        </HttpContext.Provider>
      </QueryClientProvider>
    </Themed>,
  );
}

/** A page as a template leaves it: navbar, hero, footer. */
function templatePage() {
  const site = createSiteDoc();
  const pageId = addPage(site, { name: 'Home', path: '/', isHomePage: true });
  for (const type of ['navbar', 'section', 'footer']) {
    insertElement(site, { type, props: {} }, { pageId, parentId: null });
  }
  const order = () =>
    (readTree(site).roots.get(pageId) ?? []).map((id) => site.elements.get(id)?.get('type'));
  return { site, pageId, order };
}

test('click to add puts the component before the page’s closing footer, not under it', () => {
  const { site, order } = templatePage();
  renderInBuilder(site, <ComponentsPanel />);

  fireEvent.click(screen.getByRole('button', { name: 'Text' }));
  fireEvent.click(screen.getByRole('button', { name: 'Button' }));

  expect(order()).toEqual(['navbar', 'section', 'text', 'button', 'footer']);
});

test('every add to the page without a position (a drop on its background, “add section”) goes before the footer', () => {
  const { site, pageId, order } = templatePage();
  function AddSection() {
    const add = useAddElement();
    return (
      <button type="button" onClick={() => add('section', pageId, null)}>
        add section
      </button>
    );
  }
  renderInBuilder(site, <AddSection />);
  fireEvent.click(screen.getByRole('button', { name: 'add section' }));
  expect(order()).toEqual(['navbar', 'section', 'section', 'footer']);
});
