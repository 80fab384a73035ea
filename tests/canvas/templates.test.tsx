import { describe, expect, test } from 'vitest';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { toSpecPages } from '../../src/canvas/pagesData.ts';
import { renderPublishedSite } from '../../src/canvas/published/publishRenderer.tsx';
import { createSiteDoc, edit } from '../../src/canvas/siteDoc.ts';
import { TEMPLATES } from '../../src/canvas/templates.ts';

const business = {
  name: 'Summit Plumbing & Heating',
  email: 'hello@summit.example',
  phone: '+1 555 0100',
  address: '1 Main Street',
  socialLinks: [],
};

// The company names the templates were written with, which are no one's business.
const PLACEHOLDER_BRANDS = ['Business', 'Portfolio', 'Shop', 'Blog', 'Startup', 'My Blog', 'My Website'];

/** A site made with “Use Template” (its Home page), published with the owner's business details. */
function publishedTemplate(templateId: string): Document {
  const template = TEMPLATES.find((t) => t.id === templateId);
  const site = createSiteDoc();
  edit(site, () => {
    addPage(site, { id: 'home', name: 'Home', path: 'home', isHomePage: true });
    for (const node of template?.elements ?? [])
      insertElement(site, node, { pageId: 'home', parentId: null });
  });
  const { pages } = renderPublishedSite({
    siteName: 'Summit',
    subdomain: 'summit',
    pages: toSpecPages(site),
    scriptSrc: '/site.js',
    business,
  });
  return new DOMParser().parseFromString(pages[0]?.html ?? '', 'text/html');
}

const textsOf = (root: Element): string[] => {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (text) texts.push(text);
  }
  return texts;
};

describe.each(TEMPLATES.map((t) => [t.name, t.id]))('the %s template, as visitors see it', (_, id) => {
  test('shows the owner’s business name as its brand, never the template’s placeholder', () => {
    const page = publishedTemplate(id);
    const nav = page.querySelector('nav');
    const footer = page.querySelector('footer');

    expect(nav?.textContent).toContain(business.name);
    expect(textsOf(footer as Element)).toContain(`© ${business.name}. All rights reserved.`);
    const texts = textsOf(page.body);
    for (const brand of PLACEHOLDER_BRANDS) {
      expect(texts).not.toContain(brand);
      expect(texts.filter((text) => text.startsWith(`© ${brand}`))).toEqual([]);
    }
    expect(page.body.innerHTML).not.toContain('{{business');
  });

  test('its forms keep room from the page’s edges (on a phone they ran to the screen’s edge)', () => {
    const forms = [...publishedTemplate(id).querySelectorAll('form[data-form-id]')] as HTMLElement[];
    for (const form of forms) expect(form.style.padding).toBe('20px');
  });

  test('its footer’s quick links name only the pages it has', () => {
    const footer = publishedTemplate(id).querySelector('footer');
    const quickLinks = [...(footer?.querySelectorAll('h4') ?? [])].find(
      (h) => h.textContent === 'Quick Links',
    );

    expect(textsOf(quickLinks?.nextElementSibling as Element)).toEqual(['Home']);
  });
});
