import { type Actor, type AnyMachineSnapshot, createActor } from 'xstate';
import { REDACTED, type RecordedStateValue, ROOT_ACTOR, type SafeValue } from '../../contracts/replay.ts';
import type { SessionReplay } from './replaySession.ts';
import type { SandboxAppMachine } from './sandboxAppMachine.ts';

/** What the recording says each child actor was at a step: its state and allow-listed context. */
export type RecordedChildren = Record<
  string,
  { state: RecordedStateValue; context: Record<string, SafeValue> }
>;

/** Each child's last recorded state and context at step `index` (or before it). */
export function childrenAt(replay: SessionReplay, index: number): RecordedChildren {
  const children: RecordedChildren = {};
  const start = replay.steps[0];
  for (const [name, state] of Object.entries(start?.children ?? {})) children[name] = { state, context: {} };
  for (const step of replay.steps.slice(0, index + 1)) {
    if (step.entry.actor !== ROOT_ACTOR) {
      children[step.entry.actor] = { state: step.entry.state, context: step.context };
    }
  }
  return children;
}

// A restored actor takes its context from the snapshot; the input is only there for the types.
const UNUSED_INPUT = { session: null, location: { pathname: '/', search: '' }, oauthProcessed: false };

type PersistedChild = { snapshot: { value?: unknown; context?: Record<string, unknown> }; systemId?: string };
type PersistedApp = { children?: Record<string, PersistedChild> };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Recorded context over the real one, field by field, where the recorded value is real and of the same kind. */
function mergeContext(
  context: Record<string, unknown> | undefined,
  recorded: Record<string, SafeValue>,
): Record<string, unknown> | undefined {
  if (!context) return context;
  const merged = { ...context };
  for (const [key, value] of Object.entries(recorded)) {
    if (!(key in merged) || value === REDACTED || value === null) continue;
    const current = merged[key];
    const sameKind =
      current === null
        ? !Array.isArray(value)
        : Array.isArray(current) === Array.isArray(value) && typeof current === typeof value;
    if (sameKind) merged[key] = isObject(current) && isObject(value) ? { ...current, ...value } : value;
  }
  return merged;
}

/**
 * An actor of the sandbox machine standing where the replay stands at a step: the root as replayed, its
 * children put in their recorded states (with the safe parts of their recorded context). Not started:
 * the caller starts it, renders the read-only views on it, and stops it. If the recorded child states do
 * not fit this version of the machines, the children stay as the replay left them.
 */
export function createSandboxActor(
  machine: SandboxAppMachine,
  snapshot: AnyMachineSnapshot,
  children: RecordedChildren,
): Actor<SandboxAppMachine> {
  const plain = machine.getPersistedSnapshot(snapshot as never) as PersistedApp;
  let patched: PersistedApp;
  try {
    patched = structuredClone(plain);
  } catch {
    return createActor(machine, { snapshot: plain as never, input: UNUSED_INPUT });
  }
  for (const [id, child] of Object.entries(patched.children ?? {})) {
    const recorded = children[child.systemId ?? id];
    if (!recorded || !child.snapshot || !('value' in child.snapshot)) continue;
    child.snapshot = {
      ...child.snapshot,
      value: recorded.state,
      context: mergeContext(child.snapshot.context, recorded.context),
    };
  }
  const actor = createActor(machine, { snapshot: patched as never, input: UNUSED_INPUT });
  if (actor.getSnapshot().status !== 'error') return actor;
  return createActor(machine, { snapshot: plain as never, input: UNUSED_INPUT });
}
