import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, type Rollup } from 'vite';

const root = '/work/wt-bundle';
const probe: Plugin = {
  name: 'p',
  generateBundle(_o, bundle) {
    const chunks = new Map<string, Rollup.OutputChunk>();
    for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
    const entry = [...chunks.values()].find((c) => c.isEntry)!;
    const seen = new Set<string>();
    const visit = (f: string) => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const i of chunks.get(f)?.imports ?? []) visit(i);
    };
    visit(entry.fileName);
    const groups = new Map<string, number>();
    const rows: [string, number][] = [];
    for (const f of seen) {
      const c = chunks.get(f)!;
      console.log('chunk', f, (gzipSync(c.code).length / 1024).toFixed(1));
      for (const [id, m] of Object.entries(c.modules)) {
        rows.push([id.replace(root + '/', ''), m.renderedLength]);
        const g = id.includes('node_modules')
          ? id.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
          : id
              .replace(root + '/', '')
              .split('/')
              .slice(0, 3)
              .join('/');
        groups.set(g, (groups.get(g) ?? 0) + m.renderedLength);
      }
    }
    for (const [g, n] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 60))
      console.log('G', (n / 1024).toFixed(1).padStart(7), g);
    if (process.env.ALL)
      for (const [g, n] of rows.sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.ALL)))
        console.log('M', (n / 1024).toFixed(1).padStart(7), g);
  },
};
await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  plugins: [probe],
  build: { outDir: '/tmp/bundlewt/out', emptyOutDir: true },
  logLevel: 'warn',
});
