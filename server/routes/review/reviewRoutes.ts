import type { FastifyPluginAsync } from 'fastify';
import { addReview } from '../../repositories/reviews.ts';
import type { RouteDeps } from '../routeDeps.ts';

type ReviewBody = { rating: number; reviewText?: string; email?: string | null };

const reviewSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['rating'],
    properties: {
      rating: { type: 'integer', minimum: 1, maximum: 5 },
      reviewText: { type: 'string', transform: ['trim'], maxLength: 2000 },
      // Optional: null, absent or "" all mean "not given".
      email: {
        type: ['string', 'null'],
        transform: ['trim', 'toLowerCase'],
        maxLength: 254,
        format: 'email-or-empty',
      },
    },
  },
  response: {
    201: {
      type: 'object',
      properties: { creditsAwarded: { type: 'integer' } },
      required: ['creditsAwarded'],
    },
  },
} as const;

export const reviewRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.post<{ Body: ReviewBody }>(
    '/api/review',
    { config: { permission: 'signedIn' }, schema: reviewSchema },
    async (request, reply) => {
      const { rating, reviewText = '', email } = request.body;
      const creditsAwarded = await db.transaction((tx) =>
        addReview(tx, { userId: request.user.id, rating, reviewText, email: email || null }),
      );
      reply.code(201);
      return { creditsAwarded };
    },
  );
};
