import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { firstScreenChunk } from '../../scripts/firstScreenChunk.ts';

// A small app: the entry uses one export of a package-like index that re-exports two modules; a view loaded
// on demand uses the other. The first screen's chunk must carry what the entry uses, not what the lazy view uses.
const files: Record<string, string> = {
  'index.html': '<!doctype html><script type="module" src="./main.js"></script>',
  'main.js': `import { usedFirst } from './lib/index.js';
import { shown } from './shown.js';
document.body.textContent = usedFirst() + shown;
document.body.onclick = () => import('./lazyView.js').then((m) => m.render());`,
  'shown.js': `export const shown = 'SHOWN_BY_THE_FIRST_SCREEN';`,
  'lib/index.js': `export * from './first.js';
export { onlyLater } from './later.js';`,
  'lib/first.js': `export const usedFirst = () => 'USED_BY_THE_FIRST_SCREEN';`,
  'lib/later.js': `export const onlyLater = () => 'USED_ONLY_BY_THE_LAZY_VIEW';`,
  'lazyView.js': `import { onlyLater } from './lib/index.js';
export const render = () => { document.title = onlyLater(); };`,
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function firstScreenCode(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'first-screen-chunk-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const firstScreen = firstScreenChunk();
  const output = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [firstScreen.plugin],
    build: {
      write: false,
      modulePreload: false,
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', test: firstScreen.test }] } } },
    },
  })) as Rollup.RollupOutput;
  const chunks = output.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry)!;
  const statics = chunks.filter((chunk) => entry.imports.includes(chunk.fileName));
  return [entry, ...statics].map((chunk) => chunk.code).join('\n');
}

describe('the first screen chunk (scripts/firstScreenChunk.ts)', () => {
  it('carries what the entry uses, and not what only a lazy view uses through the same index', async () => {
    const code = await firstScreenCode();
    expect(code).toContain('SHOWN_BY_THE_FIRST_SCREEN');
    expect(code).toContain('USED_BY_THE_FIRST_SCREEN');
    expect(code).not.toContain('USED_ONLY_BY_THE_LAZY_VIEW');
  });
});
