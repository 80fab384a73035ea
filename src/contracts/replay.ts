/**
 * Session replay on the wire (PUT/GET /api/replay/settings, POST /api/replay/sessions/{id}/events, GET
 * /api/replay/sessions…): what one recorded step looks like, the limits both ends keep, the JSON Schemas of the
 * API and the types derived from them. (The server imports this module; keep it free of browser APIs.)
 */
import type { JSONSchema } from 'json-schema-to-ts';
import { type Infer, MAX_ID, type PageOf, pageOf, record, schemas } from './jsonSchema.ts';

/** What the allow-list lets through: short strings, numbers, booleans, null, and small nests of them. */
export type SafeValue = string | number | boolean | null | SafeValue[] | { [key: string]: SafeValue };

/** An XState state value: a state name, or nested regions. */
export type RecordedStateValue = string | { [region: string]: RecordedStateValue };

/** A recorded event: its type and the allow-listed fields; everything else is `REDACTED` or absent. */
export type RecordedEvent = { type: string } & { [field: string]: SafeValue };

/** One step of a session: an actor received an event and reached a state. */
export type ReplayEntry = {
  /** Position in the session, from 0; a gap means the in-memory buffer dropped steps. */
  seq: number;
  /** Milliseconds since the session started. */
  at: number;
  /** `app` for the root actor, else the child's systemId (or id). */
  actor: string;
  /** Who sent it: an actor name, `effect:<name>` for a call's outcome, or null (a view, the http client). */
  source: string | null;
  event: RecordedEvent;
  /** The actor's state value after the event. */
  state: RecordedStateValue;
  /** The allow-listed context after the event; absent when unchanged since the actor's previous step. */
  context?: Record<string, SafeValue>;
};

/** The placeholder of every value the allow-list does not name. */
export const REDACTED = '[redacted]';

/** The name the root actor is recorded under. */
export const ROOT_ACTOR = 'app';

/** A pseudo-event: the session starts here, from the root state recorded with it (not from a fresh load). */
export const REPLAY_START = 'replay.start';

export const REPLAY_LIMITS = {
  /** Steps kept in the browser while they wait to be sent; the oldest go first. */
  bufferSize: 1000,
  /** Steps per POST. */
  batchSize: 100,
  /** Bytes per POST body. */
  bodyBytes: 128 * 1024,
  /** Longest string value kept. */
  stringLength: 120,
  /** Steps the server keeps per session (a tab recording for days starts a new session). */
  sessionEntries: 20_000,
  /** POSTs per user and minute. */
  batchesPerMinute: 60,
  /** Days a recording is kept. */
  retentionDays: 14,
} as const;

/** A client-generated session id: 16–64 URL-safe characters. */
export const SESSION_ID_PATTERN = '^[A-Za-z0-9_-]{16,64}$';
/** Actor names, field names, state names. */
export const NAME_PATTERN = '^[A-Za-z0-9_.:-]{1,120}$';
/** Event types (`xstate.done.actor.0.app.auth.signingIn` is long). */
export const EVENT_TYPE_PATTERN = '^[A-Za-z0-9_.:@-]{1,200}$';

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

/*
 * The allow-listed values and state values nest `depth` levels (JSON Schema without recursion): their schemas
 * are built, so their types are the recursive `SafeValue` and `RecordedStateValue` above, not derived.
 */

/** A value of the allow-list: a leaf, or objects and arrays of them, `depth` levels deep (no recursion). */
function safeValue(depth: number): JSONSchema {
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
function stateValue(depth: number): JSONSchema {
  const stateName = { type: 'string', pattern: NAME_PATTERN } as const;
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

const fieldsObject = (depth: number) =>
  ({
    type: 'object',
    maxProperties: MAX_FIELDS,
    propertyNames: { pattern: NAME_PATTERN },
    additionalProperties: safeValue(depth),
  }) as const;

/** One recorded step as the server accepts it (its type is `ReplayEntry`). */
const replayEntrySchema = {
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

const sessionParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: SESSION_ID_PATTERN } },
} as const;

const appendBody = {
  type: 'object',
  additionalProperties: false,
  required: ['startedAt', 'entries'],
  properties: {
    startedAt: isoDateTime,
    entries: { type: 'array', minItems: 1, maxItems: REPLAY_LIMITS.batchSize, items: replayEntrySchema },
  },
} as const;
/** One batch of recorded steps; a `ReplayEntry` is one of its entries. */
export type AppendBody = Infer<typeof appendBody>;
/** A step as the server accepts it: what the schema checks (the nested values and states left open). */
export type ReplayEntryInput = Infer<typeof replayEntrySchema>;

const settingsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['optOut'],
  properties: { optOut: { type: 'boolean' } },
} as const;
/** The signed-in user's choice: `optOut` true means nothing of theirs is recorded. */
export type ReplaySettings = Infer<typeof settingsBody>;
const settingsSchema = record({ optOut: { type: 'boolean' } });

/** A recorded session as the admin list shows it. */
export const replaySessionSchema = record({
  id: { type: 'string' },
  userId: { type: 'integer' },
  userEmail: { type: 'string' },
  accountId: { type: ['integer', 'null'] },
  startedAt: dateTime,
  lastEventAt: dateTime,
  entryCount: { type: 'integer' },
});
export type ReplaySession = Infer<typeof replaySessionSchema>;

/** The client's view of a session: ids as strings, like every id the client holds. */
export type ReplaySessionSummary = Omit<ReplaySession, 'userId' | 'accountId'> & {
  userId: string;
  accountId: string | null;
};
/** One page of sessions as the client holds it. */
export type ReplaySessionSummaryPage = PageOf<'items', ReplaySessionSummary>;

const sessionsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
    userId: { type: 'integer', minimum: 1, maximum: MAX_ID },
    email: { type: 'string', maxLength: 254 },
  },
} as const;
/** The admin list's page and filter (page and pageSize filled by their defaults). */
export type ReplaySessionsQuery = Infer<typeof sessionsQuery>;

const sessionsPage = pageOf('items', replaySessionSchema);
export type ReplaySessionsPage = Infer<typeof sessionsPage>;

/** A session and its steps in order. */
const sessionDetailSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['session', 'entries'],
  properties: {
    session: replaySessionSchema,
    // Stored as validated on the way in; passed through as they are.
    entries: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;
/** A session and its steps (the steps typed as the `ReplayEntry` they were validated as). */
export type ReplaySessionDetail = { session: ReplaySession; entries: ReplayEntry[] };
/** A session and its steps as the client holds them. */
export type ReplaySessionView = { session: ReplaySessionSummary; entries: ReplayEntry[] };

/** The routes' schemas: params, query, body and every answer. */
export const replayApi = {
  getSettings: { response: { 200: settingsSchema, 401: schemas.message } },
  putSettings: { body: settingsBody, response: { 200: settingsSchema, 401: schemas.message } },
  append: {
    params: sessionParams,
    body: appendBody,
    response: {
      204: schemas.noContent,
      ...denied,
      409: schemas.message,
      413: schemas.message,
      429: schemas.message,
    },
  },
  list: { querystring: sessionsQuery, response: { 200: sessionsPage, ...denied } },
  get: {
    params: sessionParams,
    response: { 200: sessionDetailSchema, ...denied, 404: schemas.message },
  },
} as const;
