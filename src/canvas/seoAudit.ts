import type { SeoCode, SeoFinding, SeoSeverity } from '../contracts/seo.ts';
import type { SpecElement, SpecPage } from './pagesData.ts';

export type { SeoCode, SeoFinding, SeoSeverity } from '../contracts/seo.ts';

import { EMPTY_SITE_SEO, resolvePageSeo, type SiteSeo } from './siteSeo.ts';

/** Findings about the Site settings (shown on the home page): fixed in SEO Tools, not in the builder. */
export const SITE_SETTINGS_CODES: ReadonlySet<SeoCode> = new Set([
  'site-noindex',
  'site-description-length',
  'canonical-insecure',
]);

export type SeoAuditInput = {
  siteName: string;
  pages: SpecPage[];
  /** Where the site is published ('' when it is not): its sitemap.xml lives there. */
  publishedUrl: string;
  /** The site's SEO defaults: judged as published (title with its suffix, default description). */
  site?: SiteSeo;
};

/** Lengths search engines show in full (characters). */
export const TITLE_LENGTH = { min: 10, max: 60 } as const;
export const DESCRIPTION_LENGTH = { min: 50, max: 160 } as const;

/** The title a published page carries (the publish renderer's rule), with the site's title suffix. */
export function effectiveTitle(page: SpecPage, siteName: string, site: SiteSeo = EMPTY_SITE_SEO): string {
  return resolvePageSeo(page, siteName, site).title;
}

