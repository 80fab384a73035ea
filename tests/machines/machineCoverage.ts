import { expect, test } from 'vitest';
import type { AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate';

// Which states and transitions of the REAL machines the model-based paths drive through. The harnesses
// pass `coverage.inspect` to `createActor`; XState's inspection API reports every microstep with the
// transition definitions it took, so the gate counts what actually ran, not what a model claims.

type NodeLike = {
  id: string;
  transitions: Map<string, AnyTransitionDefinition[]>;
  always?: AnyTransitionDefinition[];
  states: Record<string, NodeLike>;
};

function guardName(transition: AnyTransitionDefinition): string {
  const guard = transition.guard as unknown;
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    return ` [${String((guard as { type: unknown }).type)}]`;
  }
  return ' [inline guard]';
}

/** A readable, stable name of one declared transition: `source --event [guard]--> targets`. */
export function transitionName(transition: AnyTransitionDefinition): string {
  const source = (transition.source as unknown as NodeLike).id;
  const targets = transition.target?.map((node) => (node as unknown as NodeLike).id).join(', ');
  const event = transition.eventType === '' ? '(always)' : transition.eventType;
  return `${source} --${event}${guardName(transition)}--> ${targets ?? '(no target)'}`;
}

function allNodes(root: NodeLike): NodeLike[] {
  return [root, ...Object.values(root.states).flatMap(allNodes)];
}

/** Every state node id and every transition a machine declares (its own, not its children's). */
export function declaredOf(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const nodes = allNodes(machine.root as unknown as NodeLike);
  const transitions = new Set<string>();
  for (const node of nodes) {
    for (const list of node.transitions.values()) for (const t of list) transitions.add(transitionName(t));
    for (const t of node.always ?? []) transitions.add(transitionName(t));
  }
  return { states: nodes.map((node) => node.id), transitions: [...transitions] };
}

export type MachineCoverage = {
  /** Pass as `createActor(machine, { inspect: coverage.inspect })`. */
  inspect: (event: InspectionEvent) => void;
  /** What the machine declares and the paths never took. */
  uncovered(): { states: string[]; transitions: string[] };
};

/** Tracks one machine (by its id) in every actor whose inspector this is, children included. */
export function trackCoverage(machine: AnyStateMachine): MachineCoverage {
  const states = new Set<string>();
  const transitions = new Set<string>();
  const isTracked = (event: InspectionEvent) =>
    (event.actorRef as { logic?: { id?: string } }).logic?.id === machine.id;
  const recordNodes = (snapshot: unknown) => {
    const nodes = (snapshot as { _nodes?: NodeLike[] })._nodes ?? [];
    for (const node of nodes) states.add(node.id);
  };
  return {
    inspect: (event) => {
      if (!isTracked(event)) return;
      if (event.type === '@xstate.snapshot') recordNodes(event.snapshot);
      if (event.type === '@xstate.microstep') {
        recordNodes(event.snapshot);
        for (const t of event._transitions) {
          transitions.add(transitionName(t));
          // A transient state (left by an eventless transition at once) is never in a settled snapshot.
          states.add((t.source as unknown as NodeLike).id);
        }
      }
    },
    uncovered: () => {
      const declared = declaredOf(machine);
      return {
        states: declared.states.filter((id) => !states.has(id)),
        transitions: declared.transitions.filter((name) => !transitions.has(name)),
      };
    },
  };
}

/**
 * The coverage gate of one model file, declared after its path tests (a file's tests run in order):
 * fails naming every state and transition of the real machine that no generated path took.
 */
export function testRealCoverage(coverage: MachineCoverage, machineName: string): void {
  test(`the generated paths drive the real ${machineName} through every state and transition`, () => {
    expect(coverage.uncovered()).toEqual({ states: [], transitions: [] });
  });
}
