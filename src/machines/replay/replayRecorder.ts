import type { AnyActorRef, InspectionEvent } from 'xstate';
import {
  REPLAY_LIMITS,
  REPLAY_START,
  type RecordedStateValue,
  type ReplayEntry,
  ROOT_ACTOR,
} from '../../contracts/replay.ts';
import { RingBuffer } from './ringBuffer.ts';
import { sanitiseContext, sanitiseEvent, sanitiseStateValue } from './sanitise.ts';

/** A recorded session: whose it is (null until someone signs in) and when it started. */
export type RecordedSession = { id: string; owner: string | null; startedAt: number };

export type RecordedBatch = { session: RecordedSession; entries: ReplayEntry[] };

export type RecorderListener = {
  /** The signed-in user changed (their id, or null): told once at once, then on every change. */
  onUser?: (userId: string | null) => void;
  /** A step was recorded. */
  onEntry?: (entry: ReplayEntry, session: RecordedSession) => void;
};

export type RecorderOptions = {
  /** Steps kept while they wait to be sent (the oldest are dropped first). */
  capacity?: number;
  /** Start recording at once (false: only when `setRecording(true)` says so). */
  recording?: boolean;
  now?: () => number;
  newSessionId?: () => string;
  /** Steps per session before a new one starts. */
  sessionEntries?: number;
};

type Live = RecordedSession & { seq: number; contexts: Map<string, string> };
type Item = { sessionId: string; entry: ReplayEntry };
type MachineSnapshot = { value: unknown; context?: unknown; children?: Record<string, AnyActorRef> };

const isMachineSnapshot = (snapshot: unknown): snapshot is MachineSnapshot =>
  typeof snapshot === 'object' && snapshot !== null && 'value' in snapshot;

const nameOf = (ref: AnyActorRef): string => (ref as { systemId?: string }).systemId ?? ref.id;

const randomSessionId = () => crypto.randomUUID().replaceAll('-', '');

export type ReplayRecorder = ReturnType<typeof createReplayRecorder>;

/**
 * Records what the app's machines do, for support: pass `inspect` to `createActor` and every step of
 * the root actor and of each child (event received, state reached, context) lands, sanitised by the
 * allow-list, in a bounded in-memory buffer that the shipper drains. Nothing here sends anything.
 */
