import type { FastifyPluginAsync } from 'fastify';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError, isUniqueViolation } from '../../errors.ts';
import {
  findDuplicateContacts,
  type MergeFields,
  mergeContacts,
} from '../../repositories/crm/contactMerge.ts';
import type { CrmDeps } from './crmDeps.ts';
import { crmEdit, crmView, emailOrEmpty, id, str } from './crmSchemas.ts';

type MergeBody = { keepId: number; mergeId: number; fields?: MergeFields };

const anyContact = { type: 'object', additionalProperties: true } as const;

const duplicatesSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        groups: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              reason: { type: 'string' },
              key: { type: 'string' },
              contacts: { type: 'array', items: anyContact },
            },
          },
        },
        totalGroups: { type: 'integer' },
      },
    },
  },
} as const;

const mergeSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['keepId', 'mergeId'],
    properties: {
      keepId: id,
      mergeId: id,
      fields: {
        type: 'object',
        additionalProperties: false,
        properties: {
          firstName: str(100),
          lastName: str(100),
          email: emailOrEmpty,
          phone: str(50),
          company: str(200),
          notes: str(5000),
        },
      },
    },
  },
  response: { 200: anyContact, 400: schemas.message, 404: schemas.message, 409: schemas.message },
} as const;

/** Likely duplicate contacts across the whole account, and merging two of them in one transaction. */
export const contactMergeRoutes: FastifyPluginAsync<CrmDeps> = async (app, { db }) => {
  app.get<{ Querystring: { limit: number } }>(
    '/api/crm/contacts/duplicates',
    { config: crmView, schema: duplicatesSchema },
    (request) => findDuplicateContacts(db, requireAccountId(request), request.query.limit),
  );

  app.post<{ Body: MergeBody }>(
    '/api/crm/contacts/merge',
    { config: crmEdit, schema: mergeSchema },
    async (request) => {
      const accountId = requireAccountId(request);
      const { keepId, mergeId, fields = {} } = request.body;
      if (keepId === mergeId) throw new HttpError(400, 'Choose two different contacts to merge');
      try {
        const kept = await db.transaction((tx) => mergeContacts(tx, accountId, keepId, mergeId, fields));
        if (!kept) throw new HttpError(404, 'Contact not found');
        return kept;
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, 'A contact with this email already exists');
        if ((error as { code?: string }).code === '23514') {
          throw new HttpError(400, 'A contact needs a name or an email');
        }
        throw error;
      }
    },
  );
};
