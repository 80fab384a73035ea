import { BUSINESS_LIMITS, SOCIAL_LINK_PATTERN } from '../../../src/contracts/business.ts';
import { INDUSTRIES } from '../../../src/contracts/common.ts';
import { schemas } from '../../../src/contracts/jsonSchema.ts';

const profileProperties = {
  businessName: { type: 'string' },
  industry: { type: 'string' },
  services: { type: 'string' },
  email: { type: 'string' },
  phone: { type: 'string' },
  address: { type: 'string' },
  socialLinks: { type: 'array', items: { type: 'string' } },
} as const;

const profileSchema = {
  type: 'object',
  properties: profileProperties,
  required: Object.keys(profileProperties),
} as const;

export type SetupBody = {
  businessName: string;
  industry: (typeof INDUSTRIES)[number];
  services: string;
  email: string;
  phone: string;
};

const setupProperties = {
  businessName: schemas.text(BUSINESS_LIMITS.businessName),
  industry: { type: 'string', enum: INDUSTRIES },
  services: schemas.text(BUSINESS_LIMITS.services),
  email: schemas.email,
  // Digits, spaces and + ( ) - . with at least one digit: formats differ too much by country for more.
  phone: {
    type: 'string',
    transform: ['trim'],
    minLength: 5,
    maxLength: 30,
    pattern: '^(?=.*[0-9])[0-9 +().-]+$',
  },
} as const;

export const setupSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['businessName', 'industry', 'services', 'email', 'phone'],
    properties: setupProperties,
  },
  response: {
    200: {
      type: 'object',
      properties: { ...profileProperties, websiteId: { type: ['integer', 'null'] } },
      required: [...Object.keys(profileProperties), 'websiteId'],
    },
  },
} as const;

export type DetailsBody = SetupBody & { address: string; socialLinks: string[] };

/** PUT /api/business/profile: every field of the profile at once (Settings › Business details). */
export const detailsSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['businessName', 'industry', 'services', 'email', 'phone', 'address', 'socialLinks'],
    properties: {
      ...setupProperties,
      address: { type: 'string', transform: ['trim'], maxLength: BUSINESS_LIMITS.address },
      socialLinks: {
        type: 'array',
        maxItems: BUSINESS_LIMITS.socialLinks,
        items: {
          type: 'string',
          transform: ['trim'],
          maxLength: BUSINESS_LIMITS.socialLink,
          pattern: SOCIAL_LINK_PATTERN,
        },
      },
    },
  },
  response: { 200: profileSchema, 400: schemas.message, 404: schemas.message },
} as const;

export const profileGetSchema = { response: { 200: profileSchema, 404: schemas.message } } as const;
