import { schemas } from '../../../src/contracts/jsonSchema.ts';
import {
  EVENT_TYPE_PATTERN,
  NAME_PATTERN,
  REPLAY_LIMITS,
  type ReplayEntry,
  SESSION_ID_PATTERN,
} from '../../../src/contracts/replay.ts';

// Responses only: the serializer formats dates (the request validator knows no date-time format).
const dateTime = { type: 'string', format: 'date-time' } as const;
const isoDateTime = {
  type: 'string',
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})$',
} as const;
const denied = { 401: schemas.message, 403: schemas.message } as const;
const name = { type: 'string', pattern: NAME_PATTERN } as const;
const MAX_FIELDS = 24;

const leaf = {
  anyOf: [
    { type: 'string', maxLength: REPLAY_LIMITS.stringLength },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'null' },
  ],
} as const;

/** A value of the allow-list: a leaf, or objects and arrays of them, `depth` levels deep (no recursion). */
function safeValue(depth: number): object {
  if (depth === 0) return leaf;
  const inner = safeValue(depth - 1);
  return {
    anyOf: [
      ...leaf.anyOf,
      { type: 'array', maxItems: MAX_FIELDS, items: inner },
      {
        type: 'object',
        maxProperties: MAX_FIELDS,
        propertyNames: { pattern: NAME_PATTERN },
        additionalProperties: inner,
      },
    ],
  };
}

/** A state value: a state name, or regions of them. */
function stateValue(depth: number): object {
  const stateName = { type: 'string', pattern: NAME_PATTERN };
  if (depth === 0) return stateName;
  return {
    anyOf: [
      stateName,
      {
        type: 'object',
        maxProperties: MAX_FIELDS,
        propertyNames: { pattern: NAME_PATTERN },
        additionalProperties: stateValue(depth - 1),
      },
    ],
  };
}

const fieldsObject = (depth: number) => ({
  type: 'object',
  maxProperties: MAX_FIELDS,
  propertyNames: { pattern: NAME_PATTERN },
  additionalProperties: safeValue(depth),
});

const entrySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['seq', 'at', 'actor', 'source', 'event', 'state'],
  properties: {
    seq: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    at: { type: 'integer', minimum: 0, maximum: 400 * 24 * 60 * 60 * 1000 },
    actor: name,
    source: { anyOf: [name, { type: 'null' }] },
    event: {
      ...fieldsObject(3),
      required: ['type'],
      properties: { type: { type: 'string', pattern: EVENT_TYPE_PATTERN } },
    },
    state: stateValue(4),
    context: fieldsObject(3),
  },
} as const;

export type SessionParams = { id: string };
const sessionParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: SESSION_ID_PATTERN } },
} as const;

export type AppendBody = { startedAt: string; entries: ReplayEntry[] };

export const appendEntriesSchema = {
  params: sessionParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['startedAt', 'entries'],
    properties: {
      startedAt: isoDateTime,
      entries: { type: 'array', minItems: 1, maxItems: REPLAY_LIMITS.batchSize, items: entrySchema },
    },
  },
  response: {
    204: { type: 'null' },
    ...denied,
    409: schemas.message,
    413: schemas.message,
    429: schemas.message,
  },
} as const;

export type SettingsBody = { optOut: boolean };

const settingsSchema = {
  type: 'object',
  properties: { optOut: { type: 'boolean' } },
  required: ['optOut'],
} as const;

export const getSettingsSchema = { response: { 200: settingsSchema, 401: schemas.message } } as const;

export const putSettingsSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['optOut'],
    properties: { optOut: { type: 'boolean' } },
  },
  response: { 200: settingsSchema, 401: schemas.message },
} as const;

const sessionSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    userId: { type: 'integer' },
    userEmail: { type: 'string' },
    accountId: { type: ['integer', 'null'] },
    startedAt: dateTime,
    lastEventAt: dateTime,
    entryCount: { type: 'integer' },
  },
  required: ['id', 'userId', 'userEmail', 'accountId', 'startedAt', 'lastEventAt', 'entryCount'],
} as const;

export type ListQuery = { page: number; pageSize: number; userId?: number; email?: string };

export const listSessionsSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
      pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
      userId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      email: { type: 'string', maxLength: 254 },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: { items: { type: 'array', items: sessionSchema }, total: { type: 'integer' } },
      required: ['items', 'total'],
    },
    ...denied,
  },
} as const;

export const getSessionSchema = {
  params: sessionParams,
  response: {
    200: {
      type: 'object',
      properties: {
        session: sessionSchema,
        // Stored as validated on the way in; passed through as they are.
        entries: { type: 'array', items: { type: 'object', additionalProperties: true } },
      },
      required: ['session', 'entries'],
    },
    ...denied,
    404: schemas.message,
  },
} as const;
