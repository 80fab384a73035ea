import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createActor, createMachine } from 'xstate';
import type { SiteStore } from '../../src/canvas/siteStore.ts';
import type { BuilderActorRef } from '../../src/machines/builder/builderMachine.ts';
import { createHttp } from '../../src/services/http/http.ts';
import { HttpContext } from '../../src/services/http/httpContext.ts';
import { Themed } from '../../src/views/App.tsx';
import { BuilderContext } from '../../src/views/builder/builderContext.ts';
import { fakeServer, type Routes } from './renderApp.tsx';

// The panels read the builder only for the current page, which a page-less fake leaves to the first page.
const fakeBuilder = () =>
  createActor(createMachine({ context: { pageId: null } })).start() as unknown as BuilderActorRef;

/** Renders builder panels over `store`'s document, with the app's theme, a query cache and a fake server. */
export function renderInBuilder(store: SiteStore, children: ReactNode, routes: Routes = {}) {
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
          <BuilderContext.Provider value={{ builder: fakeBuilder(), store }}>
            {children}
          </BuilderContext.Provider>
        </HttpContext.Provider>
      </QueryClientProvider>
    </Themed>,
  );
  return { requests };
}
