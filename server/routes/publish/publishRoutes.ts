import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { businessInfoOf } from '../../../src/canvas/businessTokens.ts';
import { specPagesOf } from '../../../src/canvas/published/specPagesOf.ts';
import { withoutForeignStores } from '../../../src/canvas/published/storeBinding.ts';
import { siteSeoOf, visitorSiteName } from '../../../src/canvas/siteSeo.ts';
import {
  PUBLISH_MESSAGES,
  type PublishResult,
  publishApi,
  SUBDOMAIN_PATTERN,
} from '../../../src/contracts/publish.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError, isUniqueViolation } from '../../errors.ts';
import { assertClaimable, claimDomain, normalizeDomain } from '../../publishing/customDomains.ts';
import { type PublishingDeps, SITE_SCRIPT_PATH } from '../../publishing/publishingDeps.ts';
import { findBusinessProfile } from '../../repositories/businessProfiles.ts';
import { findDomainClaim } from '../../repositories/customDomains.ts';
import { removePublication, storePublication } from '../../repositories/publishing.ts';
import { listStores } from '../../repositories/storeCatalog.ts';
import { findWebsite } from '../../repositories/websites.ts';
import { takeVersion } from '../../versions/takeVersion.ts';

const NOT_FOUND = 'Website not found';

/** Where a site answers: its custom domain, `{sub}.{PUBLIC_SITE_DOMAIN}`, or /sites/{sub}/ on this host. */
export function siteAddress(
  request: FastifyRequest,
  subdomain: string,
  customDomain: string | null,
  publicSiteDomain: string | null,
): { domain: string; url: string } {
  const protocol = request.protocol;
  if (customDomain) return { domain: customDomain, url: `${protocol}://${customDomain}/` };
  if (publicSiteDomain) {
    const domain = `${subdomain}.${publicSiteDomain}`;
    return { domain, url: `${protocol}://${domain}/` };
  }
  const domain = `${request.host}/sites/${subdomain}`;
  return { domain, url: `${protocol}://${domain}/` };
}

/** The name of the version every publish takes: 'Published 2026-05-01 14:03 UTC'. */
export function publishVersionName(publishedAt: string): string {
  return `Published ${new Date(publishedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Owner routes: publish (render every page now and store the HTML) and unpublish. A `customDomain` given to
 * publish claims it as PUT /api/website/{id}/domain does (pending until its TXT record is verified); leaving it
 * out keeps the website's claim as it is (DELETE /api/website/{id}/domain releases it).
 */
export const publishRoutes: FastifyPluginAsync<PublishingDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { db, config, renderer, siteScript, pageCache, publicSiteDomain } = deps;
  // Publishing changes what the site's visitors see: a Viewer may not.
  // Publishing and unpublishing change the hosts sites answer on: every process reloads them (before the answer).
  const edit = { permission: 'websites.edit', invalidates: ['site-hosts'] } as const;

  app.post(
    '/api/website/:id/publish',
    { config: edit, schema: publishApi.publish },
    async (request): Promise<PublishResult> => {
      const accountId = requireAccountId(request);
      const { subdomain } = request.body;
      const claimed = request.body.customDomain ? normalizeDomain(request.body.customDomain) : null;
      if (!SUBDOMAIN_PATTERN.test(subdomain)) throw new HttpError(400, PUBLISH_MESSAGES.badSubdomain);
      if (claimed)
        assertClaimable(claimed, {
          appUrl: config.appUrl ?? null,
          publicSiteDomain,
          requestHost: request.host,
        });
      const site = await findWebsite(db, accountId, request.params.id);
      if (!site) throw new HttpError(404, NOT_FOUND);
      if (!renderer) throw new HttpError(503, PUBLISH_MESSAGES.unavailable);
      const pages = specPagesOf(site.pages);
      if (pages.length === 0) throw new HttpError(400, PUBLISH_MESSAGES.noPages);

      // The site's SEO settings as they are now: changing them later applies on the next publish.
      const seo = siteSeoOf(site.seo);
      // Store elements show only the account's own stores: others are left out of what visitors get.
      const ownStores = new Set((await listStores(db, accountId)).map((store) => store.storeId));
      // The business details as they are now fill the pages' business tokens (footer, contact section).
      const profile = await findBusinessProfile(db, accountId);
      const rendered = renderer.renderPublishedSite({
        siteName: visitorSiteName(site.name, profile?.businessName),
        subdomain,
        pages: withoutForeignStores(pages, ownStores),
        scriptSrc: siteScript?.src ?? SITE_SCRIPT_PATH,
        seo,
        // Without a profile the site's own name stands in for the business name (the rest stays empty).
        business: profile
          ? businessInfoOf(profile)
          : businessInfoOf({ businessName: site.name, email: '', phone: '' }),
      });
      // What the website's own address is stored as; a verified custom domain is answered on top of it.
      const platform = siteAddress(request, subdomain, null, publicSiteDomain);
      let stored: { publishedAt: string } | null;
      try {
        stored = await db.transaction(async (tx) => {
          if (claimed) await claimDomain(tx, accountId, site.id, claimed);
          return storePublication(tx, accountId, {
            websiteId: site.id,
            subdomain,
            domain: platform.domain,
            noindex: seo.noindex,
            homePath: rendered.homePath,
            pages: rendered.pages,
            forms: rendered.forms,
          });
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new HttpError(409, PUBLISH_MESSAGES.subdomainTaken);
      }
      if (!stored) throw new HttpError(404, NOT_FOUND);
      if (site.subdomain) await pageCache.forget(site.subdomain);
      await pageCache.forget(subdomain);
      if (deps.versions) {
        // The site is published either way: a version that could not be taken is logged, not the publish failed.
        await takeVersion(deps.versions, {
          accountId,
          websiteId: site.id,
          name: publishVersionName(stored.publishedAt),
          kind: 'publish',
          author: { id: request.user.id, name: request.user.name },
        }).catch((error: unknown) => request.log.error({ err: error }, 'publish: version not taken'));
      }
      const claim = await findDomainClaim(db, accountId, site.id);
      const verified = claim?.status === 'verified' ? claim.domain : null;
      const { domain, url } = siteAddress(request, subdomain, verified, publicSiteDomain);
      return {
        domain,
        subdomain,
        url,
        publishedAt: stored.publishedAt,
        customDomain: claim?.domain ?? null,
        customDomainStatus: claim?.status ?? 'none',
      };
    },
  );

  app.delete(
    '/api/website/:id/publish',
    { config: edit, schema: publishApi.unpublish },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      const site = await findWebsite(db, accountId, request.params.id);
      if (!site) throw new HttpError(404, NOT_FOUND);
      await db.transaction((tx) => removePublication(tx, accountId, site.id));
      if (site.subdomain) await pageCache.forget(site.subdomain);
      return reply.code(204).send(null);
    },
  );
};
