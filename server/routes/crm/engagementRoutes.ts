import type { FastifyPluginAsync } from 'fastify';
import { requireAccountId } from '../../auth/authenticate.ts';
import { UPDATABLE_FIELDS } from '../../crm/workflowRunner.ts';
import { HttpError } from '../../errors.ts';
import { listCommunications, listWorkflowRuns } from '../../repositories/crm/communications.ts';
import { contactListExists } from '../../repositories/crm/contactLists.ts';
import {
  deleteRow,
  insertRow,
  type ListQuery,
  listRows,
  listRowsPage,
  updateRow,
} from '../../repositories/crm/crud.ts';
import { requireOwned } from '../../repositories/crm/deals.ts';
import {
  ACTIVITIES,
  type Activity,
  WORKFLOWS,
  type Workflow,
  type WorkflowAction,
} from '../../repositories/crm/tables.ts';
import type { CrmDeps } from './crmDeps.ts';
import {
  activityProperties,
  crmEdit,
  crmView,
  entitySchemas,
  type IdParams,
  searchableList,
  TOTAL_COUNT_HEADER,
  workflowProperties,
} from './crmSchemas.ts';

type ActivityBody = Partial<Omit<Activity, 'id' | 'createdAt' | 'contactName' | 'dealTitle'>>;
type WorkflowBody = Partial<Omit<Workflow, 'id' | 'createdAt' | 'updatedAt'>>;

const activitySchemas = entitySchemas(activityProperties, ['type', 'subject']);
const workflowSchemas = entitySchemas(workflowProperties, ['name', 'trigger', 'actions']);
const notFound = (what: string) => new HttpError(404, `${what} not found`);
const limitQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
} as const;

const nullableString = { type: ['string', 'null'] } as const;
const nullableId = { type: ['integer', 'null'] } as const;

/** GET /api/crm/workflow-runs: the newest runs first (repositories/crm/communications.ts `WorkflowRun`). */
const workflowRunsSchema = {
  querystring: limitQuery,
  response: {
    200: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'workflowId', 'workflowName', 'eventKey', 'status', 'log', 'createdAt'],
        properties: {
          id: { type: 'integer' },
          workflowId: { type: 'integer' },
          workflowName: { type: 'string' },
          eventKey: { type: 'string' },
          status: { type: 'string', enum: ['completed', 'skipped', 'failed'] },
          log: {
            type: 'array',
            items: {
              type: 'object',
              required: ['action', 'result'],
              properties: { action: { type: 'string' }, result: { type: 'string' } },
              additionalProperties: true,
            },
          },
          createdAt: { type: 'string' },
        },
      },
    },
  },
} as const;

/** GET /api/crm/communications: the newest messages first (`Communication` of src/services/crmTypes.ts). */
const communicationsSchema = {
  querystring: limitQuery,
  response: {
    200: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'campaignId',
          'campaignName',
          'contactId',
          'channel',
          'direction',
          'toAddress',
          'subject',
          'body',
          'status',
          'error',
          'createdAt',
          'sentAt',
        ],
        properties: {
          id: { type: 'integer' },
          campaignId: nullableId,
          campaignName: nullableString,
          contactId: nullableId,
          channel: { type: 'string' },
          direction: { type: 'string', enum: ['outbound', 'inbound'] },
          toAddress: { type: 'string' },
          subject: { type: 'string' },
          body: { type: 'string' },
          status: { type: 'string', enum: ['sending', 'sent', 'outbox', 'failed', 'received'] },
          error: nullableString,
          createdAt: { type: 'string' },
          sentAt: nullableString,
        },
      },
    },
  },
} as const;

// The params each action needs, checked when the workflow is saved rather than when it first runs.
async function checkActions(db: CrmDeps['db'], accountId: number, actions: WorkflowAction[] | undefined) {
  for (const { type, params } of actions ?? []) {
    if (type === 'add-to-list' && !(await contactListExists(db, accountId, Number(params.contactListId)))) {
      throw new HttpError(400, 'add-to-list needs params.contactListId, a contact list of this account');
    }
    if (type === 'update-field') {
      const known = Object.values(UPDATABLE_FIELDS).some(
        (fields) => typeof params.field === 'string' && params.field in fields,
      );
      if (!known) throw new HttpError(400, 'update-field needs params.field, a field a workflow may update');
    }
    if (type === 'send-email' && (typeof params.subject !== 'string' || typeof params.content !== 'string')) {
      throw new HttpError(400, 'send-email needs params.subject and params.content');
    }
    if (type === 'create-activity' && typeof params.subject !== 'string') {
      throw new HttpError(400, 'create-activity needs params.subject');
    }
  }
}

