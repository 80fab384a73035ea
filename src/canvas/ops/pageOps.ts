import * as Y from 'yjs';
import { keyBetween } from '../fractionalIndex.ts';
import { pageHref } from '../pageLinks.ts';
import { type SpecPage, toNodes } from '../pagesData.ts';
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

/** A saved site's pages (the spec shape a website keeps beside its document) added in order, ids kept. */
export function addSpecPages(
  site: SiteDoc,
  pages: ReadonlyArray<Omit<SpecPage, 'elements'> & { elements: unknown }>,
): void {
  for (const page of pages) addPage(site, { ...page, elements: toNodes(page.elements) });
}

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
  const from = map.get('name') as string;
  map.set('name', trimmed);
  // The home page's link is "Home" whatever the page is called.
  refreshNavigation(site, map.get('isHomePage') === true ? undefined : { pageId: id, from });
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
  const home: NavItem = {
    id: 'nav-home',
    label: 'Home',
    url: pageHref({ path: '', isHomePage: true }),
    isPage: true,
  };
  return [
    home,
    ...pages
      .filter((page) => !page.isHomePage)
      .map((page) => ({ id: pageItemId(page.id), label: page.name, url: pageHref(page), isPage: true })),
  ];
}

/** A navbar's prop: the ids of the page links the owner took out in Edit Navigation (they stay out). */
export const REMOVED_PAGE_LINKS = 'removedPageLinks';

/**
 * Edit Navigation's Save Changes: the navbar shows `items`, and the page links the owner took out are remembered,
 * so that a later refresh (a page added, renamed or deleted) does not bring them back. A link put back is
 * forgotten from that list; a new page still gets its link.
 */
export function editNavigation(site: SiteDoc, navbarId: string, items: NavItem[]): void {
  const map = site.elements.get(navbarId);
  if (!map) return;
  const before = pageLinkIds((map.get('navItems') as NavItem[] | undefined) ?? []);
  const after = pageLinkIds(items);
  const removed = new Set([...removedPageLinks(map), ...before].filter((id) => !after.has(id)));
  map.set('navItems', items);
  writeRemoved(map, removed);
}

/**
 * Brings the page links of every navbar on every page up to date with the pages, keeping what the owner made of
 * them in Edit Navigation: a deleted page's link goes, a new page's link comes after the last page link, a link the owner removed stays
 * removed (`editNavigation`), and every link keeps its place, its sub-menu items and the other settings it was given. A link's label and URL follow its
 * page unless the owner changed them ("Our Menu" stays "Our Menu" when the page is renamed or another page is
 * added); `renamed` names the page being renamed, whose label followed its old name until now.
 */
export function refreshNavigation(site: SiteDoc, renamed?: { pageId: string; from: string }): void {
  const pageItems = navItemsForPages(listPages(site));
  const fresh = new Map(pageItems.map((item) => [item.id, item]));
  const renamedItem = renamed ? pageItemId(renamed.pageId) : null;
  for (const map of site.elements.values()) {
    if (map.get('type') !== 'navbar') continue;
    const current = (map.get('navItems') as NavItem[] | undefined) ?? [];
    const removed = removedPageLinks(map);
    // A removed link's page deleted: nothing left to keep out.
    const stillRemoved = new Set([...removed].filter((id) => fresh.has(id)));
    if (stillRemoved.size !== removed.size) writeRemoved(map, stillRemoved);
    const present = new Set<string>();
    const keep = (items: NavItem[]): NavItem[] =>
      items.flatMap((item): NavItem[] => {
        if (isDefaultItem(item)) return [];
        let kept = item;
        if (item.isPage === true) {
          const page = fresh.get(item.id);
          // Gone with its page (or a second link to the same page, which a refresh never makes).
          if (!page || present.has(item.id)) return [];
          present.add(item.id);
          const labelBefore = item.id === renamedItem && renamed ? renamed.from : page.label;
          kept = {
            ...item,
            label: item.label === labelBefore ? page.label : item.label,
            url: item.url === page.url ? page.url : item.url,
          };
        }
        return item.children ? [{ ...kept, children: keep(item.children) }] : [kept];
      });
    const items = keep(current);
    const added = pageItems.filter((item) => !present.has(item.id) && !stillRemoved.has(item.id));
    if (added.length === 0 && sameItems(items, current)) continue;
    const afterPages = items.findLastIndex((item) => item.isPage === true) + 1;
    map.set('navItems', [...items.slice(0, afterPages), ...added, ...items.slice(afterPages)]);
  }
}

/** The id of a page's link in the navigation (the home page's is fixed). */
function pageItemId(pageId: string): string {
  return `nav-${pageId}`;
}

/** The ids of the page links among `items` and their sub items. */
function pageLinkIds(items: NavItem[]): Set<string> {
  const ids = new Set<string>();
  const visit = (list: NavItem[]) => {
    for (const item of list) {
      if (item.isPage === true) ids.add(item.id);
      if (Array.isArray(item.children)) visit(item.children);
    }
  };
  visit(items);
  return ids;
}

function removedPageLinks(map: Y.Map<unknown>): Set<string> {
  const value = map.get(REMOVED_PAGE_LINKS);
  return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
}

function writeRemoved(map: Y.Map<unknown>, removed: Set<string>): void {
  if (removed.size > 0) map.set(REMOVED_PAGE_LINKS, [...removed]);
  else if (map.has(REMOVED_PAGE_LINKS)) map.delete(REMOVED_PAGE_LINKS);
}

function sameItems(a: NavItem[], b: NavItem[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

// The placeholder links of a new navbar (spec §9) give way to real pages.
function isDefaultItem(item: NavItem): boolean {
  return item.id.startsWith('nav-default-');
}
