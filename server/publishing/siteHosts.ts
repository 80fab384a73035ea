import type { InvalidationBus } from '../cluster/invalidationBus.ts';
import type { Db } from '../db/types.ts';
import { listDomainRoutes } from '../repositories/customDomains.ts';

export type SiteHosts = {
  /** The URL to route: requests to a site's own host go to its /sites/{subdomain}/ routes. */
  rewrite(url: string, host: string | undefined): string;
  /** After a committed change of custom domains or publications: every process reads its table again. */
  reload(): Promise<void>;
  close(): void;
};

// On a site's own host these stay what they are: the public API it posts to and the shared site script.
const PASS_THROUGH = /^\/(api\/|sites\/_assets\/)/;
// A backstop for writers that announce nothing (psql); the app's own writers go through the bus.
const REFRESH_MS = 30_000;
// A claimed host that serves nothing (pending, or its site unpublished) lands here: the sites' plain not-found
// page, never the app (whose sign-in page on a stranger's domain would be a phishing page).
const NOT_SERVED = '/sites/_unverified/';

function hostName(host: string | undefined): string {
  return (host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * Host-based routing of published sites: `{subdomain}.{PUBLIC_SITE_DOMAIN}` and verified custom
 * domains. Custom domains are kept in memory (Fastify's rewriteUrl is synchronous), reloaded in every process
 * when one changes one (the invalidation bus), and every 30 s.
 */
export async function createSiteHosts(
  db: Db,
  publicSiteDomain: string | null,
  bus: InvalidationBus,
): Promise<SiteHosts> {
  // A database that is down at boot must not stop the app: routing by custom domain resumes on a refresh.
  let custom = await listDomainRoutes(db).catch(() => new Map<string, string | null>());
  // Reads overlapping a newer one must not win with an older table.
  let reads = 0;
  const read = async () => {
    const started = ++reads;
    const table = await listDomainRoutes(db);
    if (started === reads) custom = table;
  };
  const unsubscribe = bus.subscribe('site-hosts', read);
  const timer = setInterval(() => read().catch(() => {}), REFRESH_MS);
  timer.unref();
  const suffix = publicSiteDomain ? `.${publicSiteDomain}` : null;
  return {
    rewrite(url, host) {
      const name = hostName(host);
      let subdomain = custom.get(name);
      if (subdomain === null) return PASS_THROUGH.test(url) ? url : NOT_SERVED;
      if (subdomain === undefined && suffix && name.endsWith(suffix)) {
        const label = name.slice(0, -suffix.length);
        if (/^[a-z0-9-]+$/.test(label)) subdomain = label;
      }
      if (subdomain === undefined || PASS_THROUGH.test(url)) return url;
      return `/sites/${subdomain}${url.startsWith('/') ? url : `/${url}`}`;
    },
    reload: () => bus.publish('site-hosts', null),
    close() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}
