import * as Y from 'yjs';
import { keyBetween } from '../fractionalIndex.ts';
import { listPages, newId, type PageData, type SiteDoc } from '../siteDoc.ts';
import { type ElementNode, insertElement } from './elementOps.ts';

export type NewPage = {
  name: string;
  path: string;
  isHomePage?: boolean;
  elements?: ElementNode[];
  id?: string;
  /** Page Settings (SEO): default to the page name and no description. */
  title?: string;
  description?: string;
};

/** Adds a page after the last one, with its elements; returns its id. */
export function addPage(site: SiteDoc, page: NewPage): string {
  const id = page.id ?? newId('page');
  const last = listPages(site).at(-1);
  const map = new Y.Map<unknown>();
  map.set('id', id);
  map.set('name', page.name);
  map.set('path', page.path);
  map.set('isHomePage', page.isHomePage === true);
  map.set('order', keyBetween(last?.order ?? null, null));
  map.set('title', page.title ?? page.name);
  map.set('description', page.description ?? '');
  site.pages.set(id, map);
  for (const node of page.elements ?? []) insertElement(site, node, { pageId: id, parentId: null });
  refreshNavigation(site);
  return id;
}

/** Renames a page; empty names are ignored (spec §5). */
export function renamePage(site: SiteDoc, id: string, name: string): void {
  const trimmed = name.trim();
  const map = site.pages.get(id);
  if (!map || trimmed === '') return;
  map.set('name', trimmed);
  refreshNavigation(site);
}

/** Deletes a page and its elements; the last page and the home page stay. */
export function deletePage(site: SiteDoc, id: string): boolean {
  const page = site.pages.get(id);
  if (!page || site.pages.size <= 1 || page.get('isHomePage') === true) return false;
  for (const [elementId, map] of [...site.elements.entries()]) {
    if (map.get('pageId') === id) site.elements.delete(elementId);
  }
  site.pages.delete(id);
  refreshNavigation(site);
  return true;
}

/** Page Settings: the title and description used for SEO. */
export function updatePageSettings(
  site: SiteDoc,
  id: string,
  settings: Partial<Pick<PageData, PageSettingKey>>,
): void {
  const map = site.pages.get(id);
  if (!map) return;
  for (const key of PAGE_SETTING_KEYS) {
    if (settings[key] !== undefined) map.set(key, settings[key]);
  }
}

/** The page fields Page Settings (and SEO Tools) edit. */
export const PAGE_SETTING_KEYS = ['title', 'description', 'canonicalUrl', 'ogImage', 'noindex'] as const;
export type PageSettingKey = (typeof PAGE_SETTING_KEYS)[number];

/** A navigation item (spec §3). */
export type NavItem = {
  id: string;
  label: string;
  url: string;
  icon?: string;
  isPage?: boolean;
  children?: NavItem[];
  subMenuWidth?: number;
  target?: '_self' | '_blank';
  isActive?: boolean;
};

/** Spec §9: Home plus each non-home page by path. */
export function navItemsForPages(pages: PageData[]): NavItem[] {
  const home: NavItem = { id: 'nav-home', label: 'Home', url: '/', isPage: true };
  return [
    home,
    ...pages
      .filter((page) => !page.isHomePage)
      .map((page) => ({ id: `nav-${page.id}`, label: page.name, url: `/${page.path}`, isPage: true })),
  ];
}

/** Rebuilds the page links of every navbar on every page; custom (non-page) items are kept after them. */
export function refreshNavigation(site: SiteDoc): void {
  const pageItems = navItemsForPages(listPages(site));
  for (const map of site.elements.values()) {
    if (map.get('type') !== 'navbar') continue;
    const current = (map.get('navItems') as NavItem[] | undefined) ?? [];
    const custom = current.filter((item) => item.isPage !== true && !isDefaultItem(item));
    map.set('navItems', [...pageItems, ...custom]);
  }
}

// The placeholder links of a new navbar (spec §9) give way to real pages.
function isDefaultItem(item: NavItem): boolean {
  return item.id.startsWith('nav-default-');
}
