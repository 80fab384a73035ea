import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { specPagesOf } from '../../../src/canvas/published/specPagesOf.ts';
import { auditSite, effectiveTitle } from '../../../src/canvas/seoAudit.ts';
import { resolvePageSeo, siteSeoOf, visitorSiteName } from '../../../src/canvas/siteSeo.ts';
import { seoApi } from '../../../src/contracts/seo.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { findBusinessProfile } from '../../repositories/businessProfiles.ts';
import { findSiteSeo, findWebsite, updateSiteSeo } from '../../repositories/websites.ts';
import { siteAddress } from '../publish/publishRoutes.ts';
import type { RouteDeps } from '../routeDeps.ts';

const NOT_FOUND = 'Website not found';

/**
 * SEO Tools: each page's settings and an audit of the site, computed on the server from the pages of its
 * last save (so it reflects every save at once) and the site's SEO settings; and those settings. Every member
 * reads them; changing the settings needs 'websites.edit', as saving and publishing the website does.
 */
export const seoRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db, config }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const view = { permission: 'account.view' } as const;

  app.get('/api/seo/websites/:id/audit', { config: view, schema: seoApi.audit }, async (request) => {
    const accountId = requireAccountId(request);
    const website = await findWebsite(db, accountId, request.params.id);
    if (!website) throw new HttpError(404, NOT_FOUND);
    const pages = specPagesOf(website.pages);
    const site = siteSeoOf(website.seo);
    // Judged as published: the titles carry the name visitors see.
    const siteName = visitorSiteName(website.name, (await findBusinessProfile(db, accountId))?.businessName);
    const publishedUrl =
      website.isPublished && website.subdomain
        ? siteAddress(
            request,
            website.subdomain,
            website.customDomain ?? null,
            config.publicSiteDomain ?? null,
          ).url
        : '';
    return {
      websiteId: website.id,
      name: website.name,
      publishedUrl,
      auditedAt: new Date().toISOString(),
      updatedAt: String(website.updatedAt),
      pages: pages.map((page) => {
        const resolved = resolvePageSeo(page, siteName, site);
        return {
          id: page.id,
          name: page.name,
          path: page.path,
          isHomePage: page.isHomePage,
          title: page.title ?? '',
          effectiveTitle: effectiveTitle(page, siteName, site),
          description: page.description ?? '',
          effectiveDescription: resolved.description,
          canonicalUrl: page.canonicalUrl ?? '',
          effectiveCanonicalUrl: resolved.canonicalUrl,
          ogImage: page.ogImage ?? '',
          effectiveOgImage: resolved.ogImage,
          noindex: page.noindex === true,
          effectiveNoindex: resolved.noindex,
        };
      }),
      findings: auditSite({ siteName, pages, publishedUrl, site }),
    };
  });

  app.get('/api/seo/websites/:id/settings', { config: view, schema: seoApi.getSettings }, async (request) => {
    const found = await findSiteSeo(db, requireAccountId(request), request.params.id);
    if (!found) throw new HttpError(404, NOT_FOUND);
    return { websiteId: request.params.id, isPublished: found.isPublished, ...found.seo };
  });

  // Saved, not published: the published pages take the new settings when the site is next published.
  app.put(
    '/api/seo/websites/:id/settings',
    { config: { permission: 'websites.edit' }, schema: seoApi.putSettings },
    async (request) => {
      const { titleSuffix, description, canonicalBase, ogImage, noindex } = request.body;
      const seo = { titleSuffix, description, canonicalBase, ogImage, noindex };
      const saved = await updateSiteSeo(db, requireAccountId(request), request.params.id, seo);
      if (!saved) throw new HttpError(404, NOT_FOUND);
      return { websiteId: request.params.id, isPublished: saved.isPublished, ...saved.seo };
    },
  );
};
