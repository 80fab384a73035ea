import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { inboxApi } from '../../../src/contracts/crmApi.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { crmStats } from '../../repositories/crm/stats.ts';
import type { RouteDeps } from '../routeDeps.ts';
import { campaignsRoutes } from './campaignsRoutes.ts';
import { contactImportRoutes } from './contactImportRoutes.ts';
import { contactMergeRoutes } from './contactMergeRoutes.ts';
import { contactsRoutes } from './contactsRoutes.ts';
import { type CrmDeps, crmView } from './crmDeps.ts';
import { engagementRoutes } from './engagementRoutes.ts';
import { inboxRoutes } from './inboxRoutes.ts';
import { salesRoutes } from './salesRoutes.ts';

/** Everything under /api/crm: account-scoped, each route with its schema. */
export const crmRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { jobs } = deps;
  const crm: CrmDeps = { ...deps, queueRun: jobs ? (data) => jobs.send('crm-workflow-run', data) : null };
  await app.register(contactsRoutes, crm);
  await app.register(contactImportRoutes, crm);
  await app.register(contactMergeRoutes, crm);
  await app.register(salesRoutes, crm);
  await app.register(engagementRoutes, crm);
  await app.register(campaignsRoutes, crm);
  await app.register(inboxRoutes, crm);
  app.get('/api/crm/stats', { config: crmView, schema: inboxApi.stats }, async (request) =>
    crmStats(deps.db, requireAccountId(request)),
  );
};