export function createReplayRecorder(options: RecorderOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const newSessionId = options.newSessionId ?? randomSessionId;
  const sessionEntries = options.sessionEntries ?? REPLAY_LIMITS.sessionEntries;
  const buffer = new RingBuffer<Item>(options.capacity ?? REPLAY_LIMITS.bufferSize);
  const sessions = new Map<string, Live>();
  const sources = new WeakMap<object, AnyActorRef | undefined>();
  const listeners = new Set<RecorderListener>();
  let recording = options.recording ?? true;
  // The app's root: the first actor the recorder hears of (it is created before its children). Its children
  // (the Storefront preview's cart among them) are named by their systemId.
  let root: AnyActorRef | undefined;
  let user: string | null | undefined;
  let failures = 0;
  let current = open(null);

  function open(owner: string | null): Live {
    const session: Live = { id: newSessionId(), owner, startedAt: now(), seq: 0, contexts: new Map() };
    sessions.set(session.id, session);
    return session;
  }

  /** A new session that starts from where the app is now (not from a fresh load). */
  function restart(owner: string | null): void {
    current = open(owner);
    prune();
    const snapshot = root?.getSnapshot() as unknown;
    if (!isMachineSnapshot(snapshot)) return;
    const children: Record<string, RecordedStateValue> = {};
    for (const child of Object.values(snapshot.children ?? {})) {
      const childSnapshot = child?.getSnapshot() as unknown;
      if (isMachineSnapshot(childSnapshot)) children[nameOf(child)] = sanitiseStateValue(childSnapshot.value);
    }
    push(ROOT_ACTOR, null, { type: REPLAY_START, children }, snapshot);
  }

  function push(
    actor: string,
    source: string | null,
    event: ReplayEntry['event'],
    snapshot: MachineSnapshot,
  ) {
    const context = sanitiseContext(actor, snapshot.context);
    const contextText = JSON.stringify(context);
    const changed = current.contexts.get(actor) !== contextText;
    current.contexts.set(actor, contextText);
    const entry: ReplayEntry = {
      seq: current.seq,
      at: Math.max(0, Math.round(now() - current.startedAt)),
      actor,
      source,
      event,
      state: sanitiseStateValue(snapshot.value),
      ...(changed ? { context } : {}),
    };
    current.seq += 1;
    buffer.push({ sessionId: current.id, entry });
    for (const listener of listeners) listener.onEntry?.(entry, info(current));
    if (current.seq >= sessionEntries) restart(current.owner);
  }

  function sourceOf(event: object): { source: string | null; effect: string | null } {
    const ref = sources.get(event);
    if (!ref) return { source: null, effect: null };
    if (ref === root) return { source: ROOT_ACTOR, effect: null };
    if (isMachineSnapshot(ref.getSnapshot())) return { source: nameOf(ref), effect: null };
    const effect = typeof ref.src === 'string' ? ref.src : null;
    return { source: `effect:${effect ?? 'anonymous'}`, effect };
  }

  function trackUser(context: unknown): void {
    const next = (context as { user?: { id?: unknown } | null } | undefined)?.user?.id;
    const userId = typeof next === 'string' ? next : null;
    if (userId === user) return;
    user = userId;
    if (recording) {
      if (current.owner === null) current.owner = userId;
      else if (current.owner !== userId) restart(userId);
    }
    for (const listener of listeners) listener.onUser?.(userId);
  }

  function record(inspection: InspectionEvent): void {
    if (inspection.type === '@xstate.actor') {
      root ??= inspection.actorRef as AnyActorRef;
      return;
    }
    if (inspection.type === '@xstate.event') {
      sources.set(inspection.event, inspection.sourceRef as AnyActorRef | undefined);
      return;
    }
    if (inspection.type !== '@xstate.snapshot' || !isMachineSnapshot(inspection.snapshot)) return;
    const ref = inspection.actorRef as AnyActorRef;
    const actor = ref === root ? ROOT_ACTOR : nameOf(ref);
    if (recording && inspection.event.type !== 'xstate.stop') {
      const { source, effect } = sourceOf(inspection.event);
      push(actor, source, sanitiseEvent(inspection.event, { actor, effect }), inspection.snapshot);
    }
    // After the step: signing out is the old session's last step; what follows starts a new one.
    if (actor === 'session') trackUser(inspection.snapshot.context);
  }

  function prune(): void {
    const used = new Set(buffer.peek().map((item) => item.sessionId));
    for (const id of sessions.keys()) if (id !== current.id && !used.has(id)) sessions.delete(id);
  }

  const info = (session: Live): RecordedSession => ({
    id: session.id,
    owner: session.owner,
    startedAt: session.startedAt,
  });

  return {
    /** The inspection observer: `createActor(machine, { inspect: recorder.inspect })`. Never throws. */
    inspect(inspection: InspectionEvent): void {
      try {
        record(inspection);
      } catch {
        // A step that cannot be recorded is left out (the sequence shows the gap); the app goes on.
        failures += 1;
      }
    },
    get recording(): boolean {
      return recording;
    },
    /** On: a new session starts from the current state. Off: everything buffered is forgotten. */
    setRecording(on: boolean): void {
      if (on === recording) return;
      recording = on;
      buffer.clear();
      if (on) restart(user ?? null);
      else prune();
    },
    /** Abandons the current session and starts a new one from the current state. */
    restart(): void {
      if (recording) restart(user ?? null);
    },
    current: (): RecordedSession => info(current),
    /** The oldest buffered steps, at most `max`, all of one session. */
    nextBatch(max: number): RecordedBatch | null {
      const items = buffer.peek(max);
      const first = items[0];
      if (!first) return null;
      const session = sessions.get(first.sessionId);
      const end = items.findIndex((item) => item.sessionId !== first.sessionId);
      const entries = (end < 0 ? items : items.slice(0, end)).map((item) => item.entry);
      return session ? { session: info(session), entries } : null;
    },
    /** Forgets the oldest `count` steps (sent, or given up on). */
    ack(count: number): void {
      buffer.shift(count);
      prune();
    },
    /** Forgets every buffered step of a session. */
    discard(sessionId: string): void {
      buffer.remove((item) => item.sessionId === sessionId);
      prune();
    },
    listen(listener: RecorderListener): () => void {
      listeners.add(listener);
      if (user !== undefined) listener.onUser?.(user);
      return () => listeners.delete(listener);
    },
    get size(): number {
      return buffer.size;
    },
    /** Steps lost: pushed out of a full buffer, or that failed to record. */
    get dropped(): number {
      return buffer.dropped + failures;
    },
  };
}
