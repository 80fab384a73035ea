/**
 * The business profile of an account (POST /api/business/setup, GET/PUT /api/business/profile): the shared limits
 * and rules, the JSON Schemas of the API and the types derived from them.
 */
import { INDUSTRIES } from './industries.ts';
import { type Infer, schemas } from './jsonSchema.ts';

/** The business details (Settings › Business details) beyond the setup form: shared limits. */
export const BUSINESS_LIMITS = {
  businessName: 120,
  services: 2000,
  address: 300,
  socialLink: 300,
  socialLinks: 8,
} as const;

/** A social profile address: http(s) only, so nothing else ever becomes a link on a site. */
export const SOCIAL_LINK_PATTERN = '^https?://[^\\s/$.?#][^\\s]*$';

/** Whether `value` is an acceptable social profile address. */
export function isSocialLink(value: string): boolean {
  return value.length <= BUSINESS_LIMITS.socialLink && new RegExp(SOCIAL_LINK_PATTERN, 'i').test(value);
}

/** The social links typed one per line (or separated by commas / spaces), empty ones dropped. */
export function parseSocialLinks(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((link) => link.trim())
    .filter(Boolean);
}

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
const setupRequired = ['businessName', 'industry', 'services', 'email', 'phone'] as const;

const setupBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: setupRequired,
  properties: setupProperties,
} as const;
/** Business setup payload (the logo is collected by the form but never sent). */
export type BusinessSetupInput = Infer<typeof setupBodySchema>;

const detailsBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: [...setupRequired, 'address', 'socialLinks'],
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
} as const;
/** What Settings › Business details edits: the setup fields, the address and the social profiles. */
export type BusinessDetailsInput = Infer<typeof detailsBodySchema>;

const profileProperties = {
  businessName: { type: 'string' },
  industry: { type: 'string', enum: INDUSTRIES },
  services: { type: 'string' },
  email: { type: 'string' },
  phone: { type: 'string' },
  address: { type: 'string' },
  socialLinks: { type: 'array', items: { type: 'string' } },
} as const;
const profileRequired = [...setupRequired, 'address', 'socialLinks'] as const;

/** The stored business profile as the server answers it. */
const profileSchema = {
  type: 'object',
  properties: profileProperties,
  required: profileRequired,
  additionalProperties: false,
} as const;
export type BusinessProfileRow = Infer<typeof profileSchema>;

/** The stored business profile of the current account, as the client keeps it (ids as strings). */
export type BusinessProfile = BusinessDetailsInput & { websiteId: string | null };

/** The routes' schemas: body and every answer. */
export const businessApi = {
  setup: {
    body: setupBodySchema,
    response: {
      200: {
        type: 'object',
        properties: { ...profileProperties, websiteId: { type: ['integer', 'null'] } },
        required: [...profileRequired, 'websiteId'],
        additionalProperties: false,
      },
    },
  },
  /** Every field of the profile at once (Settings › Business details). */
  update: {
    body: detailsBodySchema,
    response: { 200: profileSchema, 400: schemas.message, 404: schemas.message },
  },
  /** The profile, or `null` while the account has none yet (a new account: not an error). */
  get: { response: { 200: { anyOf: [profileSchema, { type: 'null' }] } } },
} as const;

export type BusinessSetupAnswer = Infer<(typeof businessApi.setup.response)[200]>;
