import { expect, test } from 'vitest';
import { ELEMENTS } from '../../src/canvas/elements/registry.ts';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { toSpecPages } from '../../src/canvas/pagesData.ts';
import { renderPublishedSite } from '../../src/canvas/published/publishRenderer.tsx';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';

const business = {
  name: 'Bench Bakery',
  email: 'hello@bench.example',
  phone: '+1 555 0100',
  address: '',
  socialLinks: [],
};

test('a Navbar added from Components shows the business name to visitors, not "My Website"', () => {
  const site = createSiteDoc();
  edit(site, () => {
    addPage(site, { id: 'home', name: 'Home', path: 'home', isHomePage: true });
    insertElement(
      site,
      { id: 'nav', type: 'navbar', props: ELEMENTS.navbar.defaults() },
      { pageId: 'home', parentId: null },
    );
  });
  const { pages } = renderPublishedSite({
    siteName: 'Bench Bakery 2',
    subdomain: 'bench-bakery-2',
    pages: toSpecPages(site),
    scriptSrc: '/site.js',
    business,
  });
  const page = new DOMParser().parseFromString(pages[0]?.html ?? '', 'text/html');
  const nav = page.querySelector('nav');
  expect(nav?.textContent).toContain('Bench Bakery');
  expect(page.body.textContent).not.toContain('My Website');
});
