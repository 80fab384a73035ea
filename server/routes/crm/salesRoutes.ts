import type { FastifyPluginAsync } from 'fastify';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { emitCrmEvent } from '../../crm/crmEvents.ts';
import { HttpError } from '../../errors.ts';
import { deleteRow, insertRow, type ListQuery, listRowsPage } from '../../repositories/crm/crud.ts';
import { createDeal, type DealInput, listDeals, updateDeal } from '../../repositories/crm/deals.ts';
import { convertLead, updateLead } from '../../repositories/crm/leads.ts';
import {
  createPipeline,
  deletePipeline,
  listPipelines,
  updatePipeline,
} from '../../repositories/crm/pipelines.ts';
import { DEALS, LEADS, type Lead } from '../../repositories/crm/tables.ts';
import type { CrmDeps } from './crmDeps.ts';
import {
  anyObject,
  crmEdit,
  crmView,
  dealProperties,
  entitySchemas,
  type IdParams,
  idParams,
  leadProperties,
  money,
  pipelineProperties,
  searchableList,
  TOTAL_COUNT_HEADER,
} from './crmSchemas.ts';

type LeadBody = Partial<Omit<Lead, 'id' | 'createdAt' | 'updatedAt' | 'contactId' | 'dealId'>>;
type PipelineBody = { name?: string; stages?: string[] };

const leadSchemas = entitySchemas(leadProperties, ['name']);
const dealSchemas = entitySchemas(dealProperties, ['title']);
const pipelineSchemas = entitySchemas(pipelineProperties, ['name', 'stages']);
const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** Body of POST /api/crm/leads/:id/convert: the deal's value, needed when the lead has none. */
const convertBody = {
  type: 'object',
  additionalProperties: false,
  properties: { value: { ...money, exclusiveMinimum: 0 } },
} as const;
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
export const salesRoutes: FastifyPluginAsync<CrmDeps> = async (app, { db, queueRun }) => {
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

  app.get<{ Querystring: ListQuery }>(
    '/api/crm/leads',
    { config: crmView, schema: searchableList },
    async (request, reply) => {
      const { rows, totalCount } = await listRowsPage<Lead>(
        db,
        LEADS,
        requireAccountId(request),
        request.query,
      );
      return reply.header(TOTAL_COUNT_HEADER, totalCount).send(rows);
    },
  );
  app.post<{ Body: LeadBody }>(
    '/api/crm/leads',
    { config: crmEdit, schema: leadSchemas.create },
    async (request, reply) =>
      reply.code(201).send(await insertRow<Lead>(db, LEADS, requireAccountId(request), request.body)),
  );
  app.put<{ Params: IdParams; Body: LeadBody }>(
    '/api/crm/leads/:id',
    { config: crmEdit, schema: leadSchemas.update },
    async (request) => {
      const accountId = requireAccountId(request);
      const { id } = request.params;
      // Read and write in one transaction under the row's lock: the event names the status it really left.
      const result = await db.transaction((tx) => updateLead(tx, accountId, id, request.body));
      if (!result) throw notFound('Lead');
      const { lead, previousStatus } = result;
      if (lead.status !== previousStatus) await leadChanged(accountId, lead, previousStatus);
      return lead;
    },
  );
  app.delete<{ Params: IdParams }>(
    '/api/crm/leads/:id',
    { config: crmEdit, schema: leadSchemas.remove },
    async (request, reply) => {
      if (!(await deleteRow(db, LEADS, requireAccountId(request), request.params.id))) throw notFound('Lead');
      return reply.code(204).send();
    },
  );
  app.post<{ Params: IdParams; Body: { value?: number } | undefined }>(
    '/api/crm/leads/:id/convert',
    {
      config: crmEdit,
      schema: {
        params: idParams,
        body: convertBody,
        response: {
          200: {
            description: 'The converted lead with the contact and the deal made from it',
            type: 'object',
            required: ['lead', 'contact', 'deal'],
            properties: { lead: anyObject, contact: anyObject, deal: anyObject },
            additionalProperties: true,
          },
          400: schemas.message,
          404: schemas.message,
          409: schemas.message,
        },
      },
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

  app.get('/api/crm/deals', { config: crmView, schema: dealSchemas.list }, (request) =>
    listDeals(db, requireAccountId(request)),
  );
  app.post<{ Body: DealInput & { title: string } }>(
    '/api/crm/deals',
    { config: crmEdit, schema: dealSchemas.create },
    async (request, reply) =>
      reply.code(201).send(await createDeal(db, requireAccountId(request), request.body)),
  );
  app.put<{ Params: IdParams; Body: DealInput }>(
    '/api/crm/deals/:id',
    { config: crmEdit, schema: dealSchemas.update },
    async (request) => {
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
    },
  );
  app.delete<{ Params: IdParams }>(
    '/api/crm/deals/:id',
    { config: crmEdit, schema: dealSchemas.remove },
    async (request, reply) => {
      if (!(await deleteRow(db, DEALS, requireAccountId(request), request.params.id))) throw notFound('Deal');
      return reply.code(204).send();
    },
  );

  app.get('/api/crm/pipelines', { config: crmView, schema: pipelineSchemas.list }, (request) =>
    listPipelines(db, requireAccountId(request)),
  );
  app.post<{ Body: Required<PipelineBody> }>(
    '/api/crm/pipelines',
    { config: crmEdit, schema: pipelineSchemas.create },
    async (request, reply) =>
      reply.code(201).send(await createPipeline(db, requireAccountId(request), request.body)),
  );
  app.put<{ Params: IdParams; Body: PipelineBody }>(
    '/api/crm/pipelines/:id',
    { config: crmEdit, schema: pipelineSchemas.update },
    async (request) => {
      const pipeline = await updatePipeline(db, requireAccountId(request), request.params.id, request.body);
      if (!pipeline) throw notFound('Pipeline');
      return pipeline;
    },
  );
  app.delete<{ Params: IdParams }>(
    '/api/crm/pipelines/:id',
    { config: crmEdit, schema: pipelineSchemas.remove },
    async (request, reply) => {
      if (!(await deletePipeline(db, requireAccountId(request), request.params.id)))
        throw notFound('Pipeline');
      return reply.code(204).send();
    },
  );
};
