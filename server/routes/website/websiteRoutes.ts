import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { WEBSITE_BODY_LIMIT, type WebsiteBody, websitesApi } from '../../../src/contracts/website.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { isReadableUpdate } from '../../collab/collabDocs.ts';
import type { Collab } from '../../collab/collabServer.ts';
import { HttpError } from '../../errors.ts';
import {
  createWebsite,
  deleteWebsite,
  findWebsite,
  listWebsites,
  updateWebsite,
  type WebsiteInput,
} from '../../repositories/websites.ts';
import { assertStorableText } from '../../textGuard.ts';
import type { RouteDeps } from '../routeDeps.ts';

const NOT_FOUND = 'Website not found';
const UNREADABLE_STATE = 'yjsState must be a Yjs document update (base64)';

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
    // Its escapes (\u0000, \ud800) only become characters now, after the app-level text guard.
    assertStorableText(pages, 'pagesData');
  }
  return {
    name: body.name,
    htmlContent: body.htmlContent ?? '',
    pages: pages ?? [],
    yjsState: body.yjsState,
  };
}

/** The Yjs update of a body, checked readable before anything is written; undefined when none was sent. */
function updateOf(body: WebsiteBody): Uint8Array | undefined {
  if (!body.yjsState) return undefined;
  const update = new Uint8Array(Buffer.from(body.yjsState, 'base64'));
  if (!isReadableUpdate(update)) throw new HttpError(400, UNREADABLE_STATE);
  return update;
}

/**
 * The builder's websites, each owned by one account: another account's id answers 404. Writes need
 * 'websites.edit'. An update's Yjs state is merged into the document (live editors included), never replacing it.
 */
export const websiteRoutes: FastifyPluginAsync<RouteDeps & { collab: Collab }> = async (
  fastify,
  { db, collab },
) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const view = { permission: 'account.view' } as const;
  const edit = { permission: 'websites.edit' } as const;

  app.get('/api/website', { config: view, schema: websitesApi.list }, async (request) =>
    listWebsites(db, requireAccountId(request)),
  );

  app.get('/api/website/:id', { config: view, schema: websitesApi.get }, async (request) => {
    const site = await findWebsite(db, requireAccountId(request), request.params.id);
    if (!site) throw new HttpError(404, NOT_FOUND);
    return site;
  });

  app.post(
    '/api/website/save',
    { config: edit, schema: websitesApi.save, bodyLimit: WEBSITE_BODY_LIMIT },
    async (request) => {
      const accountId = requireAccountId(request);
      updateOf(request.body);
      return createWebsite(db, accountId, toInput(request.body));
    },
  );

  app.put(
    '/api/website/:id',
    { config: edit, schema: websitesApi.update, bodyLimit: WEBSITE_BODY_LIMIT },
    async (request) => {
      const accountId = requireAccountId(request);
      const websiteId = request.params.id;
      const update = updateOf(request.body);
      const site = await updateWebsite(db, accountId, websiteId, {
        ...toInput(request.body),
        yjsState: undefined,
      });
      if (!site) throw new HttpError(404, NOT_FOUND);
      if (!update) return site;
      await collab.mergeUpdate({ accountId, websiteId }, update);
      return (await findWebsite(db, accountId, websiteId)) ?? site;
    },
  );

  app.delete(
    '/api/website/:id',
    // A deleted website stops being served at once: its pages go, and its custom domain claim with it.
    { config: { ...edit, invalidates: ['site-pages', 'site-hosts'] }, schema: websitesApi.remove },
    async (request, reply) => {
      if (!(await deleteWebsite(db, requireAccountId(request), request.params.id)))
        throw new HttpError(404, NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
};
