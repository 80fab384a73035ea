import { schemas } from '../../../src/contracts/jsonSchema.ts';

export type PublishBody = { subdomain: string; customDomain?: string };

export type PublishResult = {
  domain: string;
  subdomain: string;
  url: string;
  publishedAt: string;
  /** The website's claimed custom domain, served only once `customDomainStatus` is 'verified'. */
  customDomain: string | null;
  customDomainStatus: 'none' | 'pending' | 'verified';
};

/** A DNS label: lowercase letters, digits and inner hyphens (the dialog forces the same). */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const PUBLISH_MESSAGES = {
  badSubdomain:
    'Subdomain may contain only a-z, 0-9 and hyphens, and must start and end with a letter or digit',
  subdomainTaken: 'This subdomain is already taken. Please choose another one.',
  noPages: 'Save the website with at least one page before publishing',
  unavailable: 'Publishing is not available on this server',
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const;

const result = {
  type: 'object',
  properties: {
    domain: { type: 'string' },
    subdomain: { type: 'string' },
    url: { type: 'string' },
    publishedAt: { type: 'string' },
    customDomain: { type: ['string', 'null'] },
    customDomainStatus: { type: 'string', enum: ['none', 'pending', 'verified'] },
  },
} as const;

export const publishSchema = {
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['subdomain'],
    properties: {
      subdomain: { type: 'string', transform: ['trim', 'toLowerCase'], maxLength: 63 },
      customDomain: { type: 'string', transform: ['trim', 'toLowerCase'], maxLength: 253 },
    },
  },
  response: { 200: result, 404: schemas.message, 409: schemas.message },
} as const;

export const unpublishSchema = {
  params: idParams,
  response: { 204: { type: 'null' }, 404: schemas.message },
} as const;
