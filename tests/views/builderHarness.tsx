import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type AnyActorRef, createActor, createMachine } from 'xstate';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import type { BuilderActorRef } from '../../src/machines/builder/builderMachine.ts';
import { createHttp } from '../../src/services/http/http.ts';
import { HttpContext } from '../../src/services/http/httpContext.ts';
import { Themed } from '../../src/views/App.tsx';
import { AppActorContext } from '../../src/views/appActorContext.ts';
import { BuilderContext } from '../../src/views/builder/builderContext.ts';
import type { AppActor } from '../../src/views/createAppSystem.ts';
import { fakeServer, type Routes } from './renderApp.tsx';

// The panels read the builder only for the current page, which a page-less fake leaves to the first page.
const fakeBuilder = () =>
  createActor(createMachine({ context: { pageId: null } })).start() as unknown as BuilderActorRef;

/**
 * Renders builder panels over `store`'s document, with the app's theme, a query cache and a fake server;
 * `builder` stands in for the builder machine (a page-less fake unless given).
 */
export function renderInBuilder(
  store: SiteStore,
  children: ReactNode,
  routes: Routes = {},
  builder: BuilderActorRef = fakeBuilder(),
) {
  const { fetch, requests } = fakeServer(routes);
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
          <BuilderContext.Provider value={{ builder, store }}>{children}</BuilderContext.Provider>
        </HttpContext.Provider>
      </QueryClientProvider>
    </Themed>,
  );
  return { requests };
}

/**
 * Renders a builder dialog that reads the app actor (`app` stands in for it: its children are what the dialog
 * selects) over a site with a Home page.
 */
export function renderInBuilderApp(
  app: AnyActorRef,
  children: ReactNode,
  { routes = {}, builder = fakeBuilder() }: { routes?: Routes; builder?: BuilderActorRef } = {},
) {
  const site = createSiteDoc();
  addPage(site, { name: 'Home', path: '', isHomePage: true });
  return renderInBuilder(
    new SiteStore(site),
    <AppActorContext.Provider value={app as unknown as AppActor}>{children}</AppActorContext.Provider>,
    routes,
    builder,
  );
}
