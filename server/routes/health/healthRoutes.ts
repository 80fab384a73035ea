import type { FastifyPluginAsync } from 'fastify';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { pingDatabase } from '../../db/ping.ts';
import { HttpError } from '../../errors.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const healthRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get(
    '/api/health',
    {
      config: { permission: 'public' },
      schema: {
        response: {
          200: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] },
          503: schemas.message,
        },
      },
    },
    async (request) => {
      try {
        await pingDatabase(db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new HttpError(503, 'Database unavailable');
      }
      return { status: 'ok' as const };
    },
  );
};
