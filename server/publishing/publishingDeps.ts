import type { PublishRenderer } from '../../src/canvas/published/publishTypes.ts';
import type { RouteDeps } from '../routes/routeDeps.ts';
import type { VersionDeps } from '../versions/takeVersion.ts';
import type { SiteHosts } from './siteHosts.ts';
import type { SitePageCache } from './sitePageCache.ts';
import type { TxtResolver } from './txtResolver.ts';

/** The built script of published pages: its bytes and the versioned path pages load it from. */
export type SiteScript = { body: Buffer; src: string };

/** What buildApp is given to publish: the renderer (SSR build in production, source in tests) and script. */
export type PublishingOptions = { renderer: PublishRenderer | null; siteScript: SiteScript | null };

/** The options of the publishing, site and form routes. */
export type PublishingDeps = RouteDeps &
  PublishingOptions & {
    pageCache: SitePageCache;
    hosts: SiteHosts;
    publicSiteDomain: string | null;
    /** The DNS TXT lookup that verifies custom domains. */
    resolveTxt: TxtResolver;
    /** Where a publish takes its 'Published <date>' version; absent: none is taken. */
    versions?: VersionDeps;
  };

/** The path published pages load their script from when no built script is given. */
export const SITE_SCRIPT_PATH = '/sites/_assets/site.js';
