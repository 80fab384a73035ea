/**
 * Outgoing webhooks (GET/POST /api/webhooks, DELETE /api/webhooks/{id}, GET …/{id}/deliveries, POST …/{id}/test):
 * the JSON Schemas of the API and the types derived from them.
 */
import { type Infer, idParams, record, schemas } from './jsonSchema.ts';
import { WEBHOOK_EVENTS } from './social.ts';

const webhookProperties = {
  id: { type: 'integer' },
  url: { type: 'string' },
  events: { type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENTS] } },
  createdAt: { type: 'string' },
} as const;

/** A webhook as listed: never its secret. */
export const webhookSchema = {
  type: 'object',
  required: ['id', 'url', 'events', 'createdAt'],
  properties: webhookProperties,
} as const;
export type Webhook = Infer<typeof webhookSchema>;

/** The webhook just created, with its signing secret (shown this once). */
export const createdWebhookSchema = {
  description: 'The webhook with its signing secret, shown this once',
  type: 'object',
  required: ['id', 'url', 'events', 'createdAt', 'secret'],
  properties: { ...webhookProperties, secret: { type: 'string' } },
} as const;
export type CreatedWebhook = Infer<typeof createdWebhookSchema>;

const deliveryStatusSchema = {
  type: 'string',
  enum: ['pending', 'retrying', 'delivered', 'failed'],
} as const;
export type DeliveryStatus = Infer<typeof deliveryStatusSchema>;

/** One delivery of an event to a webhook, and how it went. */
export const deliverySchema = record({
  id: { type: 'integer' },
  webhookId: { type: 'integer' },
  event: { type: 'string', description: 'A webhook event, or webhook.test' },
  status: deliveryStatusSchema,
  attempts: { type: 'integer' },
  responseCode: { type: ['integer', 'null'] },
  lastError: { type: ['string', 'null'] },
  createdAt: { type: 'string' },
  updatedAt: { type: 'string' },
});
export type Delivery = Infer<typeof deliverySchema>;

const webhookBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'events'],
  properties: {
    url: { type: 'string', transform: ['trim'], minLength: 1, maxLength: 2000 },
    events: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: [...WEBHOOK_EVENTS] },
    },
  },
} as const;
/** A new webhook: where to post and which events. */
export type WebhookInput = Infer<typeof webhookBodySchema>;

/** The one answer for an address that is not a full http(s) URL, whatever is wrong with it. */
export const WEBHOOK_URL_MESSAGE = 'The webhook URL must be a full http:// or https:// address';

/**
 * What is wrong with a webhook address, or null: only http(s) URLs with a host, no credentials in them (they
 * would land in logs). One rule for the form, which checks before it sends, and the route, which refuses with it.
 */
export function webhookUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return WEBHOOK_URL_MESSAGE;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return WEBHOOK_URL_MESSAGE;
  if (url.username || url.password) return 'The webhook URL must not contain a user or password';
  return null;
}

const notFound = { 404: schemas.message } as const;

/** The routes' schemas: params, body and every answer. */
export const webhooksApi = {
  list: { response: { 200: { type: 'array', items: webhookSchema } } },
  create: { body: webhookBodySchema, response: { 201: createdWebhookSchema, 400: schemas.message } },
  delete: { params: idParams, response: { 204: schemas.noContent, ...notFound } },
  deliveries: {
    params: idParams,
    response: {
      200: { description: 'The 50 latest, newest first', type: 'array', items: deliverySchema },
      ...notFound,
    },
  },
  test: {
    params: idParams,
    body: schemas.noBody,
    response: {
      202: {
        description: 'A test delivery is queued',
        type: 'object',
        required: ['deliveryId'],
        properties: { deliveryId: { type: 'integer' } },
      },
      ...notFound,
    },
  },
} as const;
