import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import type { WebsiteListItem } from '../../src/contracts/website.ts';
import type { BuilderActorRef } from '../../src/machines/builder/builderMachine.ts';
import { SitePreview } from '../../src/views/builder/preview/SitePreview.tsx';
import { renderInBuilder } from './builderHarness.tsx';

const listed = (site: Partial<WebsiteListItem>): WebsiteListItem => ({
  id: 7,
  name: 'Rosa Bakery',
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
  isPublished: false,
  domain: null,
  subdomain: null,
  publishedAt: null,
  isActive: true,
  customDomain: null,
  submissionCount: 0,
  ...site,
});

/** The preview of page `pageId` (Home or About) of site 7 (or a draft), the websites list answering `sites`. */
function renderPreview(pageId: 'home' | 'about', sites: WebsiteListItem[], websiteId: string | null = '7') {
  const site = createSiteDoc();
  edit(site, () => {
    addPage(site, { id: 'home', name: 'Home', path: 'home', isHomePage: true });
    addPage(site, { id: 'about', name: 'About', path: 'about' });
  });
  const builder = createActor(
    createMachine({
      context: { pageId, websiteId, name: 'Rosa Bakery', mode: 'preview', selectedId: null, selectedIds: [] },
    }),
  ).start() as unknown as BuilderActorRef;
  renderInBuilder(
    new SiteStore(site),
    <SitePreview pageId={pageId} />,
    { 'GET /api/website': { body: sites } },
    builder,
  );
}

const addressBar = () => screen.getByRole('textbox', { name: 'Address' });
const published = { isPublished: true, subdomain: 'rosa-bakery', publishedAt: '2026-05-02T10:00:00.000Z' };

describe('the preview’s address bar', () => {
  test.each([
    [
      'on the app’s host',
      'home',
      { domain: 'app.test/sites/rosa-bakery' },
      'http://app.test/sites/rosa-bakery/',
    ],
    [
      'on the app’s host',
      'about',
      { domain: 'app.test/sites/rosa-bakery' },
      'http://app.test/sites/rosa-bakery/about',
    ],
    [
      'on the sites’ domain',
      'about',
      { domain: 'rosa-bakery.sites.test' },
      'http://rosa-bakery.sites.test/about',
    ],
    [
      'with a verified custom domain',
      'about',
      { domain: 'rosa-bakery.sites.test', customDomain: 'www.rosa.example' },
      'http://www.rosa.example/about',
    ],
  ] as const)('a site published %s shows the %s page’s real address', async (_, pageId, where, address) => {
    renderPreview(pageId, [listed({ ...published, ...where })]);
    await waitFor(() => expect(addressBar().textContent).toBe(address));
  });

  test('a site that is not published says so, with no made-up address', async () => {
    renderPreview('about', [listed({})]);
    await waitFor(() =>
      expect(addressBar().textContent).toBe(
        'Not published yet — publish the website to give this page its address',
      ),
    );
  });

  test('a new site (a draft, not saved yet) is not published either', () => {
    renderPreview('home', [], null);
    expect(addressBar().textContent).toBe(
      'Not published yet — publish the website to give this page its address',
    );
  });
});
