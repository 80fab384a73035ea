import type { FastifyPluginAsync } from 'fastify';
import { businessInfoOf } from '../../../src/canvas/businessTokens.ts';
import { type GeneratorInput, generateSite } from '../../../src/canvas/generator/generateSite.ts';
import { businessApi } from '../../../src/contracts/business.ts';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { HttpError } from '../../errors.ts';
import type { PublishingDeps } from '../../publishing/publishingDeps.ts';

const generateSchema = {
  body: {
    ...businessApi.setup.body,
    properties: {
      ...businessApi.setup.body.properties,
      // The uploaded logo's URL (optional); the renderers allow-list it like any image source.
      logo: { type: 'string', maxLength: 2000 },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        html: { type: 'string' },
        pages: { type: 'array', items: { type: 'object', additionalProperties: true } },
      },
    },
    503: schemas.message,
  },
} as const;

/**
 * `POST /api/website/generate`: a complete site from the business data, in the builder's page format,
 * with its home page as HTML. The generator is deterministic and offline (no model is downloaded).
 */
export const generateRoutes: FastifyPluginAsync<PublishingDeps> = async (app, { renderer }) => {
  // The first step of creating a website (nothing is stored): for those who may create one.
  app.post<{ Body: GeneratorInput }>(
    '/api/website/generate',
    { config: { permission: 'websites.edit' }, schema: generateSchema },
    async (request) => {
      if (!renderer) throw new HttpError(503, 'Website generation is not available on this server');
      const { name, pages } = generateSite(request.body);
      return { name, pages, html: renderer.renderSiteHtml(pages, name, businessInfoOf(request.body)) };
    },
  );
};
