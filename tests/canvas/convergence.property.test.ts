import fc from 'fast-check';
import { expect, test } from 'vitest';
import { insertElement, moveElement, removeElement, updateElement } from '../../src/canvas/ops/elementOps.ts';
import { edit, type SiteDoc } from '../../src/canvas/siteDoc.ts';
import { readTree } from '../../src/canvas/tree.ts';
import { createUndoManager } from '../../src/canvas/undo.ts';
import { shape, siteWithHome, syncAll } from './canvasFixtures.ts';

type Op =
  | { kind: 'insert'; doc: number; parent: number; index: number }
  | { kind: 'move'; doc: number; target: number; parent: number; index: number }
  | { kind: 'update'; doc: number; target: number; value: number }
  | { kind: 'remove'; doc: number; target: number }
  | { kind: 'undo'; doc: number }
  | { kind: 'redo'; doc: number }
  | { kind: 'sync'; a: number; b: number };

const pick = fc.nat({ max: 1000 });
const opArb = (docs: number, withRemove: boolean): fc.Arbitrary<Op> => {
  const doc = fc.nat({ max: docs - 1 });
  const options: fc.Arbitrary<Op>[] = [
    fc.record({ kind: fc.constant('insert' as const), doc, parent: pick, index: pick }),
    fc.record({ kind: fc.constant('move' as const), doc, target: pick, parent: pick, index: pick }),
    fc.record({ kind: fc.constant('update' as const), doc, target: pick, value: pick }),
    fc.record({ kind: fc.constant('sync' as const), a: doc, b: doc }),
  ];
  if (withRemove) {
    options.push(
      fc.record({ kind: fc.constant('remove' as const), doc, target: pick }),
      fc.record({ kind: fc.constant('undo' as const), doc }),
      fc.record({ kind: fc.constant('redo' as const), doc }),
    );
  }
  return fc.oneof(...options);
};

function setup(count: number) {
  const sites = Array.from({ length: count }, siteWithHome);
  syncAll(sites);
  const undo = sites.map(createUndoManager);
  return { sites, undo };
}

function liveIds(site: SiteDoc): string[] {
  return [...site.elements.keys()].sort();
}

function flatten(site: SiteDoc): string[] {
  const tree = readTree(site);
  const out: string[] = [];
  const walk = (ids: string[]) => {
    for (const id of ids) {
      out.push(id);
      walk(tree.children.get(id) ?? []);
    }
  };
  walk(tree.roots.get('home') ?? []);
  return out;
}

function run(ops: Op[], sites: SiteDoc[], undo: ReturnType<typeof createUndoManager>[], created: string[][]) {
  let counter = 0;
  for (const op of ops) {
    if (op.kind === 'sync') {
      syncAll([sites[op.a] as SiteDoc, sites[op.b] as SiteDoc]);
      continue;
    }
    const site = sites[op.doc] as SiteDoc;
    const ids = liveIds(site);
    const choose = (n: number) => (ids.length === 0 ? null : (ids[n % ids.length] as string));
    if (op.kind === 'undo') undo[op.doc]?.undo();
    else if (op.kind === 'redo') undo[op.doc]?.redo();
    else if (op.kind === 'insert') {
      const id = `d${op.doc}-${counter++}`;
      created[op.doc]?.push(id);
      const parent = op.parent % 3 === 0 ? null : choose(op.parent);
      edit(site, () =>
        insertElement(
          site,
          { id, type: 'container', props: {} },
          { pageId: 'home', parentId: parent, index: op.index % 5 },
        ),
      );
    } else {
      const target = choose(op.target);
      if (target === null) continue;
      if (op.kind === 'move') {
        const parent = op.parent % 3 === 0 ? null : choose(op.parent);
        edit(site, () => moveElement(site, target, { parentId: parent, index: op.index % 5 }));
      } else if (op.kind === 'update') {
        edit(site, () => updateElement(site, target, { [`p${op.doc}`]: op.value }));
      } else {
        edit(site, () => removeElement(site, target));
      }
    }
  }
}

test('random concurrent edits on 2–3 docs converge to one tree without duplicates', () => {
  fc.assert(
    fc.property(
      fc
        .integer({ min: 2, max: 3 })
        .chain((n) => fc.tuple(fc.constant(n), fc.array(opArb(n, true), { maxLength: 60 }))),
      ([count, ops]) => {
        const { sites, undo } = setup(count);
        run(
          ops,
          sites,
          undo,
          sites.map(() => []),
        );
        syncAll(sites);
        const first = shape(sites[0] as SiteDoc);
        for (const site of sites) expect(shape(site)).toEqual(first);
        const ids = flatten(sites[0] as SiteDoc);
        expect(new Set(ids).size).toBe(ids.length);
      },
    ),
    { numRuns: 150 },
  );
});

test('without removals no element is ever lost: each created element is shown exactly once', () => {
  fc.assert(
    fc.property(fc.array(opArb(3, false), { maxLength: 60 }), (ops) => {
      const { sites, undo } = setup(3);
      const created: string[][] = [[], [], []];
      run(ops, sites, undo, created);
      syncAll(sites);
      for (const site of sites) {
        expect(flatten(site).sort()).toEqual(created.flat().sort());
        expect(shape(site)).toEqual(shape(sites[0] as SiteDoc));
      }
    }),
    { numRuns: 150 },
  );
});

test('undoing everything in one doc never reverts another doc’s edits', () => {
  fc.assert(
    fc.property(fc.array(opArb(2, false), { maxLength: 40 }), (ops) => {
      const { sites, undo } = setup(2);
      const created: string[][] = [[], []];
      // Doc 1 works only on its own elements, so doc 0's undo cannot orphan them.
      const own = ops.map((op) => op);
      run(
        own.filter((op) => op.kind !== 'move' || op.doc === 0),
        sites,
        undo,
        created,
      );
      syncAll(sites);
      const [a, b] = sites as [SiteDoc, SiteDoc];
      const bValues = new Map([...b.elements.entries()].map(([id, map]) => [id, map.get('p1')]));
      while (undo[0]?.canUndo()) undo[0].undo();
      syncAll(sites);
      const shown = new Set(flatten(b));
      for (const id of created[1] ?? []) {
        const parent = b.elements.get(id)?.get('parentId') as string | null;
        if (parent === null || (created[1] ?? []).includes(parent)) {
          if (chainIsOwn(b, id, created[1] ?? [])) expect(shown.has(id)).toBe(true);
        }
      }
      for (const [id, map] of b.elements.entries()) expect(map.get('p1')).toBe(bValues.get(id));
      for (const map of a.elements.values()) expect(map.get('p0')).toBeUndefined();
    }),
    { numRuns: 150 },
  );
});

function chainIsOwn(site: SiteDoc, id: string, own: string[]): boolean {
  let current: string | null = id;
  const seen = new Set<string>();
  while (current !== null && !seen.has(current)) {
    if (!own.includes(current)) return false;
    seen.add(current);
    current = (site.elements.get(current)?.get('parentId') as string | null | undefined) ?? null;
  }
  return current === null;
}
