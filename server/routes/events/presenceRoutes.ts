import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { liveEventsApi } from '../../../src/contracts/liveEvents.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { listPresence, markEditing, stopEditing } from '../../repositories/presence.ts';
import type { RouteDeps } from '../routeDeps.ts';

const NOT_FOUND = 'Record not found';

/**
 * Presence on records ('Ann is editing this contact'): a member's browser marks the record it has open for
 * editing (and refreshes the mark while it stays open), every member reads who is editing what; each change is
 * announced on the account's event stream (migration 0019).
 */
export const presenceRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/api/presence',
    {
      config: { permission: 'account.view' },
      schema: liveEventsApi.listPresence,
    },
    async (request) => listPresence(db, requireAccountId(request)),
  );

  app.put(
    '/api/presence/:recordKind/:recordId',
    { config: { permission: 'crm.edit' }, schema: liveEventsApi.markEditing },
    async (request, reply) => {
      const { recordKind, recordId } = request.params;
      const found = await markEditing(db, requireAccountId(request), request.user.id, recordKind, recordId);
      if (!found) throw new HttpError(404, NOT_FOUND);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/presence/:recordKind/:recordId',
    { config: { permission: 'account.view' }, schema: liveEventsApi.stopEditing },
    async (request, reply) => {
      const { recordKind, recordId } = request.params;
      await stopEditing(db, requireAccountId(request), request.user.id, recordKind, recordId);
      return reply.code(204).send(null);
    },
  );
};
