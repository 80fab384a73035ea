import type { FastifyPluginAsync } from 'fastify';
import { specPagesOf } from '../../../src/canvas/published/specPagesOf.ts';
import { auditSite, effectiveTitle } from '../../../src/canvas/seoAudit.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { findWebsite } from '../../repositories/websites.ts';
import { schemas } from '../../validation.ts';
import { siteAddress } from '../publish/publishRoutes.ts';
import type { RouteDeps } from '../routeDeps.ts';

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
 * last save (so it reflects every save at once).
 */
export const seoRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Params: { id: number } }>(
    '/api/seo/websites/:id/audit',
    { schema: auditSchema },
    async (request) => {
      const website = await findWebsite(db, requireAccountId(request), request.params.id);
      if (!website) throw new HttpError(404, 'Website not found');
      const pages = specPagesOf(website.pages);
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
        pages: pages.map((page) => ({
          id: page.id,
          name: page.name,
          path: page.path,
          isHomePage: page.isHomePage,
          title: page.title ?? '',
          effectiveTitle: effectiveTitle(page, website.name),
          description: page.description ?? '',
          canonicalUrl: page.canonicalUrl ?? '',
          ogImage: page.ogImage ?? '',
          noindex: page.noindex === true,
        })),
        findings: auditSite({ siteName: website.name, pages, publishedUrl }),
      };
    },
  );
};
