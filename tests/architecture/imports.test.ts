import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, readImportGraph } from './importGraph.ts';
import { violationOf } from './importRules.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { files, edges } = readImportGraph(root, ['src', 'server']);

describe('import graph of src/ and server/', () => {
  it('reads a graph of the whole tree', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(edges.length).toBeGreaterThan(1000);
  });

  it('has no import cycles', () => {
    const cycles = findCycles(files, edges).map((component) => component.join(' ↔ '));
    expect(cycles).toEqual([]);
  });

  it('imports point one way between the layers', () => {
    const violations = edges.flatMap((edge) => {
      const why = violationOf(edge);
      return why === null ? [] : [`${edge.from} → ${edge.to} (${why})`];
    });
    expect(violations).toEqual([]);
  });

  it('the server imports only contracts, canvas and its own files', () => {
    const outside = edges.filter(
      (edge) => edge.from.startsWith('server/') && !/^(server|src\/contracts|src\/canvas)\//.test(edge.to),
    );
    expect(outside.map((edge) => `${edge.from} → ${edge.to}`)).toEqual([]);
  });
});
