/**
 * The account's live event stream (GET /api/events, server-sent events): what changed, never the data itself;
 * the client refetches exactly the queries that show it.
 */
import { type Infer, schemas } from './jsonSchema.ts';

export const LIVE_EVENT_KINDS = [
  'forms',
  'orders',
  'crm.contact',
  'crm.lead',
  'crm.deal',
  'crm.activity',
  'crm.pipeline',
  'crm.list',
  'activity',
  'presence',
  // Events may have been missed (the server's listening connection dropped): refetch everything live.
  'resync',
] as const;

export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** One change: its kind and, when one record changed, that record's id. */
export type LiveEvent = { kind: LiveEventKind; id?: string };

export function isLiveEventKind(value: unknown): value is LiveEventKind {
  return typeof value === 'string' && (LIVE_EVENT_KINDS as readonly string[]).includes(value);
}

/** The records whose editors are shown to the account's other members. */
export const PRESENCE_RECORD_KINDS = ['crm.contact', 'crm.lead', 'crm.deal'] as const;
export type PresenceRecordKind = (typeof PRESENCE_RECORD_KINDS)[number];

/** How long a presence lasts unless its editor's browser refreshes it (every PRESENCE_REFRESH_MS). */
export const PRESENCE_TTL_SECONDS = 60;
export const PRESENCE_REFRESH_MS = 20_000;

/** Someone of the account with a record open for editing. */
export const presenceSchema = {
  type: 'object',
  required: ['recordKind', 'recordId', 'userId', 'name'],
  properties: {
    recordKind: { type: 'string', enum: PRESENCE_RECORD_KINDS },
    recordId: { type: 'string' },
    userId: { type: 'integer' },
    name: { type: 'string' },
  },
  additionalProperties: false,
} as const;
export type Presence = Infer<typeof presenceSchema>;

const recordParams = {
  type: 'object',
  additionalProperties: false,
  required: ['recordKind', 'recordId'],
  properties: { recordKind: { type: 'string', enum: PRESENCE_RECORD_KINDS }, recordId: schemas.id },
} as const;

/** The routes' schemas: the event stream and presence on records. */
export const liveEventsApi = {
  stream: {
    response: {
      200: {
        type: 'string',
        description:
          'text/event-stream: a `ready` event once subscribed, then `change` events whose data is ' +
          '`{"events":[{"kind":"crm.contact","id":"12"},…]}`; `: ping` comments keep it open',
      },
    },
  },
  listPresence: { response: { 200: { type: 'array', items: presenceSchema } } },
  markEditing: {
    params: recordParams,
    body: schemas.noBody,
    response: { 204: schemas.noContent, 404: schemas.message },
  },
  stopEditing: { params: recordParams, response: { 204: schemas.noContent } },
} as const;

const RECORD_NOUN: Record<PresenceRecordKind, string> = {
  'crm.contact': 'contact',
  'crm.lead': 'lead',
  'crm.deal': 'deal',
};

/** What the other members see on the record: 'Ann is editing this contact'. */
export function editingMessage(name: string, recordKind: PresenceRecordKind): string {
  return `${name} is editing this ${RECORD_NOUN[recordKind]}`;
}
