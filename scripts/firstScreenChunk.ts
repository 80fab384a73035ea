import type { Plugin } from 'vite';

/**
 * Puts every module the entry reaches by static imports into one chunk. Left alone, the bundler splits
 * the first screen into dozens of small chunks shared with lazy views, and each compresses on its own.
 * `firstScreenChunk().test` goes in a `codeSplitting` group; the plugin fills the set at build end.
 */
export function firstScreenChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const reached = new Set<string>();
  const plugin: Plugin = {
    name: 'first-screen-chunk',
    apply: 'build',
    buildEnd() {
      reached.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const visit = (id: string) => {
        if (reached.has(id)) return;
        reached.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      for (const entry of entries) visit(entry);
    },
  };
  return { plugin, test: (id) => reached.has(id) };
}