/** A page path or an internal link as the site serves it: no slashes around, no query or fragment. */
export function normalizePath(path: string): string {
  return path
    .split(/[?#]/)[0]
    .replace(/^\.?\/+|\/+$/g, '')
    .toLowerCase();
}

/** An internal link target, or null for external links, anchors, mail and phone links. */
function internalTarget(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const value = url.trim();
  if (value === '' || value.startsWith('#') || value.startsWith('//')) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  return normalizePath(value);
}

function flatten(elements: SpecElement[], into: SpecElement[] = []): SpecElement[] {
  for (const element of elements) {
    into.push(element);
    flatten(element.children, into);
  }
  return into;
}

type NavItemLike = { url?: unknown; children?: unknown };

function navUrls(items: unknown, into: unknown[] = []): unknown[] {
  if (!Array.isArray(items)) return into;
  for (const item of items as NavItemLike[]) {
    into.push(item?.url);
    navUrls(item?.children, into);
  }
  return into;
}

/** Every link of an element: button and card URLs, navigation items (with sub menus). */
function linksOf(element: SpecElement): unknown[] {
  return [element.buttonUrl, ...navUrls(element.navItems)];
}

/** What is wrong with a description's length ("has 12 characters; …"), or null when it works. */
function descriptionLengthProblem(description: string): string | null {
  if (description.length >= DESCRIPTION_LENGTH.min && description.length <= DESCRIPTION_LENGTH.max)
    return null;
  return `has ${description.length} characters; ${DESCRIPTION_LENGTH.min}–${DESCRIPTION_LENGTH.max} work best.`;
}

const HEADING_LEVEL: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/**
 * Audits a site from its pages: titles (missing, duplicate, length), descriptions, image alt text, heading
 * order, broken internal links, pages missing from the navigation, noindex on the home page and the sitemap;
 * with the site's settings: the default description, a site-wide noindex and a canonical base without https.
 */
export function auditSite({
  siteName,
  pages,
  publishedUrl,
  site = EMPTY_SITE_SEO,
}: SeoAuditInput): SeoFinding[] {
  const findings: SeoFinding[] = [];
  const add = (page: SpecPage, code: SeoCode, severity: SeoSeverity, message: string, elementId?: string) =>
    findings.push({
      code,
      severity,
      pageId: page.id,
      pageName: page.name,
      pagePath: page.isHomePage ? '' : normalizePath(page.path),
      elementId: elementId ?? null,
      message,
    });

  const paths = new Set(pages.map((page) => (page.isHomePage ? '' : normalizePath(page.path))));
  const titles = new Map<string, SpecPage[]>();
  for (const page of pages) {
    const title = effectiveTitle(page, siteName, site).toLowerCase();
    titles.set(title, [...(titles.get(title) ?? []), page]);
  }
  const allElements = pages.map((page) => ({ page, elements: flatten(page.elements) }));
  const navbars = allElements.flatMap(({ elements }) => elements.filter((e) => e.type === 'navbar'));
  const inNavigation = new Set(
    navbars.flatMap((nav) => navUrls(nav.navItems).map(internalTarget)).filter((p) => p !== null),
  );

  for (const { page, elements } of allElements) {
    const title = effectiveTitle(page, siteName, site);
    if (!page.title?.trim()) {
      add(page, 'title-missing', 'warning', `No page title: search results show "${title}".`);
    }
    if ((titles.get(title.toLowerCase()) ?? []).length > 1) {
      add(page, 'title-duplicate', 'error', `The title "${title}" is used by more than one page.`);
    }
    if (title.length < TITLE_LENGTH.min || title.length > TITLE_LENGTH.max) {
      add(
        page,
        'title-length',
        'warning',
        `The title has ${title.length} characters; ${TITLE_LENGTH.min}–${TITLE_LENGTH.max} show in full.`,
      );
    }
    // A page without a description of its own gets the site's default (judged once, below).
    const description = page.description?.trim() ?? '';
    if (!description && !site.description.trim()) {
      add(page, 'description-missing', 'warning', 'No meta description: search engines pick a snippet.');
    } else if (description) {
      const problem = descriptionLengthProblem(description);
      if (problem) add(page, 'description-length', 'warning', `The description ${problem}`);
    }
    if (page.isHomePage && page.noindex) {
      add(page, 'home-noindex', 'error', 'The home page is hidden from search engines (noindex).');
    }

    let h1Count = 0;
    let previous = 0;
    for (const element of elements) {
      if (element.type === 'image' && typeof element.imageUrl === 'string' && element.imageUrl.trim()) {
        if (typeof element.alt !== 'string' || !element.alt.trim()) {
          add(page, 'image-alt', 'error', 'An image has no alt text.', element.id);
        }
      }
      if (element.type === 'header') {
        const level = HEADING_LEVEL[String(element.level ?? 'h1')] ?? 1;
        if (level === 1) h1Count += 1;
        if (level === 1 && h1Count === 2) {
          add(page, 'heading-multiple-h1', 'warning', 'More than one H1 heading on the page.', element.id);
        }
        if (previous > 0 && level > previous + 1) {
          add(
            page,
            'heading-order',
            'warning',
            `An H${level} follows an H${previous}: a level is skipped.`,
            element.id,
          );
        } else if (previous === 0 && level > 1) {
          add(page, 'heading-order', 'warning', `The first heading is an H${level}, not an H1.`, element.id);
        }
        previous = level;
      }
      for (const link of linksOf(element)) {
        const target = internalTarget(link);
        if (target !== null && !paths.has(target)) {
          add(
            page,
            'broken-link',
            'error',
            `A link points to "${String(link)}", which is no page of this site.`,
            element.id,
          );
        }
      }
    }
    if (h1Count === 0) add(page, 'heading-missing-h1', 'warning', 'The page has no H1 heading.');

    const path = page.isHomePage ? '' : normalizePath(page.path);
    if (navbars.length > 0 && !page.noindex && !inNavigation.has(path)) {
      add(page, 'not-in-navigation', 'warning', 'The page is not linked from the navigation.');
    }
  }

  const home = pages.find((page) => page.isHomePage) ?? pages[0];
  if (home) {
    const usesDefault = pages.some((page) => !page.description?.trim());
    const problem = descriptionLengthProblem(site.description.trim());
    if (usesDefault && site.description.trim() && problem) {
      add(home, 'site-description-length', 'warning', `The site's default description ${problem}`);
    }
    if (site.noindex) {
      add(
        home,
        'site-noindex',
        'error',
        'The whole site is hidden from search engines (Site settings › noindex).',
      );
    }
    if (/^http:\/\//i.test(site.canonicalBase.trim())) {
      add(
        home,
        'canonical-insecure',
        'warning',
        'The canonical base address is not https: search engines prefer the https address of a site.',
      );
    }
    const indexed = site.noindex ? 0 : pages.filter((page) => !page.noindex).length;
    add(
      home,
      'sitemap',
      publishedUrl ? 'info' : 'warning',
      publishedUrl
        ? `sitemap.xml lists ${indexed} page${indexed === 1 ? '' : 's'} at ${publishedUrl}sitemap.xml.`
        : 'The site is not published: it has no sitemap.xml yet.',
    );
  }
  return findings;
}
