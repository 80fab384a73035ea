import { MAX_EMAIL_LENGTH } from '../../../src/contracts/common.ts';
import { LEAD_LIMITS } from '../../../src/contracts/crmFieldRules.ts';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import {
  ACTIVITY_TYPES,
  LEAD_STATUSES,
  WORKFLOW_ACTIONS,
  WORKFLOW_TRIGGERS,
} from '../../repositories/crm/tables.ts';

type Props = Record<string, object>;

/** What the CRM routes need (`config`): every member reads, 'crm.edit' changes (a Viewer's role only reads). */
export const crmView = { permission: 'account.view' } as const;
export const crmEdit = { permission: 'crm.edit' } as const;

export const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
export const optionalId = { type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647 } as const;
/** Optional free text, trimmed; '' allowed. */
export const str = (maxLength: number) => ({ type: 'string', transform: ['trim'], maxLength }) as const;
export const money = { type: 'number', minimum: 0, maximum: 999_999_999_999 } as const;
export const isoDate = { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
export const isoDateTime = {
  type: ['string', 'null'],
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})?)?$',
} as const;
export const emailOrEmpty = {
  type: 'string',
  maxLength: MAX_EMAIL_LENGTH,
  transform: ['trim', 'toLowerCase'],
  format: 'email-or-empty',
} as const;

export const idParams = { type: 'object', required: ['id'], properties: { id } } as const;
export type IdParams = { id: number };

export const anyObject = { type: 'object', additionalProperties: true } as const;
const errors = { 400: schemas.message, 404: schemas.message, 409: schemas.message } as const;

/** GET of a searchable list: every row, or one page of them with `page`; the count of all matches in a header. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: { type: 'string', maxLength: 200 },
    page: { type: 'integer', minimum: 1, maximum: 100_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
} as const;
export const searchableList = {
  querystring: listQuery,
  response: { 200: { type: 'array', items: anyObject }, 400: schemas.message },
} as const;

/** The four schemas of an entity with GET list, POST, PUT /{id} and DELETE /{id}. */
export function entitySchemas(properties: Props, required: string[]) {
  return {
    list: { response: { 200: { type: 'array', items: anyObject } } },
    create: {
      body: { type: 'object', additionalProperties: false, required, properties },
      response: { 201: anyObject, ...errors },
    },
    update: {
      params: idParams,
      body: { type: 'object', additionalProperties: false, minProperties: 1, properties },
      response: { 200: anyObject, ...errors },
    },
    remove: { params: idParams, response: { 204: { type: 'null' }, ...errors } },
  };
}

// The limits the Lead dialog checks too (src/contracts/crmFieldRules.ts).
export const leadProperties = {
  name: schemas.text(LEAD_LIMITS.name),
  email: emailOrEmpty,
  phone: str(LEAD_LIMITS.phone),
  company: str(LEAD_LIMITS.company),
  status: { type: 'string', enum: LEAD_STATUSES },
  source: str(LEAD_LIMITS.source),
  value: money,
  notes: str(LEAD_LIMITS.notes),
  pagePath: str(300),
};

export const dealProperties = {
  title: schemas.text(300),
  value: money,
  stage: schemas.text(100),
  pipelineId: id,
  contactId: optionalId,
  expectedCloseDate: isoDate,
};

export const activityProperties = {
  type: { type: 'string', enum: ACTIVITY_TYPES },
  subject: schemas.text(300),
  description: str(5000),
  dueDate: isoDateTime,
  completed: { type: 'boolean' },
  contactId: optionalId,
  dealId: optionalId,
};

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

export const workflowProperties = {
  name: schemas.text(200),
  trigger: { type: 'string', enum: WORKFLOW_TRIGGERS },
  conditions: { type: 'array', maxItems: 20, items: condition },
  actions: { type: 'array', minItems: 1, maxItems: 20, items: action },
  isActive: { type: 'boolean' },
};

export const campaignProperties = {
  name: schemas.text(200),
  subject: str(300),
  content: str(100_000),
  contactListId: optionalId,
  scheduledAt: isoDateTime,
};

export const pipelineProperties = {
  name: schemas.text(200),
  stages: {
    type: 'array',
    minItems: 2,
    maxItems: 20,
    uniqueItems: true,
    items: { type: 'string', transform: ['trim'], minLength: 1, maxLength: 100 },
  },
};
