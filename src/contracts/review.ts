/**
 * Reviews and credits (POST /api/review, the signed-in user's own credits at /api/review/credits/me, the admin
 * lists under /api/review/admin): the JSON Schemas of the API and the types derived from them.
 */
import { type Infer, idParams, schemas } from './jsonSchema.ts';
import { MY_CREDITS_LIMIT } from './myCredits.ts';

const denied = { 401: schemas.message, 403: schemas.message } as const;
const limitQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 1, maximum: 1000, default: 1000 } },
} as const;

/** The longest review text the API takes (after trimming); the popup counts toward it and says so. */
export const REVIEW_TEXT_MAX = 2000;

/** Whether a review text fits, as the API counts it (trimmed). */
export const reviewTextFits = (text: string): boolean => text.trim().length <= REVIEW_TEXT_MAX;

const reviewBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['rating'],
  properties: {
    rating: { type: 'integer', minimum: 1, maximum: 5 },
    reviewText: { type: 'string', transform: ['trim'], maxLength: REVIEW_TEXT_MAX },
    // Optional: null, absent or "" all mean "not given".
    email: {
      type: ['string', 'null'],
      transform: ['trim', 'toLowerCase'],
      maxLength: 254,
      format: 'email-or-empty',
    },
  },
} as const;
/** Review submission (spec §3). */
export type ReviewInput = Required<Infer<typeof reviewBodySchema>>;

/** A review in the admin list. */
export const adminReviewSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    userName: { type: 'string' },
    userEmail: { type: 'string' },
    rating: { type: 'integer' },
    reviewText: { type: 'string' },
    createdAt: schemas.dateTime,
  },
  required: ['id', 'userName', 'userEmail', 'rating', 'reviewText', 'createdAt'],
  additionalProperties: false,
} as const;
export type AdminReviewRow = Infer<typeof adminReviewSchema>;

/** A credit ledger entry (credits may be negative). */
export const creditEntrySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    userName: { type: 'string' },
    userEmail: { type: 'string' },
    credits: { type: 'integer' },
    source: { type: 'string' },
    description: { type: 'string' },
    createdAt: schemas.dateTime,
  },
  required: ['id', 'userName', 'userEmail', 'credits', 'source', 'description', 'createdAt'],
  additionalProperties: false,
} as const;
export type CreditEntryRow = Infer<typeof creditEntrySchema>;

/** One of the signed-in user's own credit entries (credits may be negative). */
export const myCreditEntrySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    credits: { type: 'integer' },
    source: { type: 'string' },
    description: { type: 'string' },
    createdAt: schemas.dateTime,
  },
  required: ['id', 'credits', 'source', 'description', 'createdAt'],
  additionalProperties: false,
} as const;
export type MyCreditEntryRow = Infer<typeof myCreditEntrySchema>;

/** The signed-in user's credits: the sum of all their entries, and the latest ones, newest first. */
export const myCreditsSchema = {
  type: 'object',
  properties: {
    balance: { type: 'integer' },
    entries: { type: 'array', maxItems: MY_CREDITS_LIMIT, items: myCreditEntrySchema },
  },
  required: ['balance', 'entries'],
  additionalProperties: false,
} as const;
export type MyCreditsRow = Infer<typeof myCreditsSchema>;

/** The routes' schemas: params, query, body and every answer. */
export const reviewApi = {
  submit: {
    body: reviewBodySchema,
    response: {
      201: {
        type: 'object',
        properties: { creditsAwarded: { type: 'integer' } },
        required: ['creditsAwarded'],
        additionalProperties: false,
      },
    },
  },
  /** The signed-in user's own credits; only ever theirs, whatever account the request names. */
  myCredits: {
    response: { 200: myCreditsSchema, 401: schemas.message },
  },
  adminReviews: {
    querystring: limitQuery,
    response: { 200: { type: 'array', items: adminReviewSchema }, ...denied },
  },
  adminCredits: {
    querystring: limitQuery,
    response: { 200: { type: 'array', items: creditEntrySchema }, ...denied },
  },
  updateCredit: {
    params: idParams,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['credits', 'description'],
      properties: {
        // A correction may take credits away, hence negative values (bounded by the column's int4).
        credits: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 },
        description: { type: 'string', transform: ['trim'], maxLength: 500 },
      },
    },
    response: { 200: creditEntrySchema, ...denied, 404: schemas.message },
  },
} as const;

/** What the server grants for a review. */
export type ReviewResult = Infer<(typeof reviewApi.submit.response)[201]>;
export type CreditChange = Infer<typeof reviewApi.updateCredit.body>;
