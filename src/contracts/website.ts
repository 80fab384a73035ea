/**
 * The builder's websites (GET/POST/PUT/DELETE /api/website…): the JSON Schemas of the API and the types derived
 * from them.
 */
import { businessApi } from './business.ts';
import { type Infer, idParams, schemas } from './jsonSchema.ts';

/** Why the co-editing server refuses a site that no longer exists (deleted while open): the builder tells it apart. */
export const WEBSITE_NOT_FOUND = 'Website not found';

/** Save and update bodies may carry a whole site (pages, HTML, Yjs state): larger than the API default. */
export const WEBSITE_BODY_LIMIT = 10 * 1024 * 1024;
const MAX_TEXT = 4 * 1024 * 1024;

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
  /** Custom domain the published site also answers on. */
  customDomain: { type: ['string', 'null'] },
} as const;
const summaryKeys = Object.keys(summaryProperties) as (keyof typeof summaryProperties)[];

/** A website as listed (without its heavy content). */
export const websiteSummarySchema = {
  type: 'object',
  required: summaryKeys,
  properties: summaryProperties,
} as const;
export type WebsiteSummary = Infer<typeof websiteSummarySchema>;

/** A website card: the summary with its count of form submissions. */
export const websiteListItemSchema = {
  type: 'object',
  required: [...summaryKeys, 'submissionCount'],
  properties: { ...summaryProperties, submissionCount: { type: 'integer' } },
} as const;
export type WebsiteListItem = Infer<typeof websiteListItemSchema>;

/** A website with its content and its Yjs state (base64). */
export const websiteSchema = {
  type: 'object',
  required: [...summaryKeys, 'htmlContent', 'pages', 'yjsState'],
  properties: {
    ...summaryProperties,
    htmlContent: { type: 'string' },
    pages: { type: 'array', items: { type: 'object', additionalProperties: true } },
    yjsState: { type: 'string' },
  },
} as const;
export type Website = Infer<typeof websiteSchema>;

const websiteBody = {
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
/** A save or an update: `pages` wins; `pagesData` (the same pages as JSON text, spec §7) is read without it. */
export type WebsiteBody = Infer<typeof websiteBody>;

/** The routes' schemas: params, body and every answer. */
export const websitesApi = {
  list: { response: { 200: { type: 'array', items: websiteListItemSchema } } },
  get: { params: idParams, response: { 200: websiteSchema, 404: schemas.message } },
  save: { body: websiteBody, response: { 200: websiteSchema } },
  update: { params: idParams, body: websiteBody, response: { 200: websiteSchema, 404: schemas.message } },
  remove: { params: idParams, response: { 204: schemas.noContent, 404: schemas.message } },
} as const;

/** POST /api/website/generate: the business-setup fields plus the uploaded logo's URL; a whole site back. */
export const generateApi = {
  generate: {
    body: {
      ...businessApi.setup.body,
      properties: {
        ...businessApi.setup.body.properties,
        // The uploaded logo's URL (optional); the renderers allow-list it like any image source.
        logo: { type: 'string', maxLength: 2000 },
      },
    },
    response: {
      200: {
        type: 'object',
        required: ['name', 'html', 'pages'],
        properties: {
          name: { type: 'string' },
          html: { type: 'string' },
          // The site's pages in the builder's page format (spec §3), each with its element tree.
          pages: { type: 'array', items: { type: 'object', additionalProperties: true } },
        },
        additionalProperties: false,
      },
      503: schemas.message,
    },
  },
} as const;

/** What POST /api/website/generate answers: a whole site (its pages in the builder's page format). */
export type GeneratedSite = Infer<(typeof generateApi.generate.response)[200]>;
