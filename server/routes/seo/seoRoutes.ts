import type { FastifyPluginAsync } from 'fastify';
import { specPagesOf } from '../../../src/canvas/published/specPagesOf.ts';
import { auditSite, effectiveTitle } from '../../../src/canvas/seoAudit.ts';
import { resolvePageSeo, type SiteSeo, siteSeoOf } from '../../../src/canvas/siteSeo.ts';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { findSiteSeo, findWebsite, updateSiteSeo } from '../../repositories/websites.ts';
import { siteAddress } from '../publish/publishRoutes.ts';
import type { RouteDeps } from '../routeDeps.ts';
import { getSettingsSchema, putSettingsSchema, type SiteSeoSettings } from './siteSeoSchemas.ts';

const NOT_FOUND = 'Website not found';

const finding = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    severity: { type: 'string' },
    pageId: { type: 'string' },
    pageName: { type: 'string' },
    pagePath: { type: 'string' },
    elementId: { type: ['string', 'null'] },
    message: { type: 'string' },
  },
} as const;

const pageSeo = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    path: { type: 'string' },
    isHomePage: { type: 'boolean' },
    title: { type: 'string' },
    effectiveTitle: { type: 'string' },
    description: { type: 'string' },
    effectiveDescription: { type: 'string' },
    effectiveCanonicalUrl: { type: 'string' },
    effectiveOgImage: { type: 'string' },
    effectiveNoindex: { type: 'boolean' },
    canonicalUrl: { type: 'string' },
    ogImage: { type: 'string' },
    noindex: { type: 'boolean' },
  },
} as const;

const auditSchema = {
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        websiteId: { type: 'integer' },
        name: { type: 'string' },
        publishedUrl: { type: 'string' },
        auditedAt: { type: 'string' },
        updatedAt: { type: 'string' },
        pages: { type: 'array', items: pageSeo },
        findings: { type: 'array', items: finding },
      },
    },
    404: schemas.message,
  },
} as const;

/**
 * SEO Tools: each page's settings and an audit of the site, computed on the server from the pages of its
 * last save (so it reflects every save at once) and the site's SEO settings; and those settings. Every member
 * reads them; changing the settings needs 'websites.edit', as saving and publishing the website does.
 */
export const seoRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  const view = { permission: 'account.view' } as const;

  app.get<{ Params: { id: number } }>(
    '/api/seo/websites/:id/audit',
    { config: view, schema: auditSchema },
    async (request) => {
      const website = await findWebsite(db, requireAccountId(request), request.params.id);
      if (!website) throw new HttpError(404, NOT_FOUND);
      const pages = specPagesOf(website.pages);
      const site = siteSeoOf(website.seo);
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
          const resolved = resolvePageSeo(page, website.name, site);
          return {
            id: page.id,
            name: page.name,
            path: page.path,
            isHomePage: page.isHomePage,
            title: page.title ?? '',
            effectiveTitle: effectiveTitle(page, website.name, site),
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
        findings: auditSite({ siteName: website.name, pages, publishedUrl, site }),
      };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/seo/websites/:id/settings',
    { config: view, schema: getSettingsSchema },
    async (request): Promise<SiteSeoSettings> => {
      const found = await findSiteSeo(db, requireAccountId(request), request.params.id);
      if (!found) throw new HttpError(404, NOT_FOUND);
      return { websiteId: request.params.id, isPublished: found.isPublished, ...found.seo };
    },
  );

  // Saved, not published: the published pages take the new settings when the site is next published.
  app.put<{ Params: { id: number }; Body: SiteSeo }>(
    '/api/seo/websites/:id/settings',
    { config: { permission: 'websites.edit' }, schema: putSettingsSchema },
    async (request): Promise<SiteSeoSettings> => {
      const { titleSuffix, description, canonicalBase, ogImage, noindex } = request.body;
      const seo = { titleSuffix, description, canonicalBase, ogImage, noindex };
      const saved = await updateSiteSeo(db, requireAccountId(request), request.params.id, seo);
      if (!saved) throw new HttpError(404, NOT_FOUND);
      return { websiteId: request.params.id, isPublished: saved.isPublished, ...saved.seo };
    },
  );
};
