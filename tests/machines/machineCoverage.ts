import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { ALLOWED_UNCOVERED } from './allowedUncovered.ts';

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
  /** The machine's declared transitions. */
  declared(): string[];
  /** Every state node id and transition the paths took, as `transitionName` writes them. */
  taken(): { states: string[]; transitions: string[] };
};

/** Where each model test leaves what its generated paths took, for the gate (coverageGate.test.ts). */
export const COVERAGE_DIR = join(process.cwd(), '.cache', 'machine-coverage');

/** The transitions of `machineName` that its model tests may leave untaken (each with its reason). */
export function allowedUncovered(machineName: string): Set<string> {
  return new Set(ALLOWED_UNCOVERED.filter((a) => a.machine === machineName).map((a) => a.transition));
}

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
    declared: () => declaredOf(machine).transitions,
    taken: () => ({ states: [...states].sort(), transitions: [...transitions].sort() }),
  };
}

/** What one model test file's generated paths took in one real machine, as the gate reads it. */
export type CoverageRecord = {
  machine: string;
  /** The machine's declared transitions when the paths ran: a different list now means a stale record. */
  declared: string[];
  states: string[];
  transitions: string[];
};

/**
 * What the gate reports for one machine from its record: declared transitions no path took (allow-listed
 * ones excepted) and allow-list entries that no longer apply, each as `machine: transition`.
 */
export function gateFindings(
  machineName: string,
  declared: readonly string[],
  record: Pick<CoverageRecord, 'transitions'>,
  allowed: ReadonlySet<string>,
): { uncovered: string[]; staleAllowed: string[] } {
  const taken = new Set(record.transitions);
  const named = (t: string) => `${machineName}: ${t}`;
  return {
    uncovered: declared.filter((t) => !taken.has(t) && !allowed.has(t)).map(named),
    staleAllowed: [...allowed].filter((t) => !declared.includes(t) || taken.has(t)).map(named),
  };
}

/**
 * The coverage check of one model file, declared after its path tests (a file's tests run in order):
 * fails naming every state and transition of the real machine that no generated path took, and records
 * what the paths took for the gate (`coverageGate.test.ts`, which runs after every model test).
 */
export function testRealCoverage(coverage: MachineCoverage, machineName: string): void {
  test(`the generated paths drive the real ${machineName} through every state and transition`, () => {
    const record: CoverageRecord = {
      machine: machineName,
      declared: coverage.declared(),
      ...coverage.taken(),
    };
    mkdirSync(COVERAGE_DIR, { recursive: true });
    writeFileSync(join(COVERAGE_DIR, `${machineName}.json`), JSON.stringify(record, null, 1));
    const allowed = allowedUncovered(machineName);
    const { states, transitions } = coverage.uncovered();
    expect({ states, transitions: transitions.filter((t) => !allowed.has(t)) }).toEqual({
      states: [],
      transitions: [],
    });
  });
}
