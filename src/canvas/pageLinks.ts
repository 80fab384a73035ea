import { createContext } from 'react';
import { servedPath } from './siteSeo.ts';

/** What a link to a page needs of it: builder pages and published (spec) pages alike. */
export type LinkablePage = { name: string; path: string; isHomePage: boolean };

/**
 * The href of a link to one of the site's pages: '/' for the home page, '/{path}' for the others (the navbar's
 * page items and the footer's quick links). Published pages turn these into relative links.
 */
export function pageHref(page: Pick<LinkablePage, 'path' | 'isHomePage'>): string {
  return `/${servedPath(page)}`;
}

/**
 * The href of the page called `name` (case-insensitive; "Home" also names the home page, as the navbar labels
 * it), or null when the site has no such page.
 */
export function pageHrefNamed(pages: readonly LinkablePage[], name: string): string | null {
  const wanted = name.trim().toLowerCase();
  if (wanted === '') return null;
  const page =
    pages.find((candidate) => candidate.name.trim().toLowerCase() === wanted) ??
    (wanted === 'home' ? pages.find((candidate) => candidate.isHomePage) : undefined);
  return page ? pageHref(page) : null;
}

/** The site's pages, for elements that link to them by name (the footer's quick links); none outside a site. */
export const SitePagesContext = createContext<readonly LinkablePage[]>([]);
