/**
 * The CRM routes' schemas (/api/crm/…): what each request may carry and what each answer holds, with the input
 * types derived from them. The create/edit limits are the dialogs' (crmFieldRules.ts), so what a dialog lets
 * through the server takes.
 */

import { MAX_EMAIL_LENGTH } from './common.ts';
import {
  ACTIVITY_TYPES,
  activitySchema,
  campaignSchema,
  communicationSchema,
  contactListSchema,
  contactPageSchema,
  contactSchema,
  conversionSchema,
  crmStatsSchema,
  dealSchema,
  duplicatePageSchema,
  INBOX_KINDS,
  importReportSchema,
  inboxItemSchema,
  inboxPageSchema,
  LEAD_STATUSES,
  leadSchema,
  pipelineSchema,
  queuedCampaignSchema,
  WORKFLOW_ACTIONS,
  WORKFLOW_TRIGGERS,
  workflowRunSchema,
  workflowSchema,
} from './crm.ts';
import { CONTACT_LIMITS, LEAD_LIMITS } from './crmFieldRules.ts';
import { IMPORT_FIELDS } from './crmImportFields.ts';
import { type Infer, idParams, MAX_ID, schemas } from './jsonSchema.ts';
import { MAX_LIST_PAGE } from './listPaging.ts';

const id = schemas.id;
const optionalId = { type: ['integer', 'null'], minimum: 1, maximum: MAX_ID } as const;
/** Optional free text, trimmed; '' allowed. */
const str = <N extends number>(maxLength: N) => ({ type: 'string', transform: ['trim'], maxLength }) as const;
const money = { type: 'number', minimum: 0, maximum: 999_999_999_999 } as const;
const isoDate = { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const isoDateTime = {
  type: ['string', 'null'],
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})?)?$',
} as const;
const emailOrEmpty = {
  type: 'string',
  maxLength: MAX_EMAIL_LENGTH,
  transform: ['trim', 'toLowerCase'],
  format: 'email-or-empty',
} as const;
const message = schemas.message;
const errors = { 400: message, 404: message, 409: message } as const;

/** The schemas of an entity with GET list, POST, PUT /{id} and DELETE /{id}. */
function entity<const P, const R extends readonly string[], const Row>(properties: P, required: R, row: Row) {
  return {
    list: { response: { 200: { type: 'array', items: row } } },
    /** One record by its id (an opened record's address, wherever it is in the list). */
    get: { params: idParams, response: { 200: row, ...errors } },
    create: {
      body: { type: 'object', additionalProperties: false, required, properties },
      response: { 201: row, ...errors },
    },
    update: {
      params: idParams,
      body: { type: 'object', additionalProperties: false, minProperties: 1, properties },
      response: { 200: row, ...errors },
    },
    remove: { params: idParams, response: { 204: schemas.noContent, ...errors } },
  } as const;
}

/** GET of a searchable list: every row, or one page of them with `page`; the count of all matches in a header. */
const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: { type: 'string', maxLength: 200 },
    page: { type: 'integer', minimum: 1, maximum: MAX_LIST_PAGE },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
} as const;
const searchable = <const Row>(row: Row) =>
  ({ querystring: listQuery, response: { 200: { type: 'array', items: row }, 400: message } }) as const;
/** A search of leads or activities: without `page` every match comes back. */
export type SearchQuery = Infer<typeof listQuery>;
/** A searched, paged list of leads or activities as the client asks for it: one page. */
export type ListQuery = SearchQuery & { page: number };

const contactProperties = {
  firstName: str(CONTACT_LIMITS.firstName),
  lastName: str(CONTACT_LIMITS.lastName),
  email: emailOrEmpty,
  phone: str(CONTACT_LIMITS.phone),
  company: str(CONTACT_LIMITS.company),
  tags: {
    type: 'array',
    maxItems: CONTACT_LIMITS.tags,
    items: { type: 'string', transform: ['trim'], minLength: 1, maxLength: CONTACT_LIMITS.tag },
  },
  notes: str(CONTACT_LIMITS.notes),
  contactListIds: { type: 'array', maxItems: 100, uniqueItems: true, items: id },
} as const;
const contactBody = { type: 'object', additionalProperties: false, properties: contactProperties } as const;

