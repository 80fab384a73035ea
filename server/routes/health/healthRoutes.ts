import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { healthApi } from '../../../src/contracts/health.ts';
import { pingDatabase } from '../../db/ping.ts';
import { HttpError } from '../../errors.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const healthRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get('/api/health', { config: { permission: 'public' }, schema: healthApi.check }, async (request) => {
    try {
      await pingDatabase(db);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new HttpError(503, 'Database unavailable');
    }
    return { status: 'ok' as const };
  });
};
