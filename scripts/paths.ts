// `npm run paths -- <machine> [--shortest|--simple] [--limit N] [--json]`: the test paths generated from the
// effect-free models of a machine in src/machines (tests/machines/models), as readable steps, with the states
// and transitions of the model they cover. Without a machine: every machine with its path counts.
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  declaredStates,
  declaredTransitions,
  serializeEveryTransition,
} from '../tests/machines/modelCoverage.ts';
import { E2E_MODELS, MODELS as MACHINE_MODELS } from '../tests/machines/models/index.ts';

// The machines of src/machines, and the flows the browser tests walk.
const MODELS = { ...MACHINE_MODELS, ...E2E_MODELS };

type Kind = 'shortest' | 'simple';
type Step = { event: string; state: string };
type Path = { reaches: string; steps: Step[] };

const args = process.argv.slice(2);
const json = args.includes('--json');
const kind: Kind = args.includes('--simple') ? 'simple' : 'shortest';
const limitAt = args.indexOf('--limit');
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : 200;
const wanted = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--limit');

/** A registry test file as a path from the project root. */
const testPath = (file: string) => join('tests/machines', file);

const initialOf = (model: AnyStateMachine) => String(model.root.initial?.target?.[0]?.key ?? '');

/** What the tests run: one shortest path per transition of the model (xstate/graph). */
function shortestPaths(model: AnyStateMachine): Path[] {
  const paths = createTestModel(model, { serializeTransition: serializeEveryTransition }).getShortestPaths();
  return paths.map((path) => ({
    reaches: String((path.state as { value: unknown }).value),
    steps: path.steps
      .filter((step) => step.event.type !== 'xstate.init')
      .map((step) => ({ event: step.event.type, state: String((step.state as { value: unknown }).value) })),
  }));
}

/**
 * Simple paths (no state visited twice), depth first, at most `max` of them: the full set grows with
 * every ordering of alternative events, so testers read the first ones and raise --limit for more.
 */
function simplePaths(model: AnyStateMachine, max: number): { paths: Path[]; complete: boolean } {
  const next = new Map<string, Step[]>();
  for (const edge of declaredTransitions(model)) {
    const [from, event, to] = edge.split('|') as [string, string, string];
    if (from !== to) next.set(from, [...(next.get(from) ?? []), { event, state: to }]);
  }
  const paths: Path[] = [];
  const walk = (state: string, steps: Step[], seen: Set<string>): boolean => {
    for (const step of next.get(state) ?? []) {
      if (seen.has(step.state)) continue;
      if (paths.length >= max) return false;
      const longer = [...steps, step];
      paths.push({ reaches: step.state, steps: longer });
      if (!walk(step.state, longer, new Set(seen).add(step.state))) return false;
    }
    return true;
  };
  const initial = initialOf(model);
  const complete = walk(initial, [], new Set([initial]));
  return { paths, complete };
}

function coverage(model: AnyStateMachine, paths: Path[]) {
  const initial = initialOf(model);
  const states = new Set([initial]);
  const edges = new Set<string>();
  for (const path of paths) {
    let from = initial;
    for (const step of path.steps) {
      edges.add(`${from}|${step.event}|${step.state}`);
      states.add(step.state);
      from = step.state;
    }
  }
  const allStates = [...declaredStates(model)].filter((s) => s !== model.id);
  const allEdges = [...declaredTransitions(model)];
  const missingStates = allStates.filter((s) => !states.has(s));
  const missingEdges = allEdges.filter((e) => !edges.has(e));
  return {
    states: { covered: allStates.length - missingStates.length, total: allStates.length },
    transitions: { covered: allEdges.length - missingEdges.length, total: allEdges.length },
    uncovered: [
      ...missingStates.map((s) => `state ${s}`),
      ...missingEdges.map((e) => `transition ${e.replaceAll('|', ' → ')}`),
    ],
  };
}

function generate(model: AnyStateMachine) {
  const { paths, complete } =
    kind === 'simple' ? simplePaths(model, limit) : { paths: shortestPaths(model), complete: true };
  return { model: model.id, kind, complete, paths, coverage: coverage(model, paths) };
}

function resolve(name: string): string | null {
  const plain = name.replace(/\.model(\.ts)?$/, '').replace(/Machine$/, '');
  return Object.keys(MODELS).find((key) => key === `${plain}Machine` || key === name) ?? null;
}

if (!wanted) {
  const rows = Object.entries(MODELS).map(([machine, entry]) => {
    const models = entry.models.map(generate);
    const sum = (pick: (m: (typeof models)[number]) => number) => models.reduce((n, m) => n + pick(m), 0);
    return {
      machine,
      models: models.map((m) => m.model),
      paths: sum((m) => m.paths.length),
      states: `${sum((m) => m.coverage.states.covered)}/${sum((m) => m.coverage.states.total)}`,
      transitions: `${sum((m) => m.coverage.transitions.covered)}/${sum((m) => m.coverage.transitions.total)}`,
      test: testPath(entry.testFile),
    };
  });
  if (json) console.log(JSON.stringify(rows, null, 2));
  else {
    console.log(`Generated ${kind} paths per machine (npm run paths -- <machine> for the steps):\n`);
    for (const r of rows) {
      console.log(
        `  ${r.machine.padEnd(22)} ${String(r.paths).padStart(4)} paths  states ${r.states.padEnd(6)} transitions ${r.transitions.padEnd(6)} ${r.test}`,
      );
    }
  }
  process.exit(0);
}

const machine = resolve(wanted);
if (!machine) {
  console.error(`No machine "${wanted}". Known: ${Object.keys(MODELS).join(', ')}`);
  process.exit(2);
}
const entry = MODELS[machine]!;
const results = entry.models.map(generate);

if (json) {
  console.log(JSON.stringify({ machine, test: testPath(entry.testFile), models: results }, null, 2));
} else {
  for (const result of results) {
    const more = result.complete ? '' : ` (the first ${limit}; --limit N for more)`;
    console.log(`${machine} — model ${result.model}, ${result.paths.length} ${kind} paths${more}\n`);
    result.paths.forEach((path, i) => {
      console.log(`Path ${i + 1}: reaches "${path.reaches}"`);
      console.log(`  start in ${initialOf(entry.models.find((m) => m.id === result.model)!)}`);
      for (const step of path.steps) console.log(`  ${step.event.padEnd(24)} → ${step.state}`);
    });
    const c = result.coverage;
    console.log(
      `\nCoverage of ${result.model}: states ${c.states.covered}/${c.states.total}, transitions ${c.transitions.covered}/${c.transitions.total}`,
    );
    for (const missing of c.uncovered) console.log(`  not covered: ${missing}`);
    console.log('');
  }
  console.log(`The shortest paths are what ${testPath(entry.testFile)} runs.`);
}
