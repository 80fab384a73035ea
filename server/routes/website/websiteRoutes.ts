import type { FastifyPluginAsync } from 'fastify';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import {
  createWebsite,
  deleteWebsite,
  findWebsite,
  listWebsites,
  updateWebsite,
  type WebsiteInput,
} from '../../repositories/websites.ts';
import type { RouteDeps } from '../routeDeps.ts';
import {
  deleteSchema,
  getSchema,
  listSchema,
  saveSchema,
  updateSchema,
  WEBSITE_BODY_LIMIT,
  type WebsiteBody,
} from './websiteSchemas.ts';

const NOT_FOUND = 'Website not found';

// `pages` wins; `pagesData` (the same pages as JSON text, spec §7) is read only when `pages` is absent.
function toInput(body: WebsiteBody): WebsiteInput {
  let pages = body.pages;
  if (pages === undefined && body.pagesData) {
    try {
      const parsed: unknown = JSON.parse(body.pagesData);
      pages = Array.isArray(parsed) ? parsed : [];
    } catch {
      throw new HttpError(400, 'pagesData must be JSON text of the pages');
    }
  }
  return {
    name: body.name,
    htmlContent: body.htmlContent ?? '',
    pages: pages ?? [],
    yjsState: body.yjsState,
  };
}

/** The builder's websites, each owned by one account: another account's id answers 404. */
export const websiteRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/api/website', { schema: listSchema }, async (request) =>
    listWebsites(db, requireAccountId(request)),
  );

  app.get<{ Params: { id: number } }>('/api/website/:id', { schema: getSchema }, async (request) => {
    const site = await findWebsite(db, requireAccountId(request), request.params.id);
    if (!site) throw new HttpError(404, NOT_FOUND);
    return site;
  });

  app.post<{ Body: WebsiteBody }>(
    '/api/website/save',
    { schema: saveSchema, bodyLimit: WEBSITE_BODY_LIMIT },
    async (request) => createWebsite(db, requireAccountId(request), toInput(request.body)),
  );

  app.put<{ Params: { id: number }; Body: WebsiteBody }>(
    '/api/website/:id',
    { schema: updateSchema, bodyLimit: WEBSITE_BODY_LIMIT },
    async (request) => {
      const site = await updateWebsite(
        db,
        requireAccountId(request),
        request.params.id,
        toInput(request.body),
      );
      if (!site) throw new HttpError(404, NOT_FOUND);
      return site;
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/website/:id',
    { schema: deleteSchema },
    async (request, reply) => {
      if (!(await deleteWebsite(db, requireAccountId(request), request.params.id)))
        throw new HttpError(404, NOT_FOUND);
      return reply.code(204).send();
    },
  );
};
