import { schemas } from '../../validation.ts';

export type PublishBody = { subdomain: string; customDomain?: string };

export type PublishResult = {
  domain: string;
  subdomain: string;
  url: string;
  publishedAt: string;
  customDomain: string | null;
};

/** A DNS label: lowercase letters, digits and inner hyphens (the dialog forces the same). */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A host name with at least two labels, such as www.example.com. */
export const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

export const PUBLISH_MESSAGES = {
  badSubdomain:
    'Subdomain may contain only a-z, 0-9 and hyphens, and must start and end with a letter or digit',
  badCustomDomain: 'Custom domain must be a host name such as www.example.com',
  subdomainTaken: 'This subdomain is already taken. Please choose another one.',
  customDomainTaken: 'This custom domain is already used by another site.',
  noPages: 'Save the website with at least one page before publishing',
  unavailable: 'Publishing is not available on this server',
} as const;

const idParams = {
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
