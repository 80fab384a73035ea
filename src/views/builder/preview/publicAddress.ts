import type { SpecPage } from '../../../canvas/pagesData.ts';
import { servedPath } from '../../../canvas/siteSeo.ts';
import type { WebsiteSummary } from '../../../contracts/website.ts';

/** What the preview's address bar says while the site has no public address. */
export const NOT_PUBLISHED_ADDRESS = 'Not published yet — publish the website to give this page its address';

/**
 * The address a page has for the site's visitors, as the publish answer gives the site's (`url`): its verified
 * custom domain, else the address it was published on (`domain`, as the server stored it: a subdomain of the
 * sites' domain, or /sites/{subdomain} on the app's host), then the page's served path. Null when the site is
 * not published (a draft, or unpublished).
 */
export function publicPageAddress(
  site: Pick<WebsiteSummary, 'isPublished' | 'domain' | 'customDomain'> | null | undefined,
  page: Pick<SpecPage, 'path' | 'isHomePage'>,
  protocol: string,
): string | null {
  if (!site?.isPublished || !site.domain) return null;
  return `${protocol.replace(/:?$/, ':')}//${site.customDomain || site.domain}/${servedPath(page)}`;
}
