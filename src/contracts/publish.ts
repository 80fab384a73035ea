/**
 * Publishing a website and its custom domain (POST/DELETE /api/website/{id}/publish, GET/PUT/DELETE
 * /api/website/{id}/domain, POST …/domain/verify): the JSON Schemas of the API, the types derived from them and
 * the rules both ends keep.
 */
import { type Infer, idParams, record, schemas } from './jsonSchema.ts';

/** A DNS label: lowercase letters, digits and inner hyphens (the dialog forces the same). */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const PUBLISH_MESSAGES = {
  badSubdomain:
    'Subdomain may contain only a-z, 0-9 and hyphens, and must start and end with a letter or digit',
  subdomainTaken: 'This subdomain is already taken. Please choose another one.',
  noPages: 'Save the website with at least one page before publishing',
  unavailable: 'Publishing is not available on this server',
} as const;

/** A website's custom domain state: pending until its TXT record is found, and only served once verified. */
const domainStatusSchema = { type: 'string', enum: ['none', 'pending', 'verified'] } as const;
export type DomainStatus = Infer<typeof domainStatusSchema>;

/** The answer of a publish (spec: domain, subdomain, url, publishedAt). */
export const publishResultSchema = record({
  domain: { type: 'string' },
  subdomain: { type: 'string' },
  url: { type: 'string' },
  publishedAt: { type: 'string' },
  /** The website's claimed custom domain, served only once `customDomainStatus` is 'verified'. */
  customDomain: { type: ['string', 'null'] },
  customDomainStatus: domainStatusSchema,
});
export type PublishResult = Infer<typeof publishResultSchema>;

/** The claimed domain, the TXT record that proves it, and the last check. */
export const domainViewSchema = record({
  domain: { type: ['string', 'null'] },
  status: domainStatusSchema,
  record: {
    anyOf: [
      { type: 'null' },
      record({ type: { type: 'string', const: 'TXT' }, name: { type: 'string' }, value: { type: 'string' } }),
    ],
  },
  checkedAt: { type: ['string', 'null'] },
  message: { type: ['string', 'null'] },
});
export type DomainView = Infer<typeof domainViewSchema>;

const publishBody = {
  type: 'object',
  additionalProperties: false,
  required: ['subdomain'],
  properties: {
    subdomain: { type: 'string', transform: ['trim', 'toLowerCase'], maxLength: 63 },
    customDomain: { type: 'string', transform: ['trim', 'toLowerCase'], maxLength: 253 },
  },
} as const;
export type PublishBody = Infer<typeof publishBody>;

const domainBody = {
  type: 'object',
  additionalProperties: false,
  required: ['domain'],
  properties: {
    domain: { type: 'string', transform: ['trim', 'toLowerCase'], minLength: 1, maxLength: 253 },
  },
} as const;
export type DomainBody = Infer<typeof domainBody>;

const domainAnswers = { 200: domainViewSchema, 404: schemas.message } as const;

/** The routes' schemas: params, body and every answer. */
export const publishApi = {
  publish: {
    params: idParams,
    body: publishBody,
    response: { 200: publishResultSchema, 404: schemas.message, 409: schemas.message },
  },
  unpublish: { params: idParams, response: { 204: schemas.noContent, 404: schemas.message } },
  getDomain: { params: idParams, response: domainAnswers },
  putDomain: { params: idParams, body: domainBody, response: { ...domainAnswers, 409: schemas.message } },
  verifyDomain: {
    params: idParams,
    body: schemas.noBody,
    response: { ...domainAnswers, 400: schemas.message, 409: schemas.message },
  },
  deleteDomain: { params: idParams, response: domainAnswers },
} as const;

/** A published site's page (GET /sites/{subdomain}/{page}, sitemap.xml, robots.txt): its path's parts. */
const sitePageParams = {
  type: 'object',
  required: ['subdomain'],
  properties: { subdomain: { type: 'string', maxLength: 63 }, page: { type: 'string', maxLength: 200 } },
} as const;
export type SitePageParams = Infer<typeof sitePageParams>;

/** Any other address under a published site (`about/`, `a/b`): the subdomain and the rest of the path. */
const siteRestParams = {
  type: 'object',
  required: ['subdomain', '*'],
  properties: { subdomain: { type: 'string', maxLength: 63 }, '*': { type: 'string', maxLength: 2000 } },
} as const;

/** The public site routes' schemas (their answers are HTML, XML or text: no response schema). */
export const sitesApi = { page: { params: sitePageParams }, rest: { params: siteRestParams } } as const;