const leadProperties = {
  name: schemas.text(LEAD_LIMITS.name),
  email: emailOrEmpty,
  phone: str(LEAD_LIMITS.phone),
  company: str(LEAD_LIMITS.company),
  status: { type: 'string', enum: LEAD_STATUSES },
  source: str(LEAD_LIMITS.source),
  value: money,
  notes: str(LEAD_LIMITS.notes),
  pagePath: str(300),
} as const;

const dealProperties = {
  title: schemas.text(300),
  value: money,
  stage: schemas.text(100),
  pipelineId: id,
  contactId: optionalId,
  expectedCloseDate: isoDate,
} as const;

const activityProperties = {
  type: { type: 'string', enum: ACTIVITY_TYPES },
  subject: schemas.text(300),
  description: str(5000),
  dueDate: isoDateTime,
  completed: { type: 'boolean' },
  contactId: optionalId,
  dealId: optionalId,
} as const;

const condition = {
  type: 'object',
  additionalProperties: false,
  required: ['field', 'operator', 'value'],
  properties: {
    field: schemas.text(100),
    operator: { type: 'string', enum: ['equals', 'not_equals', 'contains', 'greater_than', 'less_than'] },
    value: { anyOf: [{ type: 'string', maxLength: 500 }, { type: 'number' }, { type: 'boolean' }] },
  },
} as const;
const action = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { type: 'string', enum: WORKFLOW_ACTIONS },
    params: { type: 'object', maxProperties: 20, default: {} },
  },
} as const;
const workflowProperties = {
  name: schemas.text(200),
  trigger: { type: 'string', enum: WORKFLOW_TRIGGERS },
  conditions: { type: 'array', maxItems: 20, items: condition },
  actions: { type: 'array', minItems: 1, maxItems: 20, items: action },
  isActive: { type: 'boolean' },
} as const;

const campaignProperties = {
  name: schemas.text(200),
  subject: str(300),
  content: str(100_000),
  contactListId: optionalId,
  scheduledAt: isoDateTime,
} as const;

const pipelineProperties = {
  name: schemas.text(200),
  stages: {
    type: 'array',
    minItems: 2,
    maxItems: 20,
    uniqueItems: true,
    items: { type: 'string', transform: ['trim'], minLength: 1, maxLength: 100 },
  },
} as const;

const limitQuery = <const Max extends number, const Default extends number>(
  maximum: Max,
  fallback: Default,
) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: { limit: { type: 'integer', minimum: 1, maximum, default: fallback } },
  }) as const;
const contactListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { contactListId: id },
} as const;

// The parts of an import, for the OpenAPI document (the handler streams them: Fastify validates no body here).
const importParts = schemas.multipart(
  {
    file: { type: 'string', format: 'binary', description: 'The CSV file, 100 MB at most' },
    duplicates: {
      type: 'string',
      enum: ['skip', 'update'],
      default: 'skip',
      description: 'What a row whose email is already a contact does',
    },
    mapping: {
      type: 'string',
      description: `A JSON object of column header → contact field (${IMPORT_FIELDS.join(', ')}, or "" to skip the column); guessed from the headers when absent`,
    },
    contactListId: {
      type: 'string',
      pattern: '^[0-9]+$',
      description: 'A contact list the imported contacts join',
    },
  },
  ['file'],
);

const mergeFields = {
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
} as const;

