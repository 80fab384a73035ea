import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import {
  type Activity,
  conditionFieldProblem,
  TOTAL_COUNT_HEADER,
  type Workflow,
  type WorkflowAction,
  type WorkflowCondition,
  type WorkflowTrigger,
} from '../../../src/contracts/crm.ts';
import { type ActivityInput, engagementApi } from '../../../src/contracts/crmApi.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { UPDATABLE_FIELDS } from '../../crm/workflowRunner.ts';
import { HttpError } from '../../errors.ts';
import { listCommunications, listWorkflowRuns } from '../../repositories/crm/communications.ts';
import { contactListExists } from '../../repositories/crm/contactLists.ts';
import {
  deleteRow,
  findRow,
  insertRow,
  listRows,
  listRowsPage,
  updateRow,
} from '../../repositories/crm/crud.ts';
import { requireOwned } from '../../repositories/crm/deals.ts';
import { ACTIVITIES, WORKFLOWS } from '../../repositories/crm/tables.ts';
import { type CrmDeps, crmEdit, crmView } from './crmDeps.ts';

const notFound = (what: string) => new HttpError(404, `${what} not found`);
/** A condition on a field its trigger's event never carries would never hold: refused when saved (400). */
function checkConditions(trigger: WorkflowTrigger, conditions: readonly WorkflowCondition[]): void {
  for (const { field } of conditions) {
    const problem = conditionFieldProblem(trigger, field);
    if (problem) throw new HttpError(400, problem);
  }
}

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
export const engagementRoutes: FastifyPluginAsync<CrmDeps> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const checkLinks = async (accountId: number, body: ActivityInput) => {
    await requireOwned(db, accountId, 'crm_contacts', body.contactId);
    await requireOwned(db, accountId, 'crm_deals', body.dealId);
  };

  app.get(
    '/api/crm/activities',
    { config: crmView, schema: engagementApi.activities.list },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      const { rows, totalCount } = await listRowsPage<Activity>(db, ACTIVITIES, accountId, request.query);
      return reply.header(TOTAL_COUNT_HEADER, totalCount).send(rows);
    },
  );
  app.get(
    '/api/crm/activities/:id',
    { config: crmView, schema: engagementApi.activities.get },
    async (request) => {
      const activity = await findRow<Activity>(db, ACTIVITIES, requireAccountId(request), request.params.id);
      if (!activity) throw notFound('Activity');
      return activity;
    },
  );
  app.post(
    '/api/crm/activities',
    { config: crmEdit, schema: engagementApi.activities.create },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      await checkLinks(accountId, request.body);
      return reply.code(201).send(await insertRow<Activity>(db, ACTIVITIES, accountId, request.body));
    },
  );
  app.put(
    '/api/crm/activities/:id',
    { config: crmEdit, schema: engagementApi.activities.update },
    async (request) => {
      const accountId = requireAccountId(request);
      await checkLinks(accountId, request.body);
      const activity = await updateRow<Activity>(db, ACTIVITIES, accountId, request.params.id, request.body);
      if (!activity) throw notFound('Activity');
      return activity;
    },
  );
  app.delete(
    '/api/crm/activities/:id',
    { config: crmEdit, schema: engagementApi.activities.remove },
    async (request, reply) => {
      if (!(await deleteRow(db, ACTIVITIES, requireAccountId(request), request.params.id)))
        throw notFound('Activity');
      return reply.code(204).send(null);
    },
  );

  app.get('/api/crm/workflows', { config: crmView, schema: engagementApi.workflows.list }, (request) =>
    listRows<Workflow>(db, WORKFLOWS, requireAccountId(request)),
  );
  app.post(
    '/api/crm/workflows',
    { config: crmEdit, schema: engagementApi.workflows.create },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      checkConditions(request.body.trigger, request.body.conditions ?? []);
      await checkActions(db, accountId, request.body.actions);
      return reply.code(201).send(await insertRow<Workflow>(db, WORKFLOWS, accountId, request.body));
    },
  );
  app.put(
    '/api/crm/workflows/:id',
    { config: crmEdit, schema: engagementApi.workflows.update },
    async (request) => {
      const accountId = requireAccountId(request);
      const { trigger, conditions } = request.body;
      if (trigger !== undefined || conditions !== undefined) {
        // A change of either is checked against the other as the workflow will hold it.
        const stored = await db.one<Pick<Workflow, 'trigger' | 'conditions'>>(
          `select trigger, conditions from crm_workflows where account_id = $1 and id = $2`,
          [accountId, request.params.id],
        );
        if (!stored) throw notFound('Workflow');
        checkConditions(trigger ?? stored.trigger, conditions ?? stored.conditions);
      }
      await checkActions(db, accountId, request.body.actions);
      const workflow = await updateRow<Workflow>(db, WORKFLOWS, accountId, request.params.id, request.body);
      if (!workflow) throw notFound('Workflow');
      return workflow;
    },
  );
  app.delete(
    '/api/crm/workflows/:id',
    { config: crmEdit, schema: engagementApi.workflows.remove },
    async (request, reply) => {
      if (!(await deleteRow(db, WORKFLOWS, requireAccountId(request), request.params.id)))
        throw notFound('Workflow');
      return reply.code(204).send(null);
    },
  );
  app.get('/api/crm/workflow-runs', { config: crmView, schema: engagementApi.workflowRuns }, (request) =>
    listWorkflowRuns(db, requireAccountId(request), request.query.limit),
  );
  app.get('/api/crm/communications', { config: crmView, schema: engagementApi.communications }, (request) =>
    listCommunications(db, requireAccountId(request), request.query.limit),
  );
};
