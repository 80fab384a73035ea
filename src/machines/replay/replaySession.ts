import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate';
import {
  REDACTED,
  REPLAY_START,
  type RecordedEvent,
  type RecordedStateValue,
  type ReplayEntry,
  ROOT_ACTOR,
  type SafeValue,
} from '../../contracts/replay.ts';
import { ApiError } from '../../services/http/ApiError.ts';
import type { AppInput } from '../app/appMachine.ts';
import { createSandboxAppMachine, type SandboxAppMachine } from './sandboxAppMachine.ts';
import { sanitiseContext, sanitiseStateValue } from './sanitise.ts';

export type ContextChange = { path: string; before: SafeValue | undefined; after: SafeValue | undefined };

/** One step of a replayed session. */
export type ReplayStep = {
  entry: ReplayEntry;
  /** The actor's recorded context after the step (carried from its previous step when unchanged). */
  context: Record<string, SafeValue>;
  /** What changed in that context since the actor's previous step. */
  changes: ContextChange[];
  /** Root steps: the state the sandbox reached from the recorded events, and whether it is the recorded one. */
  replayed: { state: RecordedStateValue; matches: boolean } | null;
  /** Each child's recorded state value as of this step. */
  children: Record<string, RecordedStateValue>;
};

export type SessionReplay = {
  /** The sandbox machine the replay ran on (its snapshots belong to it). */
  machine: SandboxAppMachine;
  steps: ReplayStep[];
  /** The sandbox's root snapshot after step `index` (the last root step at or before it), or null. */
  snapshotAt(index: number): AnyMachineSnapshot | null;
  /** Root steps where the sandbox did not reach the recorded state (it then carries on from the recorded one). */
  divergences: number;
};

/** A stand-in for the signed-in user of a recording: who they were is not recorded. */
const PLACEHOLDER_SESSION = {
  token: REDACTED,
  user: {
    id: REDACTED,
    email: REDACTED,
    name: REDACTED,
    role: 'user' as const,
    plan: 0 as const,
    status: 'active' as const,
    accountId: null,
  },
  accountId: null,
};

const isObject = (value: unknown): value is Record<string, SafeValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The recorded load (see `sanitiseAppInput`) as an input the app machine takes. */
export function inputFromRecording(recorded: SafeValue | undefined): AppInput {
  const input = isObject(recorded) ? recorded : {};
  const builder = isObject(input.builder) ? input.builder : null;
  const room = builder ? (builder.websiteId ?? builder.draftId) : null;
  const location =
    input.oauth === 'google'
      ? { pathname: '/google-callback', search: `?code=${REDACTED}&state=${REDACTED}` }
      : input.oauth === 'facebook'
        ? { pathname: '/', search: `?code=${REDACTED}` }
        : { pathname: typeof room === 'string' ? `/builder/${room}` : '/', search: '' };
  return { session: input.signedIn === true ? PLACEHOLDER_SESSION : null, location, oauthProcessed: false };
}

/** A recorded event as the machine takes it: a call's failure becomes an error of the recorded kind. */
export function eventFromRecording(event: RecordedEvent): { type: string } {
  if (event.type.startsWith('xstate.error.actor.')) {
    const recorded = isObject(event.error) ? event.error : {};
    const error =
      typeof recorded.status === 'number'
        ? new ApiError(recorded.status, REDACTED)
        : Object.assign(new Error(REDACTED), {
            name: typeof recorded.name === 'string' ? recorded.name : 'Error',
          });
    return { ...event, error } as { type: string };
  }
  return event;
}

export const sameState = (a: RecordedStateValue, b: RecordedStateValue): boolean =>
  JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));

function sortKeys(value: RecordedStateValue): RecordedStateValue {
  if (typeof value === 'string') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key] as RecordedStateValue)]),
  );
}

const topView = (state: RecordedStateValue) => (typeof state === 'string' ? state : Object.keys(state)[0]);

/** The recorded root context fields that steer the root machine, where they were recorded exactly. */
function steering(context: Record<string, SafeValue> | undefined): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of ['next', 'setupVariant', 'generatorError'] as const) {
    const value = context?.[key];
    if (typeof value === 'string' && value !== REDACTED) kept[key] = value;
  }
  const builder = context?.builder;
  if (isObject(builder) && Object.values(builder).every((value) => value !== REDACTED))
    kept.builder = builder;
  return kept;
}

