import type { FastifyPluginAsync } from 'fastify';
import { requireAccountId } from '../../auth/authenticate.ts';
import { crmStats } from '../../repositories/crm/stats.ts';
import type { RouteDeps } from '../routeDeps.ts';
import { campaignsRoutes } from './campaignsRoutes.ts';
import { contactImportRoutes } from './contactImportRoutes.ts';
import { contactMergeRoutes } from './contactMergeRoutes.ts';
import { contactsRoutes } from './contactsRoutes.ts';
import type { CrmDeps } from './crmDeps.ts';
import { crmView } from './crmSchemas.ts';
import { engagementRoutes } from './engagementRoutes.ts';
import { inboxRoutes } from './inboxRoutes.ts';
import { salesRoutes } from './salesRoutes.ts';

const statsSchema = {
  response: {
    200: {
      type: 'object',
      properties: {
        totalContacts: { type: 'integer' },
        totalLeads: { type: 'integer' },
        totalDeals: { type: 'integer' },
        totalRevenue: { type: 'number' },
        conversionRate: { type: 'integer' },
      },
    },
  },
} as const;

/** Everything under /api/crm: account-scoped, each route with its schema. */
export const crmRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const { jobs } = deps;
  const crm: CrmDeps = { ...deps, queueRun: jobs ? (data) => jobs.send('crm-workflow-run', data) : null };
  await app.register(contactsRoutes, crm);
  await app.register(contactImportRoutes, crm);
  await app.register(contactMergeRoutes, crm);
  await app.register(salesRoutes, crm);
  await app.register(engagementRoutes, crm);
  await app.register(campaignsRoutes, crm);
  await app.register(inboxRoutes, crm);
  app.get('/api/crm/stats', { config: crmView, schema: statsSchema }, async (request) =>
    crmStats(deps.db, requireAccountId(request)),
  );
};