/** Contacts, contact lists, import/export and merging. */
export const contactsApi = {
  list: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        page: { type: 'integer', minimum: 1, maximum: MAX_LIST_PAGE, default: 1 },
        pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        search: { type: 'string', maxLength: 200 },
        contactListId: id,
      },
    },
    response: { 200: contactPageSchema },
  },
  create: { body: contactBody, response: { 201: contactSchema, ...errors } },
  get: { params: idParams, response: { 200: contactSchema, ...errors } },
  update: {
    params: idParams,
    body: { ...contactBody, minProperties: 1 },
    response: { 200: contactSchema, ...errors },
  },
  remove: { params: idParams, response: { 204: schemas.noContent, 404: message } },
  lists: { response: { 200: { type: 'array', items: contactListSchema } } },
  createList: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: schemas.text(200), description: str(1000) },
    },
    response: { 201: contactListSchema, 400: message },
  },
  import: {
    ...importParts,
    response: { 200: importReportSchema, 202: importReportSchema, 400: message, 404: message, 413: message },
  },
  importReport: { params: idParams, response: { 200: importReportSchema, 404: message } },
  rollbackImport: {
    params: idParams,
    body: schemas.noBody,
    response: { 200: importReportSchema, ...errors, 413: message },
  },
  export: {
    querystring: contactListQuery,
    response: {
      200: {
        description: 'The contacts as CSV (an attachment, streamed)',
        content: { 'text/csv': { schema: { type: 'string' } } },
      },
      404: message,
    },
  },
  duplicates: { querystring: limitQuery(200, 50), response: { 200: duplicatePageSchema } },
  merge: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['keepId', 'mergeId'],
      properties: { keepId: id, mergeId: id, fields: mergeFields },
    },
    response: { 200: contactSchema, ...errors },
  },
} as const;
export type ContactInput = Infer<typeof contactBody>;
export type ContactQuery = Infer<typeof contactsApi.list.querystring>;
/** The contacts query as the client holds it: no list chosen is null (and is not sent). */
export type ContactPageQuery = Omit<ContactQuery, 'contactListId'> & { contactListId?: number | null };
export type MergeFields = Infer<typeof mergeFields>;
export type ContactListQuery = Infer<typeof contactListQuery>;

const leads = entity(leadProperties, ['name'], leadSchema);
/** Leads (with conversion), deals and pipelines. */
export const salesApi = {
  leads: {
    ...leads,
    list: searchable(leadSchema),
    convert: {
      params: idParams,
      // The deal's value, needed when the lead has none.
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { value: { ...money, exclusiveMinimum: 0 } },
      },
      response: { 200: conversionSchema, ...errors },
    },
  },
  deals: entity(dealProperties, ['title'], dealSchema),
  pipelines: entity(pipelineProperties, ['name', 'stages'], pipelineSchema),
} as const;
export type LeadInput = Infer<typeof leads.update.body>;
export type DealInput = Infer<typeof salesApi.deals.update.body>;
export type PipelineInput = Infer<typeof salesApi.pipelines.update.body>;

const activities = entity(activityProperties, ['type', 'subject'], activitySchema);
/** Activities, workflows with their run log, and the communications log. */
export const engagementApi = {
  activities: { ...activities, list: searchable(activitySchema) },
  workflows: entity(workflowProperties, ['name', 'trigger', 'actions'], workflowSchema),
  workflowRuns: {
    querystring: limitQuery(500, 100),
    response: { 200: { type: 'array', items: workflowRunSchema } },
  },
  communications: {
    querystring: limitQuery(500, 100),
    response: { 200: { type: 'array', items: communicationSchema } },
  },
} as const;
export type ActivityInput = Infer<typeof activities.update.body>;
export type WorkflowInput = Infer<typeof engagementApi.workflows.update.body>;

const campaigns = entity(campaignProperties, ['name'], campaignSchema);
const queued = { 202: queuedCampaignSchema, 404: message, 409: message, 503: message } as const;
/** E-mail campaigns and sending them. */
export const campaignsApi = {
  ...campaigns,
  send: { params: idParams, body: schemas.noBody, response: { ...queued, 400: message } },
  retry: { params: idParams, body: schemas.noBody, response: queued },
} as const;
export type CampaignInput = Infer<typeof campaigns.update.body>;

/** The Unified Inbox and the CRM's figures. */
export const inboxApi = {
  list: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        page: { type: 'integer', minimum: 1, maximum: MAX_LIST_PAGE, default: 1 },
        pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
        kind: { type: 'string', enum: INBOX_KINDS },
      },
    },
    response: { 200: inboxPageSchema },
  },
  /** One item, a message with its whole body (the list has its start): what an opened row's address shows. */
  item: {
    params: {
      type: 'object',
      required: ['kind', 'id'],
      properties: { kind: { type: 'string', enum: INBOX_KINDS }, id: schemas.id },
    },
    response: { 200: inboxItemSchema, 404: message },
  },
  stats: { response: { 200: crmStatsSchema } },
} as const;
export type InboxQuery = Infer<typeof inboxApi.list.querystring>;
