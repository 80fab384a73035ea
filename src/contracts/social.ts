import { type Infer, idParams, schemas } from './jsonSchema.ts';

/** The social channels the content planner plans for. */
export const SOCIAL_CHANNELS = ['facebook', 'instagram', 'linkedin', 'x'] as const;
export type SocialChannel = (typeof SOCIAL_CHANNELS)[number];

export const POST_STATUSES = ['draft', 'scheduled', 'published', 'failed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Each network's own limit on a post's text, in characters (enforced by the form and the server). */
export const CHANNEL_LIMITS: Record<SocialChannel, number> = {
  facebook: 63_206,
  instagram: 2_200,
  linkedin: 3_000,
  x: 280,
};

export const CHANNEL_LABELS: Record<SocialChannel, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
};

/** Characters as a person counts them (code points, so an emoji is one). */
export function postLength(text: string): number {
  return [...text].length;
}

/** The message for text over the channel's limit, or null when it fits. */
export function channelLimitError(channel: SocialChannel, text: string): string | null {
  const limit = CHANNEL_LIMITS[channel];
  return postLength(text) > limit
    ? `${CHANNEL_LABELS[channel]} posts are limited to ${limit} characters`
    : null;
}

/** The events an outgoing webhook can subscribe to. */
export const WEBHOOK_EVENTS = ['form.submitted', 'order.placed', 'contact.created'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A planned post as the server returns it. */
export const socialPostSchema = {
  type: 'object',
  required: [
    'id',
    'channel',
    'text',
    'imageUrl',
    'scheduledAt',
    'status',
    'statusNote',
    'dueAt',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: { type: 'integer' },
    channel: { type: 'string', enum: SOCIAL_CHANNELS },
    text: { type: 'string' },
    imageUrl: { type: ['string', 'null'] },
    scheduledAt: { type: ['string', 'null'] },
    status: { type: 'string', enum: POST_STATUSES },
    statusNote: {
      type: ['string', 'null'],
      description: 'Why a due post was not published ("not connected", a provider error)',
    },
    dueAt: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
  additionalProperties: false,
} as const;
export type SocialPost = Infer<typeof socialPostSchema>;

/** What the editor sends: published and failed are set by the server's due job only. */
const postBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['channel', 'text', 'status'],
  properties: {
    channel: { type: 'string', enum: SOCIAL_CHANNELS },
    // The longest channel limit; each channel's own limit is checked in the handler.
    text: { type: 'string', transform: ['trim'], minLength: 1, maxLength: 63_206 },
    imageUrl: { type: ['string', 'null'], maxLength: 2000, pattern: '^(https?://|/api/uploads/)' },
    scheduledAt: { type: ['string', 'null'], maxLength: 40 },
    status: { type: 'string', enum: ['draft', 'scheduled'] },
  },
} as const;
/** The post body as it arrives (imageUrl and scheduledAt may be left out). */
export type SocialPostBody = Infer<typeof postBodySchema>;
/** The post as the editor sends it and the server stores it: every field, null for none. */
export type SocialPostInput = Required<SocialPostBody>;

/** The routes' schemas: params, body and every answer. */
export const socialApi = {
  list: { response: { 200: { type: 'array', items: socialPostSchema } } },
  calendar: {
    response: {
      200: {
        description: 'The posts as an iCalendar file (an attachment)',
        content: { 'text/calendar': { schema: { type: 'string' } } },
      },
    },
  },
  create: { body: postBodySchema, response: { 201: socialPostSchema, 400: schemas.message } },
  get: { params: idParams, response: { 200: socialPostSchema, 404: schemas.message } },
  update: {
    params: idParams,
    body: postBodySchema,
    response: { 200: socialPostSchema, 400: schemas.message, 404: schemas.message },
  },
  delete: { params: idParams, response: { 204: schemas.noContent, 404: schemas.message } },
} as const;
