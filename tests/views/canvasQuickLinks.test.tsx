import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import { appMachine } from '../../src/machines/app/appMachine.ts';
import type { BuilderActorRef } from '../../src/machines/builder/builderMachine.ts';
import { createHttp } from '../../src/services/http/http.ts';
import { HttpContext } from '../../src/services/http/httpContext.ts';
import { Themed } from '../../src/views/App.tsx';
import { AppActorContext } from '../../src/views/appActorContext.ts';
import { BuilderContext } from '../../src/views/builder/builderContext.ts';
import { Canvas } from '../../src/views/builder/canvas/Canvas.tsx';
import { bob, fakeServer } from './renderApp.tsx';

test("the canvas shows the footer's quick links as links to the site's pages, and clicking one stays in the editor", () => {
  const site = createSiteDoc();
  let pageId = '';
  edit(site, () => {
    pageId = addPage(site, { name: 'Home', path: 'home', isHomePage: true });
    addPage(site, { name: 'About', path: 'about' });
    insertElement(
      site,
      { type: 'footer', props: { quickLinks: 'Home|About|Contact', contactInfo: '', socialLinks: '' } },
      { pageId, parentId: null },
    );
  });
  const store = new SiteStore(site);
  const builder = createActor(
    createMachine({ context: { pageId, selectedId: null, selectedIds: [], mode: 'edit' } }),
  ).start() as unknown as BuilderActorRef;
  const http = createHttp({
    getToken: () => 'token-1',
    getAccountId: () => 'a1',
    onUnauthorized: () => {},
    notify: () => {},
    fetch: fakeServer({}).fetch as typeof globalThis.fetch,
    retry: 0,
  });
  const app = createActor(appMachine, {
    input: {
      session: { token: 'token-1', user: bob, accountId: 'a1' },
      location: { pathname: '/', search: '' },
      oauthProcessed: false,
    },
  }).start();
  render(
    <AppActorContext.Provider value={app}>
      <Themed>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <HttpContext.Provider value={http}>
            <BuilderContext.Provider value={{ builder, store }}>
              <Canvas />
            </BuilderContext.Provider>
          </HttpContext.Provider>
        </QueryClientProvider>
      </Themed>
    </AppActorContext.Provider>,
  );

  const footer = within(screen.getByTestId('site-canvas')).getByRole('contentinfo');
  expect(within(footer).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  const about = within(footer).getByRole('link', { name: 'About' });
  expect(about.getAttribute('href')).toBe('/about');
  expect(within(footer).queryByRole('link', { name: 'Contact' })).toBeNull();
  expect(within(footer).getByText('Contact').tagName).toBe('LI');
  // fireEvent returns false when the click's default (following the link) was prevented.
  expect(fireEvent.click(about)).toBe(false);
});
