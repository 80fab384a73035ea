import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { MY_CREDITS_LIMIT } from '../../../src/contracts/myCredits.ts';
import { reviewApi } from '../../../src/contracts/review.ts';
import { addReview, listUserCredits } from '../../repositories/reviews.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const reviewRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/api/review',
    { config: { permission: 'signedIn' }, schema: reviewApi.submit },
    async (request, reply) => {
      const { rating, reviewText = '', email } = request.body;
      const creditsAwarded = await db.transaction((tx) =>
        addReview(tx, { userId: request.user.id, rating, reviewText, email: email || null }),
      );
      reply.code(201);
      return { creditsAwarded };
    },
  );

  // The caller's own credits: read by the user id of the session alone, never by the account header.
  app.get(
    '/api/review/credits/me',
    { config: { permission: 'signedIn' }, schema: reviewApi.myCredits },
    async (request) => listUserCredits(db, request.user.id, MY_CREDITS_LIMIT),
  );
};
