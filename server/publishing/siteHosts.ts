import type { Db } from '../db/types.ts';
import { listCustomDomains } from '../repositories/publishing.ts';

export type SiteHosts = {
  /** The URL to route: requests to a site's own host go to its /sites/{subdomain}/ routes. */
  rewrite(url: string, host: string | undefined): string;
  setCustomDomain(domain: string, subdomain: string): void;
  removeSubdomain(subdomain: string): void;
  close(): void;
};

// On a site's own host these stay what they are: the public API it posts to and the shared site script.
const PASS_THROUGH = /^\/(api\/|sites\/_assets\/)/;
const REFRESH_MS = 30_000;

function hostName(host: string | undefined): string {
  return (host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * Host-based routing of published sites: `{subdomain}.{PUBLIC_SITE_DOMAIN}` and registered custom
 * domains. Custom domains are kept in memory (Fastify's rewriteUrl is synchronous), updated by this
 * process's publishes and reloaded every 30 s (other processes may publish too).
 */
export async function createSiteHosts(db: Db, publicSiteDomain: string | null): Promise<SiteHosts> {
  // A database that is down at boot must not stop the app: routing by custom domain resumes on a refresh.
  let custom = await listCustomDomains(db).catch(() => new Map<string, string>());
  const timer = setInterval(() => {
    listCustomDomains(db).then(
      (fresh) => {
        custom = fresh;
      },
      () => {},
    );
  }, REFRESH_MS);
  timer.unref();
  const suffix = publicSiteDomain ? `.${publicSiteDomain}` : null;
  return {
    rewrite(url, host) {
      const name = hostName(host);
      let subdomain = custom.get(name);
      if (subdomain === undefined && suffix && name.endsWith(suffix)) {
        const label = name.slice(0, -suffix.length);
        if (/^[a-z0-9-]+$/.test(label)) subdomain = label;
      }
      if (subdomain === undefined || PASS_THROUGH.test(url)) return url;
      return `/sites/${subdomain}${url.startsWith('/') ? url : `/${url}`}`;
    },
    setCustomDomain(domain, subdomain) {
      custom.set(domain, subdomain);
    },
    removeSubdomain(subdomain) {
      for (const [domain, sub] of custom) if (sub === subdomain) custom.delete(domain);
    },
    close() {
      clearInterval(timer);
    },
  };
}
