import type { FastifyPluginAsync } from 'fastify';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { roleGrants } from '../../auth/access.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import {
  deleteSubmission,
  listSubmissions,
  openSubmission,
  type SubmissionStatus,
  setSubmissionStatus,
} from '../../repositories/formSubmissions.ts';
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

/**
 * The owner's form inbox: list, open (new → read), set status (replied), delete; account-scoped. Every member
 * reads it; marking and deleting need 'forms.manage' (a Viewer's opening leaves a submission new).
 */
export const submissionRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  const view = { permission: 'account.view' } as const;
  const manage = { permission: 'forms.manage' } as const;

  app.get<{ Querystring: { websiteId?: number } }>(
    '/api/forms/submissions',
    {
      config: view,
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
    { config: view, schema: { params: idParams, response: { 200: submission, 404: schemas.message } } },
    async (request) => {
      const markRead = roleGrants(request.accountRole, 'forms.manage');
      const found = await openSubmission(db, requireAccountId(request), request.params.id, markRead);
      if (!found) throw new HttpError(404, NOT_FOUND);
      return found;
    },
  );

  app.patch<{ Params: { id: number }; Body: { status: SubmissionStatus } }>(
    '/api/forms/submissions/:id',
    {
      config: manage,
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
    {
      config: manage,
      schema: { params: idParams, response: { 204: { type: 'null' }, 404: schemas.message } },
    },
    async (request, reply) => {
      if (!(await deleteSubmission(db, requireAccountId(request), request.params.id)))
        throw new HttpError(404, NOT_FOUND);
      return reply.code(204).send();
    },
  );
};