/** How a load reaches each top-level view by real events (so the view's children exist). */
function seedPath(
  view: string | undefined,
  steer: Record<string, unknown>,
  context?: Record<string, SafeValue>,
): { input: Record<string, SafeValue>; events: string[] } {
  const signedIn = { signedIn: true };
  switch (view) {
    case 'dashboard':
      return { input: signedIn, events: [] };
    case 'builder':
      return {
        input: {
          signedIn: true,
          builder: isObject(steer.builder) ? steer.builder : { draftId: 'draft-replay' },
        },
        events: [],
      };
    case 'flowChoice':
      return { input: signedIn, events: ['website.create'] };
    case 'generator':
      return { input: signedIn, events: ['website.create', 'flow.generate'] };
    case 'businessSetup':
      return steer.setupVariant === 'generate'
        ? { input: signedIn, events: ['website.generate'] }
        : { input: {}, events: ['auth.register', 'xstate.done.actor.0.app.auth.registering'] };
    case 'oauth':
      return {
        input: { signedIn: true, oauth: isObject(context?.oauth) ? (context.oauth.provider ?? null) : null },
        events: [],
      };
    default:
      return { input: {}, events: [] };
  }
}

/**
 * A root snapshot in the recorded state, for a session that starts mid-way: the real machine is driven
 * to the recorded view by a short real path, then put in the recorded sub-state with the recorded
 * steering context.
 */
function seed(machine: SandboxAppMachine, state: RecordedStateValue, context?: Record<string, SafeValue>) {
  const steer = steering(context);
  const { input, events } = seedPath(topView(state), steer, context);
  const seeded = events.reduce<AnyMachineSnapshot>(
    (snapshot, type) => transition(machine, snapshot as never, { type } as never)[0],
    initialTransition(machine, inputFromRecording(input))[0],
  );
  return settle(machine, seeded, state, steer);
}

/** The snapshot put in `state` (keeping its children), with `steer` over its context. */
function settle(
  machine: SandboxAppMachine,
  snapshot: AnyMachineSnapshot,
  state: RecordedStateValue,
  steer: Record<string, unknown> = {},
): AnyMachineSnapshot {
  if (sameState(sanitiseStateValue(snapshot.value), state) && Object.keys(steer).length === 0)
    return snapshot;
  try {
    const resolved = machine.resolveState({
      value: state as never,
      context: { ...snapshot.context, ...steer },
    });
    return Object.assign(resolved, { children: snapshot.children }) as AnyMachineSnapshot;
  } catch {
    return snapshot; // a state this version of the app no longer has
  }
}

function changesOf(
  before: Record<string, SafeValue>,
  after: Record<string, SafeValue>,
  prefix = '',
): ContextChange[] {
  const changes: ContextChange[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (isObject(a) && isObject(b)) changes.push(...changesOf(a, b, `${prefix}${key}.`));
    else changes.push({ path: `${prefix}${key}`, before: a, after: b });
  }
  return changes;
}

/**
 * Replays a recorded session in the sandbox: the real app machine (effects taken out, see
 * sandboxAppMachine.ts) is fed the recorded root events with the pure `initialTransition`/`transition`,
 * and each state it reaches is compared with the recorded one. Children's steps are shown as recorded.
 */
export function replaySession(
  entries: readonly ReplayEntry[],
  machine = createSandboxAppMachine(),
): SessionReplay {
  const ordered = [...entries].sort((a, b) => a.seq - b.seq);
  const contexts = new Map<string, Record<string, SafeValue>>();
  const children: Record<string, RecordedStateValue> = {};
  const snapshots: (AnyMachineSnapshot | null)[] = [];
  const steps: ReplayStep[] = [];
  let snapshot: AnyMachineSnapshot | null = null;
  let divergences = 0;

  for (const entry of ordered) {
    const before = contexts.get(entry.actor) ?? {};
    const context = entry.context ?? before;
    contexts.set(entry.actor, context);
    let replayed: ReplayStep['replayed'] = null;
    if (entry.actor === ROOT_ACTOR) {
      const { type } = entry.event;
      if (type === 'xstate.init')
        [snapshot] = initialTransition(machine, inputFromRecording(entry.event.input));
      else if (type === REPLAY_START || snapshot === null) snapshot = seed(machine, entry.state, context);
      else [snapshot] = transition(machine, snapshot as never, eventFromRecording(entry.event) as never);
      if (type === REPLAY_START && isObject(entry.event.children))
        Object.assign(children, entry.event.children);
      const state = sanitiseStateValue(snapshot.value);
      const matches = sameState(state, entry.state);
      replayed = { state, matches };
      if (!matches) {
        divergences += 1;
        snapshot = settle(machine, snapshot, entry.state);
      }
    } else {
      children[entry.actor] = entry.state;
    }
    snapshots.push(snapshot);
    steps.push({ entry, context, changes: changesOf(before, context), replayed, children: { ...children } });
  }
  // Children start before the root's first step: show them with the root's first state.
  const first = snapshots.find((candidate) => candidate !== null) ?? null;
  return { machine, steps, snapshotAt: (index) => snapshots[index] ?? first, divergences };
}

/** The sandbox's root context as the recording would show it. */
export const replayedContext = (snapshot: AnyMachineSnapshot): Record<string, SafeValue> =>
  sanitiseContext(ROOT_ACTOR, snapshot.context);
