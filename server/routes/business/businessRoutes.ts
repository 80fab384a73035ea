import type { FastifyPluginAsync } from 'fastify';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import {
  findBusinessProfile,
  updateBusinessProfile,
  upsertBusinessProfile,
} from '../../repositories/businessProfiles.ts';
import { ensureAccountStore } from '../../repositories/storeCatalog.ts';
import type { RouteDeps } from '../routeDeps.ts';
import {
  type DetailsBody,
  detailsSchema,
  profileGetSchema,
  type SetupBody,
  setupSchema,
} from './businessSchemas.ts';

export const businessRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  // The profile belongs to the request's account (X-Account-Id or the user's first account); its Admins set it.
  app.post<{ Body: SetupBody }>(
    '/api/business/setup',
    { config: { permission: 'business.edit' }, schema: setupSchema },
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
    { config: { permission: 'account.view' }, schema: profileGetSchema },
    async (request) => {
      const profile = await findBusinessProfile(db, requireAccountId(request));
      if (!profile) throw new HttpError(404, 'No business profile yet');
      return profile;
    },
  );

  // Settings › Business details: sites show these through their business tokens (on the next publish).
  app.put<{ Body: DetailsBody }>(
    '/api/business/profile',
    { config: { permission: 'business.edit' }, schema: detailsSchema },
    async (request) => {
      const profile = await updateBusinessProfile(db, requireAccountId(request), request.body);
      if (!profile) throw new HttpError(404, 'No business profile yet');
      return profile;
    },
  );
};
