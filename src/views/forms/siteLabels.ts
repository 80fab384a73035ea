import type { WebsiteSummary } from '../../services/builder/websiteApi.ts';

type Site = Pick<WebsiteSummary, 'id' | 'name' | 'subdomain'>;

/**
 * How the form inbox names each website: its name, and where several share that name (one owner's sites
 * are named after the business) its published address too, else its number, so each tag says which site.
 */
export function siteLabels(sites: readonly Site[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const site of sites) count.set(site.name, (count.get(site.name) ?? 0) + 1);
  return new Map(
    sites.map((site) => [
      site.id,
      (count.get(site.name) ?? 0) > 1 ? `${site.name} (${site.subdomain ?? `#${site.id}`})` : site.name,
    ]),
  );
}
