import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../../src/contracts/crm.ts';
import { formsApi } from '../../../src/contracts/forms.ts';
import { roleGrants } from '../../auth/access.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import {
  deleteSubmission,
  listSubmissions,
  openSubmission,
  setSubmissionStatus,
} from '../../repositories/formSubmissions.ts';
import type { RouteDeps } from '../routeDeps.ts';

const NOT_FOUND = 'Form submission not found';

/**
 * The owner's form inbox: list (searched, paged), open (new → read), set status (replied), delete; account-scoped. Every member
 * reads it; marking and deleting need 'forms.manage' (a Viewer's opening leaves a submission new).
 */
export const submissionRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const view = { permission: 'account.view' } as const;
  const manage = { permission: 'forms.manage' } as const;

  // A search and a page (or, for the CSV export, every match); the count of all matches in a header.
  app.get('/api/forms/submissions', { config: view, schema: formsApi.list }, async (request, reply) => {
    const { rows, totalCount } = await listSubmissions(db, requireAccountId(request), request.query);
    return reply.header(TOTAL_COUNT_HEADER, totalCount).send(rows);
  });

  app.get('/api/forms/submissions/:id', { config: view, schema: formsApi.open }, async (request) => {
    const markRead = roleGrants(request.accountRole, 'forms.manage');
    const found = await openSubmission(db, requireAccountId(request), request.params.id, markRead);
    if (!found) throw new HttpError(404, NOT_FOUND);
    return found;
  });

  app.patch('/api/forms/submissions/:id', { config: manage, schema: formsApi.setStatus }, async (request) => {
    const updated = await setSubmissionStatus(
      db,
      requireAccountId(request),
      request.params.id,
      request.body.status,
    );
    if (!updated) throw new HttpError(404, NOT_FOUND);
    return updated;
  });

  app.delete(
    '/api/forms/submissions/:id',
    { config: manage, schema: formsApi.delete },
    async (request, reply) => {
      if (!(await deleteSubmission(db, requireAccountId(request), request.params.id)))
        throw new HttpError(404, NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
};
