import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { type Lead, TOTAL_COUNT_HEADER } from '../../../src/contracts/crm.ts';
import { salesApi } from '../../../src/contracts/crmApi.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { emitCrmEvent } from '../../crm/crmEvents.ts';
import { HttpError } from '../../errors.ts';
import { deleteRow, findRow, insertRow, listRowsPage } from '../../repositories/crm/crud.ts';
import { createDeal, listDeals, updateDeal } from '../../repositories/crm/deals.ts';
import { convertLead, updateLead } from '../../repositories/crm/leads.ts';
import {
  createPipeline,
  deletePipeline,
  listPipelines,
  updatePipeline,
} from '../../repositories/crm/pipelines.ts';
import { DEALS, LEADS } from '../../repositories/crm/tables.ts';
import { type CrmDeps, crmEdit, crmView } from './crmDeps.ts';

const notFound = (what: string) => new HttpError(404, `${what} not found`);

const CONVERSION_REFUSALS = {
  'already-converted': [
    409,
    'This lead is already converted: its contact and deal are under Contacts and Deals.',
  ],
  'needs-value': [
    400,
    "value is required: this lead has no estimated value, so enter the deal's value (more than 0) to convert it.",
  ],
} as const;

/** Leads (with conversion), deals and pipelines. */
export const salesRoutes: FastifyPluginAsync<CrmDeps> = async (fastify, { db, queueRun }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const leadChanged = (accountId: number, lead: Lead, previous: string) =>
    emitCrmEvent(db, queueRun, {
      accountId,
      trigger: 'lead.status_changed',
      eventKey: `lead:${lead.id}:${previous}->${lead.status}:${lead.updatedAt}`,
      subject: { type: 'lead', id: lead.id },
      contactId: lead.contactId,
      dealId: lead.dealId,
      data: { ...lead, previousStatus: previous },
    });

  app.get('/api/crm/leads', { config: crmView, schema: salesApi.leads.list }, async (request, reply) => {
    const { rows, totalCount } = await listRowsPage<Lead>(
      db,
      LEADS,
      requireAccountId(request),
      request.query,
    );
    return reply.header(TOTAL_COUNT_HEADER, totalCount).send(rows);
  });
  app.get('/api/crm/leads/:id', { config: crmView, schema: salesApi.leads.get }, async (request) => {
    const lead = await findRow<Lead>(db, LEADS, requireAccountId(request), request.params.id);
    if (!lead) throw notFound('Lead');
    return lead;
  });
  app.post('/api/crm/leads', { config: crmEdit, schema: salesApi.leads.create }, async (request, reply) =>
    reply.code(201).send(await insertRow<Lead>(db, LEADS, requireAccountId(request), request.body)),
  );
  app.put('/api/crm/leads/:id', { config: crmEdit, schema: salesApi.leads.update }, async (request) => {
    const accountId = requireAccountId(request);
    const { id } = request.params;
    // Read and write in one transaction under the row's lock: the event names the status it really left.
    const result = await db.transaction((tx) => updateLead(tx, accountId, id, request.body));
    if (!result) throw notFound('Lead');
    const { lead, previousStatus } = result;
    if (lead.status !== previousStatus) await leadChanged(accountId, lead, previousStatus);
    return lead;
  });
  app.delete(
    '/api/crm/leads/:id',
    { config: crmEdit, schema: salesApi.leads.remove },
    async (request, reply) => {
      if (!(await deleteRow(db, LEADS, requireAccountId(request), request.params.id))) throw notFound('Lead');
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/api/crm/leads/:id/convert',
    {
      config: crmEdit,
      schema: salesApi.leads.convert,
      // The body is optional (a lead with an estimated value converts with none): absent reads as {}.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const accountId = requireAccountId(request);
      const value = request.body?.value;
      const result = await db.transaction((tx) => convertLead(tx, accountId, request.params.id, value));
      if (!result) throw notFound('Lead');
      if (typeof result === 'string') {
        const [status, message] = CONVERSION_REFUSALS[result];
        throw new HttpError(status, message);
      }
      await leadChanged(accountId, result.lead, result.previousStatus);
      return result;
    },
  );

  app.get('/api/crm/deals', { config: crmView, schema: salesApi.deals.list }, (request) =>
    listDeals(db, requireAccountId(request)),
  );
  app.post('/api/crm/deals', { config: crmEdit, schema: salesApi.deals.create }, async (request, reply) =>
    reply.code(201).send(await createDeal(db, requireAccountId(request), request.body)),
  );
  app.put('/api/crm/deals/:id', { config: crmEdit, schema: salesApi.deals.update }, async (request) => {
    const accountId = requireAccountId(request);
    const result = await db.transaction((tx) => updateDeal(tx, accountId, request.params.id, request.body));
    if (!result) throw notFound('Deal');
    const { deal, previousStage } = result;
    if (deal.stage !== previousStage) {
      await emitCrmEvent(db, queueRun, {
        accountId,
        trigger: 'deal.stage_changed',
        eventKey: `deal:${deal.id}:${previousStage}->${deal.stage}:${deal.updatedAt}`,
        subject: { type: 'deal', id: deal.id },
        contactId: deal.contactId,
        dealId: deal.id,
        data: { ...deal, previousStage },
      });
    }
    return deal;
  });
  app.delete(
    '/api/crm/deals/:id',
    { config: crmEdit, schema: salesApi.deals.remove },
    async (request, reply) => {
      if (!(await deleteRow(db, DEALS, requireAccountId(request), request.params.id))) throw notFound('Deal');
      return reply.code(204).send(null);
    },
  );

  app.get('/api/crm/pipelines', { config: crmView, schema: salesApi.pipelines.list }, (request) =>
    listPipelines(db, requireAccountId(request)),
  );
  app.post(
    '/api/crm/pipelines',
    { config: crmEdit, schema: salesApi.pipelines.create },
    async (request, reply) =>
      reply.code(201).send(await createPipeline(db, requireAccountId(request), request.body)),
  );
  app.put(
    '/api/crm/pipelines/:id',
    { config: crmEdit, schema: salesApi.pipelines.update },
    async (request) => {
      const pipeline = await updatePipeline(db, requireAccountId(request), request.params.id, request.body);
      if (!pipeline) throw notFound('Pipeline');
      return pipeline;
    },
  );
  app.delete(
    '/api/crm/pipelines/:id',
    { config: crmEdit, schema: salesApi.pipelines.remove },
    async (request, reply) => {
      if (!(await deletePipeline(db, requireAccountId(request), request.params.id)))
        throw notFound('Pipeline');
      return reply.code(204).send(null);
    },
  );
};
