import { SITE_SEO_MAX_LENGTH, type SiteSeo } from '../../../src/canvas/siteSeo.ts';
import { schemas } from '../../../src/contracts/jsonSchema.ts';

/** GET/PUT /api/seo/websites/:id/settings answer the settings with the site's id and publication state. */
export type SiteSeoSettings = SiteSeo & { websiteId: number; isPublished: boolean };

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const;

const settings = {
  type: 'object',
  properties: {
    websiteId: { type: 'integer' },
    isPublished: { type: 'boolean' },
    titleSuffix: { type: 'string' },
    description: { type: 'string' },
    canonicalBase: { type: 'string' },
    ogImage: { type: 'string' },
    noindex: { type: 'boolean' },
  },
} as const;

// A PUT replaces every setting ('' clears one). The suffix keeps its spaces (" | Rosa's Bakery"); the
// addresses are trimmed, then checked against the publish renderer's URL rule.
const body = {
  type: 'object',
  additionalProperties: false,
  required: ['titleSuffix', 'description', 'canonicalBase', 'ogImage', 'noindex'],
  properties: {
    // One line of text: no control characters (a title cannot hold a line break).
    titleSuffix: {
      type: 'string',
      maxLength: SITE_SEO_MAX_LENGTH.titleSuffix,
      pattern: '^[^\\u0000-\\u001f\\u007f]*$',
    },
    description: { type: 'string', transform: ['trim'], maxLength: SITE_SEO_MAX_LENGTH.description },
    canonicalBase: {
      type: 'string',
      transform: ['trim'],
      maxLength: SITE_SEO_MAX_LENGTH.canonicalBase,
      format: 'canonical-base-or-empty',
    },
    ogImage: {
      type: 'string',
      transform: ['trim'],
      maxLength: SITE_SEO_MAX_LENGTH.ogImage,
      format: 'seo-url-or-empty',
    },
    noindex: { type: 'boolean' },
  },
} as const;

export const getSettingsSchema = {
  params: idParams,
  response: { 200: settings, 404: schemas.message },
} as const;

export const putSettingsSchema = {
  params: idParams,
  body,
  response: { 200: settings, 404: schemas.message },
} as const;
