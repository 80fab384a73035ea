import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
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
import { ComponentsPanel } from '../../src/views/builder/ComponentsPanel.tsx';
import { fakeServer } from './renderApp.tsx';

// The panel reads the builder only for the current page, which a page-less fake leaves to the first page.
const fakeBuilder = () =>
  createActor(createMachine({ context: { pageId: null } })).start() as unknown as BuilderActorRef;

test('click to add puts the component before the page’s closing footer, not under it', () => {
  // A page as a template leaves it: navbar, hero, footer.
  const site = createSiteDoc();
  const pageId = addPage(site, { name: 'Home', path: '/', isHomePage: true });
  for (const type of ['navbar', 'section', 'footer']) {
    insertElement(site, { type, props: {} }, { pageId, parentId: null });
  }
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
            <ComponentsPanel />
          </BuilderContext.Provider>
        </HttpContext.Provider>
      </QueryClientProvider>
    </Themed>,
  );

  fireEvent.click(screen.getByRole('button', { name: 'Text' }));
  fireEvent.click(screen.getByRole('button', { name: 'Button' }));

  const order = (readTree(site).roots.get(pageId) ?? []).map((id) => site.elements.get(id)?.get('type'));
  expect(order).toEqual(['navbar', 'section', 'text', 'button', 'footer']);
});
