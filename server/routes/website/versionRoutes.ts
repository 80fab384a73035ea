import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync, FastifySchemaValidationError } from 'fastify';
import { toSpecPages } from '../../../src/canvas/pagesData.ts';
import { VERSION_NAME_TOO_LONG, versionsApi } from '../../../src/contracts/versions.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import type { Collab } from '../../collab/collabServer.ts';
import { HttpError } from '../../errors.ts';
import { hasWebsiteState } from '../../repositories/websiteDocs.ts';
import { findVersion, listVersions } from '../../repositories/websiteVersions.ts';
import { formatValidationErrors } from '../../validation.ts';
import { siteOfState, takeVersion } from '../../versions/takeVersion.ts';
import type { RouteDeps } from '../routeDeps.ts';

const SITE_NOT_FOUND = 'Website not found';
const VERSION_NOT_FOUND = 'Version not found';

type VersionParams = { id: number; versionId: number };

/** A name over the limit says the limit and what to do (the generic sentence names the field `name` only). */
const versionNameErrors = (errors: FastifySchemaValidationError[], dataVar: string): Error => {
  const [first] = errors;
  return first?.keyword === 'maxLength' && first.instancePath === '/name'
    ? new Error(VERSION_NAME_TOO_LONG)
    : formatValidationErrors(errors, dataVar);
};

/**
 * Named versions of a website (issue 19): list, take, preview and restore. Viewers may list and preview;
 * taking and restoring need 'websites.edit'. Another account's website or version answers 404.
 */
export const versionRoutes: FastifyPluginAsync<RouteDeps & { collab: Collab }> = async (
  fastify,
  { db, collab, config },
) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const view = { permission: 'account.view' } as const;
  const edit = { permission: 'websites.edit' } as const;

  const requireSite = async (accountId: number, websiteId: number) => {
    if ((await hasWebsiteState(db, accountId, websiteId)) === null) throw new HttpError(404, SITE_NOT_FOUND);
  };
  const requireVersion = async (accountId: number, params: VersionParams) => {
    await requireSite(accountId, params.id);
    const version = await findVersion(db, accountId, params.id, params.versionId);
    if (!version) throw new HttpError(404, VERSION_NOT_FOUND);
    return version;
  };

  app.get('/api/website/:id/versions', { config: view, schema: versionsApi.list }, async (request) => {
    const accountId = requireAccountId(request);
    await requireSite(accountId, request.params.id);
    return listVersions(db, accountId, request.params.id);
  });

  app.post(
    '/api/website/:id/versions',
    { config: edit, schema: versionsApi.create, schemaErrorFormatter: versionNameErrors },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      await requireSite(accountId, request.params.id);
      const version = await takeVersion(
        { db, collab, retention: config.versionRetention },
        {
          accountId,
          websiteId: request.params.id,
          name: request.body.name,
          kind: 'named',
          author: { id: request.user.id, name: request.user.name },
        },
      );
      return reply.code(201).send(version);
    },
  );

  app.get(
    '/api/website/:id/versions/:versionId',
    { config: view, schema: versionsApi.get },
    async (request) => {
      const { state, ...version } = await requireVersion(requireAccountId(request), request.params);
      return { ...version, pages: toSpecPages(siteOfState(state)), yjsState: state };
    },
  );

  app.post(
    '/api/website/:id/versions/:versionId/restore',
    { config: edit, schema: versionsApi.restore },
    async (request) => {
      const accountId = requireAccountId(request);
      const { state, ...version } = await requireVersion(accountId, request.params);
      await collab.restoreState(
        { accountId, websiteId: request.params.id },
        new Uint8Array(Buffer.from(state, 'base64')),
      );
      return version;
    },
  );
};
