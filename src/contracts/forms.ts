/**
 * Form inboxes (spec §2–3): the public post of a published site's form and the owner's inbox of submissions.
 * The JSON Schemas of the API and the types derived from them.
 */

import { type Infer, idParams, schemas } from './jsonSchema.ts';
import { MAX_LIST_PAGE } from './listPaging.ts';

/** The honeypot input every published form carries: people leave it empty, form-filling bots do not. */
export const HONEYPOT_FIELD = 'bz_website';

export const SUBMISSION_STATUSES = ['new', 'read', 'replied'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** A visitor's form submission, as the owner sees it (spec §3). */
export const formSubmissionSchema = {
  type: 'object',
  required: [
    'id',
    'formId',
    'formTitle',
    'websiteName',
    'websiteId',
    'pagePath',
    'data',
    'status',
    'submittedAt',
  ],
  properties: {
    id: { type: 'integer' },
    formId: { type: 'string' },
    formTitle: { type: 'string' },
    websiteName: { type: 'string' },
    websiteId: { type: 'integer' },
    pagePath: { type: 'string' },
    data: { type: 'object', additionalProperties: { type: 'string' } },
    status: { type: 'string', enum: SUBMISSION_STATUSES },
    submittedAt: { type: 'string' },
  },
  additionalProperties: false,
} as const;
export type FormSubmissionRecord = Infer<typeof formSubmissionSchema>;

const publicFormParams = {
  type: 'object',
  required: ['subdomain', 'formId'],
  properties: {
    subdomain: { type: 'string', pattern: '^[a-z0-9-]{1,63}$' },
    formId: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

/** The longest answer a visitor may give in one field: the server's limit, and the published fields' maxlength. */
export const FORM_VALUE_MAX_LENGTH = 5000;

/** The inbox's page: the rows one page of the owner's list of submissions shows. */
export const SUBMISSIONS_PAGE_SIZE = 20;

/**
 * GET of the owner's inbox: every submission (of one website with `websiteId`) whose answers, form title or
 * website name hold every word of `search`, newest first; one page of them with `page`, every one without (the
 * CSV export). The count of all matches is in the `x-total-count` header (as the CRM's searched lists).
 */
const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    websiteId: schemas.id,
    search: { type: 'string', maxLength: 200 },
    page: { type: 'integer', minimum: 1, maximum: MAX_LIST_PAGE },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: SUBMISSIONS_PAGE_SIZE },
  },
} as const;
export type SubmissionListQuery = Infer<typeof listQuery>;

/** The routes' schemas: params, query, body and every answer. */
export const formsApi = {
  /** A visitor's post from a published page (public). */
  submit: {
    params: publicFormParams,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          maxProperties: 50,
          propertyNames: { maxLength: 200 },
          additionalProperties: { type: 'string', maxLength: FORM_VALUE_MAX_LENGTH },
        },
        [HONEYPOT_FIELD]: { type: 'string', maxLength: 500 },
      },
    },
    response: {
      201: {
        description: 'Stored (a filled honeypot is answered the same, and nothing is stored)',
        type: 'object',
        required: ['ok'],
        properties: { ok: { const: true } },
      },
      400: schemas.message,
      404: schemas.message,
      429: schemas.message,
    },
  },
  list: {
    querystring: listQuery,
    response: { 200: { type: 'array', items: formSubmissionSchema }, 400: schemas.message },
  },
  open: { params: idParams, response: { 200: formSubmissionSchema, 404: schemas.message } },
  setStatus: {
    params: idParams,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['status'],
      properties: { status: { type: 'string', enum: SUBMISSION_STATUSES } },
    },
    response: { 200: formSubmissionSchema, 404: schemas.message },
  },
  delete: { params: idParams, response: { 204: schemas.noContent, 404: schemas.message } },
} as const;

export type PublicFormParams = Infer<typeof publicFormParams>;
