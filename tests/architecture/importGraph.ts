// Reads the import graph of src/ and server/ without a package: a scanner finds static imports, re-exports
// and literal dynamic imports; a small resolver follows relative paths (.ts/.tsx/index).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export type ImportEdge = { from: string; to: string };

// `import x from '…'`, `import type {…} from '…'`, `export {…} from '…'`, `export * from '…'`, `import '…'`.
const STATIC = /(?:^|[;}\s])(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s*)?['"]([^'"\n]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
const BLOCK_COMMENT = /\/\*[\s\S]*?\*\//g;
const LINE_COMMENT = /^\s*\/\/.*$/gm;

/** The module specifiers a source file imports (comments removed first so examples in them do not count). */
export function importSpecifiers(source: string): string[] {
  const code = source.replace(BLOCK_COMMENT, '').replace(LINE_COMMENT, '');
  return [...code.matchAll(STATIC), ...code.matchAll(DYNAMIC)].map((match) => match[1] ?? '');
}

const SOURCE_FILE = /\.tsx?$/;
const IGNORED = /\.d\.ts$/;

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listSources(full));
    else if (SOURCE_FILE.test(name) && !IGNORED.test(name)) out.push(full);
  }
  return out;
}

function resolveRelative(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** Every relative import edge between project files, as paths relative to `root` with forward slashes. */
export function readImportGraph(root: string, folders: string[]): { files: string[]; edges: ImportEdge[] } {
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const files = folders.flatMap((folder) => listSources(path.join(root, folder)));
  const edges: ImportEdge[] = [];
  for (const file of files) {
    for (const fileName of importSpecifiers(readFileSync(file, 'utf8'))) {
      if (!fileName.startsWith('.')) continue; // npm packages and node: built-ins
      const target = resolveRelative(file, fileName);
      if (target === null) throw new Error(`${rel(file)}: cannot resolve '${fileName}'`);
      edges.push({ from: rel(file), to: rel(target) });
    }
  }
  return { files: files.map(rel), edges };
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function findCycles(files: string[], edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const edge of edges) next.get(edge.from)?.push(edge.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfLoop = (next.get(node) ?? []).includes(node);
    if (component.length > 1 || selfLoop) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}
