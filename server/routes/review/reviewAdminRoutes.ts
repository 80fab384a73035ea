import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { reviewApi } from '../../../src/contracts/review.ts';
import { HttpError } from '../../errors.ts';
import { logActivity } from '../../repositories/activityLogs.ts';
import { listCredits, listReviews, updateCredit } from '../../repositories/reviews.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const CREDIT_NOT_FOUND = 'Credit entry not found';

/** Spec §7: the admin lists of reviews and credits, and editing a credit entry (platform admin only). */
export const reviewAdminRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const platformAdmin = { permission: 'platformAdmin' } as const;

  app.get(
    '/api/review/admin/reviews',
    { config: platformAdmin, schema: reviewApi.adminReviews },
    async (request) => listReviews(db, request.query.limit),
  );

  app.get(
    '/api/review/admin/credits',
    { config: platformAdmin, schema: reviewApi.adminCredits },
    async (request) => listCredits(db, request.query.limit),
  );

  app.put(
    '/api/review/admin/credits/:id',
    { config: platformAdmin, schema: reviewApi.updateCredit },
    async (request) => {
      const { credits, description } = request.body;
      const updated = await db.transaction(async (tx) => {
        const change = await updateCredit(tx, request.params.id, { credits, description });
        if (change) {
          await logActivity(tx, {
            type: 'admin.credit_updated',
            userId: request.user.id,
            userEmail: request.user.email,
            ip: request.ip,
            details: {
              creditId: change.after.id,
              targetEmail: change.after.userEmail,
              credits: `${change.before.credits} → ${credits}`,
            },
          });
        }
        return change;
      });
      if (!updated) throw new HttpError(404, CREDIT_NOT_FOUND);
      return updated.after;
    },
  );
};
