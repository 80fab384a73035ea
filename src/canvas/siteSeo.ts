import type { SITE_SEO_MAX_LENGTH, SiteSeo } from '../contracts/seo.ts';
import type { SpecPage } from './pagesData.ts';

export { SITE_SEO_MAX_LENGTH, type SiteSeo } from '../contracts/seo.ts';

export const EMPTY_SITE_SEO: SiteSeo = {
  titleSuffix: '',
  description: '',
  canonicalBase: '',
  ogImage: '',
  noindex: false,
};

/** What the API and the Site settings card say about an address that breaks the URL rule. */
export const SITE_SEO_URL_MESSAGES = {
  ogImage: 'must be an http:// or https:// address, or a path starting with /',
  canonicalBase: 'must be an absolute http:// or https:// address, such as https://www.example.com',
} as const;

// The one URL rule of SEO addresses: http(s) or site-relative, never a script scheme or a quote.
const SEO_URL = /^(https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/i;

/** An SEO address (canonical, Open Graph image) as published: http(s) or site-relative, else ''. */
export function seoUrl(raw: string | undefined): string {
  const url = raw?.trim() ?? '';
  return SEO_URL.test(url) ? url : '';
}

/** The URL rule as a check: '' passes (not set), otherwise exactly what {@link seoUrl} keeps. */
export function isSeoUrlOrEmpty(value: string): boolean {
  return value === '' || seoUrl(value) === value;
}

/** A canonical base: the URL rule, absolute with a host, and no query or fragment to append paths to. */
export function isCanonicalBaseOrEmpty(value: string): boolean {
  return value === '' || (seoUrl(value) === value && /^https?:\/\/[^/?#]+(\/[^?#]*)?$/i.test(value));
}

/** Site settings from the stored JSON, whatever it holds: unknown or mistyped fields fall back. */
export function siteSeoOf(raw: unknown): SiteSeo {
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const text = (key: keyof typeof SITE_SEO_MAX_LENGTH) =>
    typeof value[key] === 'string' ? value[key] : EMPTY_SITE_SEO[key];
  return {
    titleSuffix: text('titleSuffix'),
    description: text('description'),
    canonicalBase: text('canonicalBase'),
    ogImage: text('ogImage'),
    noindex: value.noindex === true,
  };
}

/** The served path of a page: '' for the home page, otherwise its own path without slashes around. */
export function servedPath(page: Pick<SpecPage, 'path' | 'isHomePage'>): string {
  return page.isHomePage ? '' : page.path.replace(/^\/+|\/+$/g, '');
}

/** A page title with the site's suffix, unless the title already ends with it. */
export function withTitleSuffix(title: string, suffix: string): string {
  const trimmed = suffix.trim();
  if (!trimmed || title.toLowerCase().endsWith(trimmed.toLowerCase())) return title;
  return `${title}${suffix}`;
}

/**
 * The name visitors know the site by: the business's (what the pages' business tokens show too), else the
 * website's own name, which the owner may have made only to tell their sites apart ('Rosa Bakery 2').
 */
export function visitorSiteName(websiteName: string, businessName: string | null | undefined): string {
  return businessName?.trim() || websiteName;
}

/** The tags a published page carries, after the site's defaults filled what its Page Settings leave empty. */
export type ResolvedPageSeo = {
  title: string;
  description: string;
  /** Where the description comes from ('' when there is none). */
  descriptionSource: 'page' | 'site' | '';
  canonicalUrl: string;
  ogImage: string;
  noindex: boolean;
};

/**
 * The SEO of a page as published: its own settings first, then the site's defaults (title suffix,
 * description, canonical = canonical base + page path, Open Graph image); a site-wide noindex hides every
 * page. The publish renderer and the audit both use this, so the audit judges what is published.
 */
export function resolvePageSeo(
  page: SpecPage,
  siteName: string,
  site: SiteSeo = EMPTY_SITE_SEO,
): ResolvedPageSeo {
  // A title that only repeats the page's name is the default one (pages are made with their name as title):
  // the page then gets the site's name with it, so a tab or a search result never reads just "Home".
  const title = page.title?.trim();
  const own = title && title !== page.name.trim() ? title : '';
  const fallback = page.isHomePage
    ? siteName
    : site.titleSuffix.trim()
      ? page.name
      : `${page.name} | ${siteName}`;
  const pageDescription = page.description?.trim() ?? '';
  const siteDescription = site.description.trim();
  const base = isCanonicalBaseOrEmpty(site.canonicalBase.trim()) ? site.canonicalBase.trim() : '';
  const path = servedPath(page);
  return {
    title: withTitleSuffix(own || fallback, site.titleSuffix),
    description: pageDescription || siteDescription,
    descriptionSource: pageDescription ? 'page' : siteDescription ? 'site' : '',
    canonicalUrl: seoUrl(page.canonicalUrl) || (base ? `${base.replace(/\/+$/, '')}/${path}` : ''),
    ogImage: seoUrl(page.ogImage) || seoUrl(site.ogImage),
    noindex: page.noindex === true || site.noindex,
  };
}
