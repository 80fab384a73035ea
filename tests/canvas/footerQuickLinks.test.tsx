import { expect, test } from 'vitest';
import type { SpecElement, SpecPage } from '../../src/canvas/pagesData.ts';
import { renderPublishedSite } from '../../src/canvas/published/publishRenderer.tsx';
import { renderPageDocument } from '../../src/canvas/staticRender.tsx';

const footer = (quickLinks: string): SpecElement => ({
  id: 'foot',
  type: 'footer',
  parentId: null,
  quickLinks,
  contactInfo: '',
  socialLinks: '',
  content: '© Rosa',
  children: [],
});
const navbar: SpecElement = {
  id: 'nav',
  type: 'navbar',
  parentId: null,
  navItems: [{ id: 'nav-about', label: 'About', url: '/about', isPage: true }],
  children: [],
};
const page = (name: string, path: string, elements: SpecElement[] = [], isHomePage = false): SpecPage => ({
  id: `page-${path}`,
  name,
  path,
  isHomePage,
  elements,
});

function publish(pages: SpecPage[]) {
  return renderPublishedSite({ siteName: 'Rosa', subdomain: 'rosa', pages, scriptSrc: '/site.js' }).pages;
}

test("a published footer's quick links link to the pages they name, as the navbar does; other names stay text", () => {
  const links = footer('Home|about| SERVICES |Contact|javascript:alert(1)');
  const pages = publish([
    page('Home', 'home', [navbar, links], true),
    page('About', 'about', [links]),
    page('Services', 'our-services'),
    // A page's path is never a way to a script: its link stays a path of the site.
    page('javascript:alert(1)', 'javascript:alert(1)'),
  ]);
  const home = pages.find((p) => p.path === '')?.html ?? '';
  expect(home).toContain('<li><a href="./" style="color:inherit">Home</a></li>');
  expect(home).toContain('<li><a href="./about" style="color:inherit">about</a></li>');
  expect(home).toContain('<li><a href="./our-services" style="color:inherit">SERVICES</a></li>');
  // The navbar links the same page with the same address.
  expect(home).toMatch(/<a href="\.\/about"[^>]*>About<\/a>/);
  // No page is called Contact: no link to a page that is not there.
  expect(home).toContain('<li>Contact</li>');
  expect(home).not.toMatch(/href="\s*javascript:/i);
  expect(home).toContain('href="./javascript:alert(1)"');
  // Every page links the same way (relative, so it works under /sites/{sub}/ and on the site's own host).
  const about = pages.find((p) => p.path === 'about')?.html ?? '';
  expect(about).toContain('<li><a href="./" style="color:inherit">Home</a></li>');
  expect(about).toContain('<li><a href="./about" style="color:inherit">about</a></li>');
});

test('"Home" names the home page whatever it is called; a page left out of the published site is not linked', () => {
  const links = footer('Home|Welcome|Twin');
  // Twin repeats About's path, so it is not published (About is served there).
  const pages = publish([
    page('Welcome', 'start', [links], true),
    page('About', 'about'),
    page('Twin', 'about'),
  ]);
  const home = pages[0]?.html ?? '';
  expect(home).toContain('<li><a href="./" style="color:inherit">Home</a></li>');
  expect(home).toContain('<li><a href="./" style="color:inherit">Welcome</a></li>');
  expect(home).toContain('<li>Twin</li>');
});

test("the builder's preview links quick links to the site's pages; without the site's pages they stay text", () => {
  const home = page('Home', 'home', [footer('About|Blog')], true);
  const site = [home, page('About', 'about')];
  const preview = renderPageDocument(home, 'Rosa', null, site);
  expect(preview).toContain('<li><a href="/about" style="color:inherit">About</a></li>');
  expect(preview).toContain('<li>Blog</li>');
  expect(renderPageDocument(home, 'Rosa')).toContain('<li>About</li>');
});
