import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { businessInfoOf } from '../../../src/canvas/businessTokens.ts';
import { generateSite } from '../../../src/canvas/generator/generateSite.ts';
import { generateApi } from '../../../src/contracts/website.ts';
import { HttpError } from '../../errors.ts';
import type { PublishingDeps } from '../../publishing/publishingDeps.ts';

/**
 * `POST /api/website/generate`: a complete site from the business data, in the builder's page format,
 * with its home page as HTML. The generator is deterministic and offline (no model is downloaded).
 */
export const generateRoutes: FastifyPluginAsync<PublishingDeps> = async (fastify, { renderer }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  // The first step of creating a website (nothing is stored): for those who may create one.
  app.post(
    '/api/website/generate',
    { config: { permission: 'websites.edit' }, schema: generateApi.generate },
    async (request) => {
      if (!renderer) throw new HttpError(503, 'Website generation is not available on this server');
      const { name, pages } = generateSite(request.body);
      return { name, pages, html: renderer.renderSiteHtml(pages, name, businessInfoOf(request.body)) };
    },
  );
};
