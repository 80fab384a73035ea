/**
 * SEO Tools (GET /api/seo/websites/{id}/audit, GET/PUT /api/seo/websites/{id}/settings): the JSON Schemas of the
 * API and the types derived from them. The audit's rules and the SEO renderer (src/canvas) read the same types.
 */
import { type Infer, idParams, record, schemas } from './jsonSchema.ts';

/** Longest values the server accepts (characters). */
export const SITE_SEO_MAX_LENGTH = {
  titleSuffix: 100,
  description: 1000,
  canonicalBase: 2000,
  ogImage: 2000,
} as const;

/** What the audit checks: one code per kind of finding. */
export const SEO_CODES = [
  'title-missing',
  'title-duplicate',
  'title-length',
  'description-missing',
  'description-length',
  'image-alt',
  'heading-missing-h1',
  'heading-multiple-h1',
  'heading-order',
  'broken-link',
  'not-in-navigation',
  'home-noindex',
  'site-noindex',
  'site-description-length',
  'canonical-insecure',
  'sitemap',
] as const;
export type SeoCode = (typeof SEO_CODES)[number];

const severitySchema = { type: 'string', enum: ['error', 'warning', 'info'] } as const;
export type SeoSeverity = Infer<typeof severitySchema>;

/** One finding of the audit, on a page and, where it has one, the element to fix. */
export const seoFindingSchema = record({
  code: { type: 'string', enum: SEO_CODES },
  severity: severitySchema,
  pageId: { type: 'string' },
  pageName: { type: 'string' },
  pagePath: { type: 'string' },
  elementId: { type: ['string', 'null'] },
  message: { type: 'string' },
});
export type SeoFinding = Infer<typeof seoFindingSchema>;

/**
 * One page's SEO settings as saved, and (`effective…`) what it is published with once the site's settings
 * filled what the page leaves empty.
 */
export const pageSeoSchema = record({
  id: { type: 'string' },
  name: { type: 'string' },
  path: { type: 'string' },
  isHomePage: { type: 'boolean' },
  title: { type: 'string' },
  effectiveTitle: { type: 'string' },
  description: { type: 'string' },
  effectiveDescription: { type: 'string' },
  canonicalUrl: { type: 'string' },
  effectiveCanonicalUrl: { type: 'string' },
  ogImage: { type: 'string' },
  effectiveOgImage: { type: 'string' },
  noindex: { type: 'boolean' },
  effectiveNoindex: { type: 'boolean' },
});
export type PageSeo = Infer<typeof pageSeoSchema>;

/** The pages' settings and the audit of the last save. */
export const seoAuditSchema = record({
  websiteId: { type: 'integer' },
  name: { type: 'string' },
  publishedUrl: { type: 'string' },
  auditedAt: { type: 'string' },
  updatedAt: { type: 'string' },
  pages: { type: 'array', items: pageSeoSchema },
  findings: { type: 'array', items: seoFindingSchema },
});
export type SeoAudit = Infer<typeof seoAuditSchema>;

// A PUT replaces every setting ('' clears one). The suffix keeps its spaces (" | Rosa's Bakery"); the
// addresses are trimmed, then checked against the publish renderer's URL rule.
const siteSeoBody = {
  type: 'object',
  additionalProperties: false,
  required: ['titleSuffix', 'description', 'canonicalBase', 'ogImage', 'noindex'],
  properties: {
    /** Appended to every page title, e.g. " | Rosa's Bakery" ('' = none); one line: no control characters. */
    titleSuffix: {
      type: 'string',
      maxLength: SITE_SEO_MAX_LENGTH.titleSuffix,
      pattern: '^[^\\u0000-\\u001f\\u007f]*$',
    },
    /** The meta description of pages without their own. */
    description: { type: 'string', transform: ['trim'], maxLength: SITE_SEO_MAX_LENGTH.description },
    /** Absolute http(s) address the canonical URL of pages without their own is built from. */
    canonicalBase: {
      type: 'string',
      transform: ['trim'],
      maxLength: SITE_SEO_MAX_LENGTH.canonicalBase,
      format: 'canonical-base-or-empty',
    },
    /** The Open Graph image of pages without their own. */
    ogImage: {
      type: 'string',
      transform: ['trim'],
      maxLength: SITE_SEO_MAX_LENGTH.ogImage,
      format: 'seo-url-or-empty',
    },
    /** Keeps the whole site out of search engines. */
    noindex: { type: 'boolean' },
  },
} as const;
/**
 * A site's SEO defaults (SEO Tools › Site settings): what every page of the site gets unless its own Page
 * Settings say otherwise.
 */
export type SiteSeo = Infer<typeof siteSeoBody>;

/** A site's SEO defaults, its id and whether it is published. */
export const siteSeoSettingsSchema = record({
  websiteId: { type: 'integer' },
  isPublished: { type: 'boolean' },
  titleSuffix: { type: 'string' },
  description: { type: 'string' },
  canonicalBase: { type: 'string' },
  ogImage: { type: 'string' },
  noindex: { type: 'boolean' },
});
export type SiteSeoSettings = Infer<typeof siteSeoSettingsSchema>;

/** The routes' schemas: params, body and every answer. */
export const seoApi = {
  audit: { params: idParams, response: { 200: seoAuditSchema, 404: schemas.message } },
  getSettings: { params: idParams, response: { 200: siteSeoSettingsSchema, 404: schemas.message } },
  putSettings: {
    params: idParams,
    body: siteSeoBody,
    response: { 200: siteSeoSettingsSchema, 404: schemas.message },
  },
} as const;
