import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { businessInfoOf } from '../../src/canvas/businessTokens.ts';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { toSpecPages } from '../../src/canvas/pagesData.ts';
import { renderPublishedSite } from '../../src/canvas/published/publishRenderer.tsx';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { visitorSiteName } from '../../src/canvas/siteSeo.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import { TEMPLATES } from '../../src/canvas/templates.ts';
import type { BusinessProfile } from '../../src/contracts/business.ts';
import type { BuilderActorRef } from '../../src/machines/builder/builderMachine.ts';
import { PageElements } from '../../src/views/builder/canvas/Canvas.tsx';
import { SitePreview } from '../../src/views/builder/preview/SitePreview.tsx';
import { SiteBusinessProvider } from '../../src/views/builder/SiteBusinessProvider.tsx';
import { renderInBuilder } from './builderHarness.tsx';
import type { Routes } from './renderApp.tsx';

const rosa: BusinessProfile = {
  businessName: 'Rosa Bakery',
  industry: 'retail',
  services: 'Bread',
  email: 'rosa@example.com',
  phone: '+1 555 0100',
  address: '',
  socialLinks: [],
  websiteId: null,
};

/** A site made from the first template (its navbar's brand is the business-name token), named `siteName`. */
function templateSite(siteName: string, mode: 'edit' | 'preview') {
  const site = createSiteDoc();
  edit(site, () => {
    addPage(site, { id: 'home', name: 'Home', path: 'home', isHomePage: true });
    for (const node of TEMPLATES[0].elements) insertElement(site, node, { pageId: 'home', parentId: null });
  });
  const builder = createActor(
    createMachine({ context: { pageId: 'home', name: siteName, mode, selectedId: null, selectedIds: [] } }),
  ).start() as unknown as BuilderActorRef;
  return { store: new SiteStore(site), builder, site };
}

/** The brand a visitor reads on the published home page (the server's inputs: the profile, else none). */
function publishedBrand(
  site: ReturnType<typeof createSiteDoc>,
  name: string,
  profile: BusinessProfile | null,
) {
  const { pages } = renderPublishedSite({
    siteName: visitorSiteName(name, profile?.businessName),
    subdomain: 'my-website',
    pages: toSpecPages(site),
    scriptSrc: '/site.js',
    business: profile ? businessInfoOf(profile) : null,
  });
  const page = new DOMParser().parseFromString(pages[0]?.html ?? '', 'text/html');
  return page.querySelector('nav > span')?.textContent;
}

const cases: [string, string, BusinessProfile | null, string][] = [
  ['without a business profile', 'My Website', null, 'My Website'],
  ['with a business name', 'Spring Sale', rosa, 'Rosa Bakery'],
  ['with a blank business name', 'Spring Sale', { ...rosa, businessName: '  ' }, 'Spring Sale'],
];

const routesFor = (profile: BusinessProfile | null): Routes =>
  profile ? { 'GET /api/business/profile': { body: profile } } : {};

describe('the brand of a site made from a template', () => {
  test.each(cases)(
    '%s, the canvas shows the brand the published page shows',
    async (_, name, profile, brand) => {
      const { store, builder, site } = templateSite(name, 'edit');
      renderInBuilder(
        store,
        <SiteBusinessProvider>
          <PageElements pageId="home" />
        </SiteBusinessProvider>,
        routesFor(profile),
        builder,
      );
      await waitFor(() => expect(screen.getByRole('navigation').firstElementChild?.textContent).toBe(brand));
      expect(publishedBrand(site, name, profile)).toBe(brand);
    },
  );

  test.each(cases)(
    '%s, the preview shows the brand the published page shows',
    async (_, name, profile, brand) => {
      const { store, builder, site } = templateSite(name, 'preview');
      renderInBuilder(
        store,
        <SiteBusinessProvider>
          <SitePreview pageId="home" />
        </SiteBusinessProvider>,
        routesFor(profile),
        builder,
      );
      const shown = () => {
        const frame = screen.getByTitle('Preview on Desktop');
        const page = new DOMParser().parseFromString(frame.getAttribute('srcdoc') ?? '', 'text/html');
        return page.querySelector('nav > span')?.textContent;
      };
      await waitFor(() => expect(shown()).toBe(brand));
      expect(publishedBrand(site, name, profile)).toBe(brand);
    },
  );
});
