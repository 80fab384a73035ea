import {
  EVENT_TYPE_PATTERN,
  NAME_PATTERN,
  REDACTED,
  REPLAY_LIMITS,
  type RecordedEvent,
  type RecordedStateValue,
  type SafeValue,
} from '../../contracts/replay.ts';
import { type AppInput, builderTargetFromPath } from '../app/appMachine.ts';
import { detectOAuthCallback } from '../planner/oauthOnLoad.ts';
import {
  CONTEXT_FIELDS,
  EVENT_FIELDS,
  type FieldRule,
  type FieldRules,
  INPUT_FIELDS,
  OUTPUT_FIELDS,
} from './replayAllowList.ts';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const NAME = new RegExp(NAME_PATTERN);
const EVENT_TYPE = new RegExp(EVENT_TYPE_PATTERN);
const ERROR_NAME = /^[A-Za-z]{1,40}$/;
const MAX_FIELDS = 24;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * What a value the allow-list does not name becomes: what says nothing stays (absent, null, booleans,
 * a blank string as ''), everything else is the placeholder — so "was something typed?" survives for
 * guards, and what was typed does not.
 */
export function placeholder(value: unknown): SafeValue | undefined {
  if (value === undefined || typeof value === 'function') return undefined;
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string' && value.trim() === '') return '';
  return REDACTED;
}

function applyRule(value: unknown, rule: FieldRule): SafeValue | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (rule === 'id') {
    return (typeof value === 'string' && ID.test(value)) || Number.isSafeInteger(value)
      ? (value as string | number)
      : REDACTED;
  }
  if (rule === 'count') return typeof value === 'number' && Number.isFinite(value) ? value : REDACTED;
  if (rule === 'flag') return typeof value === 'boolean' ? value : REDACTED;
  if (rule === 'length') return Array.isArray(value) ? value.length : REDACTED;
  if ('oneOf' in rule) {
    return rule.oneOf.includes(value as string | number) ? (value as string | number) : placeholder(value);
  }
  return isPlainObject(value) ? pick(value, rule.fields) : placeholder(value);
}

/** The object's fields: named ones by their rule, the others as placeholders (field names are code's). */
function pick(source: Record<string, unknown>, rules: FieldRules, skip?: string): Record<string, SafeValue> {
  const picked: Record<string, SafeValue> = {};
  let count = 0;
  for (const key of Object.keys(source)) {
    if (key === skip || !NAME.test(key) || count >= MAX_FIELDS) continue;
    const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
    const value = rule ? applyRule(source[key], rule) : placeholder(source[key]);
    if (value === undefined) continue;
    picked[key] = typeof value === 'string' ? value.slice(0, REPLAY_LIMITS.stringLength) : value;
    count += 1;
  }
  return picked;
}

/** An error as replay keeps it: its kind and HTTP status, never its message. */
export function sanitiseError(error: unknown): Record<string, SafeValue> {
  const named =
    typeof error === 'object' && error !== null ? (error as { name?: unknown; status?: unknown }) : {};
  const name = typeof named.name === 'string' && ERROR_NAME.test(named.name) ? named.name : 'Error';
  return Number.isSafeInteger(named.status) ? { name, status: named.status as number } : { name };
}

/** What the app was loaded with, as replay keeps it: signed in or not, a builder link, an OAuth return. */
export function sanitiseAppInput(input: AppInput | undefined): Record<string, SafeValue> {
  if (!input) return {};
  const signedIn = input.session !== null;
  const builder = signedIn ? builderTargetFromPath(input.location.pathname) : null;
  const oauth = signedIn ? detectOAuthCallback(input.location, input.oauthProcessed) : null;
  return {
    signedIn,
    builder: builder ? pick(builder, INPUT_FIELDS.builder ?? {}) : null,
    oauth: oauth?.provider ?? null,
  };
}

/** Where an event came from, as the sanitiser needs it. */
export type EventOrigin = {
  /** The actor that received it (`app` for the root). */
  actor: string;
  /** For a call's result: the name of the effect that produced it (`login`, `saveSite`). */
  effect?: string | null;
};

/** An event as replay records it: its type and its allow-listed fields (see replayAllowList.ts). */
export function sanitiseEvent(event: { type: string }, origin: EventOrigin): RecordedEvent {
  const type = typeof event.type === 'string' && EVENT_TYPE.test(event.type) ? event.type : REDACTED;
  const raw = event as { type: string } & Record<string, unknown>;
  if (type.startsWith('xstate.done.actor.')) {
    const rules = origin.effect ? OUTPUT_FIELDS[origin.effect] : undefined;
    const output = rules && isPlainObject(raw.output) ? pick(raw.output, rules) : placeholder(raw.output);
    return output === undefined ? { type } : { type, output };
  }
  if (type.startsWith('xstate.error.actor.')) return { type, error: sanitiseError(raw.error) };
  if (type === 'xstate.init') {
    if (origin.actor === 'app') return { type, input: sanitiseAppInput(raw.input as AppInput | undefined) };
    const rules = INPUT_FIELDS[origin.actor];
    const input = rules && isPlainObject(raw.input) ? pick(raw.input, rules) : placeholder(raw.input);
    return input === undefined ? { type } : { type, input };
  }
  return { ...pick(raw, EVENT_FIELDS[type] ?? {}, 'type'), type };
}

/** An actor's context as replay records it: the fields CONTEXT_FIELDS names for it, placeholders else. */
export function sanitiseContext(actor: string, context: unknown): Record<string, SafeValue> {
  return isPlainObject(context) ? pick(context, CONTEXT_FIELDS[actor] ?? {}) : {};
}

/** A state value (state names are code's), bounded in depth; anything odd becomes the placeholder. */
export function sanitiseStateValue(value: unknown, depth = 0): RecordedStateValue {
  if (typeof value === 'string') return NAME.test(value) ? value : REDACTED;
  if (!isPlainObject(value) || depth >= 4) return REDACTED;
  const regions: Record<string, RecordedStateValue> = {};
  for (const key of Object.keys(value).slice(0, MAX_FIELDS)) {
    if (NAME.test(key)) regions[key] = sanitiseStateValue(value[key], depth + 1);
  }
  return regions;
}
