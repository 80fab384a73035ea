import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { businessApi } from '../../../src/contracts/business.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import {
  findBusinessProfile,
  updateBusinessProfile,
  upsertBusinessProfile,
} from '../../repositories/businessProfiles.ts';
import { ensureAccountStore } from '../../repositories/storeCatalog.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const businessRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  // The profile belongs to the request's account (X-Account-Id or the user's first account); its Admins set it.
  app.post(
    '/api/business/setup',
    { config: { permission: 'business.edit' }, schema: businessApi.setup },
    async (request) => {
      const accountId = requireAccountId(request);
      // The account's shop starts with the business: a store named after it, if it has none yet.
      const profile = await db.transaction(async (tx) => {
        const saved = await upsertBusinessProfile(tx, accountId, request.body);
        await ensureAccountStore(tx, accountId, saved.businessName);
        return saved;
      });
      // No website is generated at setup yet; the client treats null as "none".
      return { ...profile, websiteId: null };
    },
  );

  app.get(
    '/api/business/profile',
    { config: { permission: 'account.view' }, schema: businessApi.get },
    async (request) => (await findBusinessProfile(db, requireAccountId(request))) ?? null,
  );

  // Settings › Business details: sites show these through their business tokens (on the next publish).
  app.put(
    '/api/business/profile',
    { config: { permission: 'business.edit' }, schema: businessApi.update },
    async (request) => {
      const profile = await updateBusinessProfile(db, requireAccountId(request), request.body);
      if (!profile) throw new HttpError(404, 'No business profile yet');
      return profile;
    },
  );
};
