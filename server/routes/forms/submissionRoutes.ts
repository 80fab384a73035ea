import type { FastifyPluginAsync } from 'fastify';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import {
  deleteSubmission,
  listSubmissions,
  openSubmission,
  type SubmissionStatus,
  setSubmissionStatus,
} from '../../repositories/formSubmissions.ts';
import { schemas } from '../../validation.ts';
import type { RouteDeps } from '../routeDeps.ts';

const NOT_FOUND = 'Form submission not found';

const submission = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    formId: { type: 'string' },
    formTitle: { type: 'string' },
    websiteName: { type: 'string' },
    websiteId: { type: 'integer' },
    pagePath: { type: 'string' },
    data: { type: 'object', additionalProperties: { type: 'string' } },
    status: { type: 'string' },
    submittedAt: { type: 'string' },
  },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const;

/** The owner's form inbox: list, open (new → read), set status (replied), delete; account-scoped. */
export const submissionRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: { websiteId?: number } }>(
    '/api/forms/submissions',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { websiteId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
        },
        response: { 200: { type: 'array', items: submission } },
      },
    },
    async (request) => listSubmissions(db, requireAccountId(request), request.query.websiteId),
  );

  app.get<{ Params: { id: number } }>(
    '/api/forms/submissions/:id',
    { schema: { params: idParams, response: { 200: submission, 404: schemas.message } } },
    async (request) => {
      const found = await openSubmission(db, requireAccountId(request), request.params.id);
      if (!found) throw new HttpError(404, NOT_FOUND);
      return found;
    },
  );

  app.patch<{ Params: { id: number }; Body: { status: SubmissionStatus } }>(
    '/api/forms/submissions/:id',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['status'],
          properties: { status: { type: 'string', enum: ['new', 'read', 'replied'] } },
        },
        response: { 200: submission, 404: schemas.message },
      },
    },
    async (request) => {
      const updated = await setSubmissionStatus(
        db,
        requireAccountId(request),
        request.params.id,
        request.body.status,
      );
      if (!updated) throw new HttpError(404, NOT_FOUND);
      return updated;
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/forms/submissions/:id',
    { schema: { params: idParams, response: { 204: { type: 'null' }, 404: schemas.message } } },
    async (request, reply) => {
      if (!(await deleteSubmission(db, requireAccountId(request), request.params.id)))
        throw new HttpError(404, NOT_FOUND);
      return reply.code(204).send();
    },
  );
};
