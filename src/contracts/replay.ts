/**
 * Session replay on the wire: what one recorded step looks like, and the limits both ends keep.
 * (The server imports this module; keep it free of browser APIs.)
 */

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
