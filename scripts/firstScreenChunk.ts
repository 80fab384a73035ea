import type { Plugin } from 'vite';

/** The export names a module is asked for: some names, or all of them (`import * as`, an unknown importer). */
type Wanted = Set<string> | 'all';

/** A `export … from '…'` of a module: which of its names come from which module. */
type ReExport = { target: string; names: Map<string, string> | 'star' | 'namespace'; exported?: string };

type Edges = { imports: { target: string; wanted: Wanted }[]; reExports: ReExport[] };

type Program = { body: Node[] };
type Node = {
  type: string;
  source?: { value: unknown } | null;
  specifiers?: Node[];
  imported?: { name?: string; value?: string };
  local?: { name?: string; value?: string };
  exported?: { name?: string; value?: string } | null;
  importKind?: string;
  exportKind?: string;
};

const nameOf = (node: { name?: string; value?: string } | null | undefined): string =>
  node?.name ?? String(node?.value ?? '');

/**
 * Puts every module the entry uses through static imports into one chunk. Left alone, the bundler splits
 * the first screen into dozens of small chunks shared with lazy views, and each compresses on its own.
 * `firstScreenChunk().test` goes in a `codeSplitting` group; the plugin fills the set at build end.
 *
 * A package's index that re-exports everything (`@mui/material/styles` re-exports all of `@mui/system`) is
 * followed only for the names asked of it: a module the first screen reaches only through a re-export it
 * does not use (MUI's Grid, useMediaQuery, the Slider's classes) stays with the lazy views that use it,
 * instead of being carried by the first chunk for them.
 */
export function firstScreenChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const reached = new Set<string>();
  const plugin: Plugin = {
    name: 'first-screen-chunk',
    apply: 'build',
    async buildEnd() {
      reached.clear();
      const edges = new Map<string, Edges>();
      const edgesOf = async (id: string): Promise<Edges> => {
        const known = edges.get(id);
        if (known) return known;
        const info = this.getModuleInfo(id);
        const found: Edges = { imports: [], reExports: [] };
        edges.set(id, found);
        if (!info) return found;
        const resolved = new Set<string>();
        const resolve = async (specifier: unknown): Promise<string | null> => {
          if (typeof specifier !== 'string') return null;
          const target = (await this.resolve(specifier, id))?.id ?? null;
          if (target && info.importedIds.includes(target)) {
            resolved.add(target);
            return target;
          }
          return null;
        };
        let program: Program | null = null;
        try {
          program = info.code ? (this.parse(info.code) as unknown as Program) : null;
        } catch {
          program = null;
        }
        for (const node of program?.body ?? []) {
          if (node.type === 'ImportDeclaration' && node.importKind !== 'type') {
            const target = await resolve(node.source?.value);
            if (!target) continue;
            const specifiers = node.specifiers ?? [];
            const wanted: Wanted = specifiers.some((s) => s.type === 'ImportNamespaceSpecifier')
              ? 'all'
              : new Set(
                  specifiers.map((s) =>
                    s.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(s.imported),
                  ),
                );
            found.imports.push({ target, wanted });
          } else if (node.type === 'ExportAllDeclaration' && node.exportKind !== 'type') {
            const target = await resolve(node.source?.value);
            if (!target) continue;
            found.reExports.push(
              node.exported
                ? { target, names: 'namespace', exported: nameOf(node.exported) }
                : { target, names: 'star' },
            );
          } else if (node.type === 'ExportNamedDeclaration' && node.source && node.exportKind !== 'type') {
            const target = await resolve(node.source.value);
            if (!target) continue;
            const names = new Map<string, string>();
            for (const s of node.specifiers ?? []) names.set(nameOf(s.exported), nameOf(s.local));
            found.reExports.push({ target, names });
          }
        }
        // What the parse did not account for (CommonJS `require`, helpers the bundler adds): all of it.
        for (const target of info.importedIds) {
          if (!resolved.has(target)) found.imports.push({ target, wanted: 'all' });
        }
        return found;
      };

      const asked = new Map<string, Wanted>();
      const queue: [string, Wanted][] = [];
      const want = (id: string, wanted: Wanted) => queue.push([id, wanted]);
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) want(id, 'all');
      while (queue.length > 0) {
        const [id, wanted] = queue.shift()!;
        const before = asked.get(id);
        const firstVisit = !reached.has(id);
        // The names not asked of this module before (all of them on a first visit with 'all').
        let fresh: Wanted;
        if (before === 'all') fresh = new Set();
        else if (wanted === 'all') fresh = 'all';
        else fresh = new Set([...wanted].filter((name) => !before?.has(name)));
        if (!firstVisit && fresh !== 'all' && fresh.size === 0) continue;
        asked.set(id, before === 'all' || wanted === 'all' ? 'all' : new Set([...(before ?? []), ...wanted]));
        reached.add(id);
        const { imports, reExports } = await edgesOf(id);
        if (firstVisit) for (const edge of imports) want(edge.target, edge.wanted);
        for (const edge of reExports) {
          if (edge.names === 'star') {
            if (fresh === 'all' || fresh.size > 0)
              want(edge.target, fresh === 'all' ? 'all' : new Set(fresh));
          } else if (edge.names === 'namespace') {
            if (fresh === 'all' || fresh.has(edge.exported ?? '')) want(edge.target, 'all');
          } else {
            const names = new Set<string>();
            for (const [exported, local] of edge.names) {
              if (fresh === 'all' || fresh.has(exported)) names.add(local);
            }
            if (names.size > 0) want(edge.target, names);
          }
        }
      }
    },
  };
  return { plugin, test: (id) => reached.has(id) };
}
