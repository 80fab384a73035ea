import type { FastifyPluginAsync } from 'fastify';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { HttpError } from '../../errors.ts';
import { logActivity } from '../../repositories/activityLogs.ts';
import { listCredits, listReviews, updateCredit } from '../../repositories/reviews.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const CREDIT_NOT_FOUND = 'Credit entry not found';

const dateTime = { type: 'string', format: 'date-time' } as const;
const denied = { 401: schemas.message, 403: schemas.message } as const;
const limitQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 1, maximum: 1000, default: 1000 } },
} as const;

const creditSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    userName: { type: 'string' },
    userEmail: { type: 'string' },
    credits: { type: 'integer' },
    source: { type: 'string' },
    description: { type: 'string' },
    createdAt: dateTime,
  },
  required: ['id', 'userName', 'userEmail', 'credits', 'source', 'description', 'createdAt'],
} as const;

const reviewsSchema = {
  querystring: limitQuery,
  response: {
    200: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          userName: { type: 'string' },
          userEmail: { type: 'string' },
          rating: { type: 'integer' },
          reviewText: { type: 'string' },
          createdAt: dateTime,
        },
        required: ['id', 'userName', 'userEmail', 'rating', 'reviewText', 'createdAt'],
      },
    },
    ...denied,
  },
} as const;

const creditsSchema = {
  querystring: limitQuery,
  response: { 200: { type: 'array', items: creditSchema }, ...denied },
} as const;

type CreditBody = { credits: number; description: string };

const updateCreditSchema = {
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
  },
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['credits', 'description'],
    properties: {
      // A correction may take credits away, hence negative values (bounded by the column's int4).
      credits: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 },
      description: { type: 'string', transform: ['trim'], maxLength: 500 },
    },
  },
  response: { 200: creditSchema, ...denied, 404: schemas.message },
} as const;

/** Spec §7: the admin lists of reviews and credits, and editing a credit entry (platform admin only). */
export const reviewAdminRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  const platformAdmin = { permission: 'platformAdmin' } as const;

  app.get<{ Querystring: { limit: number } }>(
    '/api/review/admin/reviews',
    { config: platformAdmin, schema: reviewsSchema },
    async (request) => listReviews(db, request.query.limit),
  );

  app.get<{ Querystring: { limit: number } }>(
    '/api/review/admin/credits',
    { config: platformAdmin, schema: creditsSchema },
    async (request) => listCredits(db, request.query.limit),
  );

  app.put<{ Params: { id: number }; Body: CreditBody }>(
    '/api/review/admin/credits/:id',
    { config: platformAdmin, schema: updateCreditSchema },
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
