import type { FastifyPluginAsync } from 'fastify';
import { listAccountsOfUser } from '../../repositories/accounts.ts';
import type { RouteDeps } from '../routeDeps.ts';

const accountSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    industry: { type: 'string' },
    description: { type: 'string' },
    isActive: { type: 'boolean' },
  },
  required: ['id', 'name', 'industry', 'description', 'isActive'],
} as const;

export const accountsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate);

  // The accounts the caller belongs to (the header's account switcher).
  app.get(
    '/api/accounts',
    { schema: { response: { 200: { type: 'array', items: accountSchema } } } },
    async (request) => listAccountsOfUser(db, request.user.id),
  );
};
