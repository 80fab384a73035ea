import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ALLOWED_UNCOVERED } from './allowedUncovered.ts';
import {
  allowedUncovered,
  COVERAGE_DIR,
  type CoverageRecord,
  declaredOf,
  gateFindings,
} from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { MODELS } from './models/index.ts';

// The coverage gate of `npm test` (its own vitest project, run after the model tests: vite.config.ts).
// Each model test drives its real machine along the generated paths with an inspector that records every
// transition XState took, and leaves that record in .cache/machine-coverage/<machine>.json
// (`testRealCoverage`). This gate counts, for every machine of src/machines, its declared transitions that
// no generated path took, and fails naming the machine and the transition; ALLOWED_UNCOVERED
// (allowedUncovered.ts) lists, with a reason each, the few that the model tests genuinely cannot reach.

const modules = import.meta.glob<Record<string, unknown>>('../../src/machines/**/*.ts', { eager: true });

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'provide' in value;
}

const machines = Object.values(modules).flatMap((exports) =>
  Object.entries(exports).filter((entry): entry is [string, AnyStateMachine] => isMachine(entry[1])),
);

test('every machine of src/machines has effect-free models in the registry', () => {
  expect(machines.length).toBeGreaterThan(10);
  const unmodelled = machines.map(([name]) => name).filter((name) => !MODELS[name]);
  expect(unmodelled, 'machines with no model in tests/machines/models/index.ts').toEqual([]);
});

test('the registry names no machine that does not exist', () => {
  const names = new Set(machines.map(([name]) => name));
  expect(Object.keys(MODELS).filter((name) => !names.has(name))).toEqual([]);
});

function recordOf(name: string): CoverageRecord | null {
  const file = join(COVERAGE_DIR, `${name}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CoverageRecord) : null;
}

test('the gate names a declared transition no path took, and an allow-list entry no longer needed', () => {
  const declared = ['m.a --go--> m.b', 'm.b --back--> m.a', 'm.b --reset--> m.a'];
  const record = { transitions: ['m.a --go--> m.b', 'm.b --reset--> m.a'] };
  expect(gateFindings('fooMachine', declared, record, new Set())).toEqual({
    uncovered: ['fooMachine: m.b --back--> m.a'],
    staleAllowed: [],
  });
  expect(gateFindings('fooMachine', declared, record, new Set(['m.b --back--> m.a']))).toEqual({
    uncovered: [],
    staleAllowed: [],
  });
  const allowed = new Set(['m.b --reset--> m.a', 'm.gone --x--> m.a']);
  expect(gateFindings('fooMachine', declared, record, allowed).staleAllowed).toEqual([
    'fooMachine: m.b --reset--> m.a',
    'fooMachine: m.gone --x--> m.a',
  ]);
});

test('the allow-list names only machines with models, each entry with a reason, none twice', () => {
  const keys = ALLOWED_UNCOVERED.map((a) => `${a.machine}: ${a.transition}`);
  expect(ALLOWED_UNCOVERED.filter((a) => !MODELS[a.machine] || a.reason.trim().length < 10)).toEqual([]);
  expect(keys.length).toBe(new Set(keys).size);
});

for (const [name, machine] of machines) {
  const entry = MODELS[name];
  if (!entry) continue;
  test(`${name}: the generated paths of ${entry.testFile} take every transition of the real machine`, () => {
    const declared = declaredOf(machine).transitions;
    // The machine declares something to cover at all (a machine with no transitions would pass vacuously).
    expect(declared.length).toBeGreaterThan(0);
    const record = recordOf(name);
    expect(
      record,
      `${name}: no record of its paths — run ${entry.testFile} (npm test runs it before this gate)`,
    ).not.toBeNull();
    if (!record) return;
    expect(record.declared, `${name} changed since ${entry.testFile} last ran: run it again`).toEqual(
      declared,
    );
    const { uncovered, staleAllowed } = gateFindings(name, declared, record, allowedUncovered(name));
    expect(uncovered, `transitions of ${name} that no generated path takes`).toEqual([]);
    // An allow-list entry must still be needed: declared by the machine and not taken by any path.
    expect(staleAllowed, `allow-list entries of ${name} that no longer apply`).toEqual([]);
  });
  for (const model of entry.models) {
    test(`${name}: the shortest paths of ${model.id} walk every state and transition of it`, () => {
      const paths = createTestModel(model, {
        serializeTransition: serializeEveryTransition,
      }).getShortestPaths();
      const initial = String(model.root.initial?.target?.[0]?.key ?? '');
      const { edges, states } = walked(paths, initial);
      expect([...declaredStates(model)].filter((s) => s !== model.id && !states.has(s))).toEqual([]);
      expect([...declaredTransitions(model)].filter((e) => !edges.has(e))).toEqual([]);
    });
  }
}