/** Activities, workflows with their run log, and the communications log. */
export const engagementRoutes: FastifyPluginAsync<CrmDeps> = async (app, { db }) => {
  const checkLinks = async (accountId: number, body: ActivityBody) => {
    await requireOwned(db, accountId, 'crm_contacts', body.contactId);
    await requireOwned(db, accountId, 'crm_deals', body.dealId);
  };

  app.get<{ Querystring: ListQuery }>(
    '/api/crm/activities',
    { config: crmView, schema: searchableList },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      const { rows, totalCount } = await listRowsPage<Activity>(db, ACTIVITIES, accountId, request.query);
      return reply.header(TOTAL_COUNT_HEADER, totalCount).send(rows);
    },
  );
  app.post<{ Body: ActivityBody }>(
    '/api/crm/activities',
    { config: crmEdit, schema: activitySchemas.create },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      await checkLinks(accountId, request.body);
      return reply.code(201).send(await insertRow<Activity>(db, ACTIVITIES, accountId, request.body));
    },
  );
  app.put<{ Params: IdParams; Body: ActivityBody }>(
    '/api/crm/activities/:id',
    { config: crmEdit, schema: activitySchemas.update },
    async (request) => {
      const accountId = requireAccountId(request);
      await checkLinks(accountId, request.body);
      const activity = await updateRow<Activity>(db, ACTIVITIES, accountId, request.params.id, request.body);
      if (!activity) throw notFound('Activity');
      return activity;
    },
  );
  app.delete<{ Params: IdParams }>(
    '/api/crm/activities/:id',
    { config: crmEdit, schema: activitySchemas.remove },
    async (request, reply) => {
      if (!(await deleteRow(db, ACTIVITIES, requireAccountId(request), request.params.id)))
        throw notFound('Activity');
      return reply.code(204).send();
    },
  );

  app.get('/api/crm/workflows', { config: crmView, schema: workflowSchemas.list }, (request) =>
    listRows<Workflow>(db, WORKFLOWS, requireAccountId(request)),
  );
  app.post<{ Body: WorkflowBody }>(
    '/api/crm/workflows',
    { config: crmEdit, schema: workflowSchemas.create },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      await checkActions(db, accountId, request.body.actions);
      return reply.code(201).send(await insertRow<Workflow>(db, WORKFLOWS, accountId, request.body));
    },
  );
  app.put<{ Params: IdParams; Body: WorkflowBody }>(
    '/api/crm/workflows/:id',
    { config: crmEdit, schema: workflowSchemas.update },
    async (request) => {
      const accountId = requireAccountId(request);
      await checkActions(db, accountId, request.body.actions);
      const workflow = await updateRow<Workflow>(db, WORKFLOWS, accountId, request.params.id, request.body);
      if (!workflow) throw notFound('Workflow');
      return workflow;
    },
  );
  app.delete<{ Params: IdParams }>(
    '/api/crm/workflows/:id',
    { config: crmEdit, schema: workflowSchemas.remove },
    async (request, reply) => {
      if (!(await deleteRow(db, WORKFLOWS, requireAccountId(request), request.params.id)))
        throw notFound('Workflow');
      return reply.code(204).send();
    },
  );
  app.get<{ Querystring: { limit: number } }>(
    '/api/crm/workflow-runs',
    { config: crmView, schema: workflowRunsSchema },
    (request) => listWorkflowRuns(db, requireAccountId(request), request.query.limit),
  );
  app.get<{ Querystring: { limit: number } }>(
    '/api/crm/communications',
    { config: crmView, schema: communicationsSchema },
    (request) => listCommunications(db, requireAccountId(request), request.query.limit),
  );
};
