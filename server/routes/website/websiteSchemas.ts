import { schemas } from '../../../src/contracts/jsonSchema.ts';

/** Save and update bodies may carry a whole site (pages, HTML, Yjs state): larger than the API default. */
export const WEBSITE_BODY_LIMIT = 10 * 1024 * 1024;
const MAX_TEXT = 4 * 1024 * 1024;

export type WebsiteBody = {
  name: string;
  htmlContent?: string;
  pagesData?: string;
  pages?: unknown[];
  yjsState?: string;
};

const page = {
  type: 'object',
  required: ['id', 'name', 'path'],
  properties: {
    id: { type: 'string', maxLength: 100 },
    name: { type: 'string', maxLength: 200 },
    path: { type: 'string', maxLength: 200 },
    isHomePage: { type: 'boolean' },
    title: { type: 'string', maxLength: 300 },
    description: { type: 'string', maxLength: 1000 },
    canonicalUrl: { type: 'string', maxLength: 2000 },
    ogImage: { type: 'string', maxLength: 2000 },
    noindex: { type: 'boolean' },
    elements: { type: 'array', maxItems: 20000 },
  },
} as const;

const summaryProperties = {
  id: { type: 'integer' },
  name: { type: 'string' },
  createdAt: { type: 'string' },
  updatedAt: { type: 'string' },
  isPublished: { type: 'boolean' },
  domain: { type: ['string', 'null'] },
  subdomain: { type: ['string', 'null'] },
  publishedAt: { type: ['string', 'null'] },
  isActive: { type: 'boolean' },
  customDomain: { type: ['string', 'null'] },
} as const;

const website = {
  type: 'object',
  properties: {
    ...summaryProperties,
    htmlContent: { type: 'string' },
    pages: { type: 'array', items: { type: 'object', additionalProperties: true } },
    yjsState: { type: 'string' },
  },
} as const;

const body = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: schemas.text(200),
    htmlContent: { type: 'string', maxLength: MAX_TEXT },
    pagesData: { type: 'string', maxLength: MAX_TEXT },
    pages: { type: 'array', maxItems: 100, items: page },
    yjsState: { type: 'string', maxLength: MAX_TEXT, pattern: '^[A-Za-z0-9+/]*={0,2}$' },
  },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const;

export const listSchema = {
  response: {
    200: {
      type: 'array',
      items: { type: 'object', properties: { ...summaryProperties, submissionCount: { type: 'integer' } } },
    },
  },
} as const;
export const getSchema = { params: idParams, response: { 200: website, 404: schemas.message } } as const;
export const saveSchema = { body, response: { 200: website } } as const;
export const updateSchema = {
  params: idParams,
  body,
  response: { 200: website, 404: schemas.message },
} as const;
export const deleteSchema = {
  params: idParams,
  response: { 204: { type: 'null' }, 404: schemas.message },
} as const;
