import { join } from 'node:path';
import { build, type Plugin } from 'vite';

const root = '/work/wt-bundle';
const targets = process.argv.slice(2);
const probe: Plugin = {
  name: 'p',
  apply: 'build',
  buildEnd() {
    const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
    const prev = new Map<string, string | null>();
    const q: string[] = [];
    for (const e of entries) {
      prev.set(e, null);
      q.push(e);
    }
    while (q.length) {
      const id = q.shift()!;
      for (const n of this.getModuleInfo(id)?.importedIds ?? [])
        if (!prev.has(n)) {
          prev.set(n, id);
          q.push(n);
        }
    }
    for (const t of targets) {
      const hit = [...prev.keys()].find((k) => k.includes(t));
      if (!hit) {
        console.log('NOT REACHED', t);
        continue;
      }
      const chain: string[] = [];
      let c: string | null | undefined = hit;
      while (c) {
        chain.push(c.replace(root + '/', '').replace(/.*node_modules\//, 'nm:'));
        c = prev.get(c);
      }
      console.log(t + ':\n  ' + chain.reverse().join('\n  '));
    }
  },
};
await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  plugins: [probe],
  build: { outDir: '/tmp/bundlewt/out2', emptyOutDir: true, write: false },
  logLevel: 'silent',
});
