import type { FastifyPluginAsync } from 'fastify';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import {
  PRESENCE_RECORD_KINDS,
  type PresenceRecordKind,
  presenceSchema,
} from '../../../src/contracts/liveEvents.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { listPresence, markEditing, stopEditing } from '../../repositories/presence.ts';
import type { RouteDeps } from '../routeDeps.ts';

const NOT_FOUND = 'Record not found';

const recordParams = {
  type: 'object',
  additionalProperties: false,
  required: ['recordKind', 'recordId'],
  properties: {
    recordKind: { type: 'string', enum: [...PRESENCE_RECORD_KINDS] },
    recordId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  },
} as const;

type RecordParams = { recordKind: PresenceRecordKind; recordId: number };

/**
 * Presence on records ('Ann is editing this contact'): a member's browser marks the record it has open for
 * editing (and refreshes the mark while it stays open), every member reads who is editing what; each change is
 * announced on the account's event stream (migration 0019).
 */
export const presenceRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get(
    '/api/presence',
    {
      config: { permission: 'account.view' },
      schema: { response: { 200: { type: 'array', items: presenceSchema } } },
    },
    async (request) => listPresence(db, requireAccountId(request)),
  );

  app.put<{ Params: RecordParams }>(
    '/api/presence/:recordKind/:recordId',
    {
      config: { permission: 'crm.edit' },
      schema: {
        params: recordParams,
        body: schemas.noBody,
        response: { 204: { type: 'null' }, 404: schemas.message },
      },
    },
    async (request, reply) => {
      const { recordKind, recordId } = request.params;
      const found = await markEditing(db, requireAccountId(request), request.user.id, recordKind, recordId);
      if (!found) throw new HttpError(404, NOT_FOUND);
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: RecordParams }>(
    '/api/presence/:recordKind/:recordId',
    {
      config: { permission: 'account.view' },
      schema: { params: recordParams, response: { 204: { type: 'null' } } },
    },
    async (request, reply) => {
      const { recordKind, recordId } = request.params;
      await stopEditing(db, requireAccountId(request), request.user.id, recordKind, recordId);
      return reply.code(204).send();
    },
  );
};
