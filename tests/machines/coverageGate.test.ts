import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { declaredOf } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { MODELS } from './models/index.ts';

// The coverage gate of `npm test`. Each model test ends with `testRealCoverage`, which fails naming every
// state and transition of its real machine that no generated path took; this file makes sure no machine
// escapes that: every machine in src/machines has models, their paths walk all of each model, and the test
// that drives the machine along them carries the real-coverage check.

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

for (const [name, machine] of machines) {
  const entry = MODELS[name];
  if (!entry) continue;
  test(`${name}: its model test drives the real machine and checks its coverage`, () => {
    const source = readFileSync(join(process.cwd(), 'tests/machines', entry.testFile), 'utf8');
    expect(source).toContain(`testRealCoverage(`);
    expect(source).toMatch(new RegExp(`\\b${name}\\b`));
    // The machine declares something to cover at all (a machine with no transitions would pass vacuously).
    expect(declaredOf(machine).transitions.length).toBeGreaterThan(0);
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
