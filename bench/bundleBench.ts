import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'bench', '.out');

export type BundleFigures = { appFirstScreenGzip: number; floorGzip: number; muiModules: string[] };

type FirstScreen = { gzipBytes: number; moduleIds: string[] };

/** Records the JavaScript a first visit downloads: the entry chunk and its static imports (not lazy chunks). */
function firstScreenProbe(result: { value?: FirstScreen }): Plugin {
  return {
    name: 'first-screen-probe',
    // After Vite's own generateBundle hooks: they write the dynamic imports' preload lists
    // (`__vite__mapDeps`) into the chunks, which a probe in the normal order would not see.
    generateBundle: { order: 'post', handler: measure },
  };
  function measure(_options: unknown, bundle: Rollup.OutputBundle) {
    const chunks = new Map<string, Rollup.OutputChunk>();
    for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
    const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
    if (!entry) throw new Error('no entry chunk');
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
    };
    visit(entry.fileName);
    let gzipBytes = 0;
    const moduleIds: string[] = [];
    for (const fileName of seen) {
      const chunk = chunks.get(fileName)!;
      gzipBytes += gzipSync(chunk.code, { level: 9 }).length;
      moduleIds.push(...chunk.moduleIds);
    }
    result.value = { gzipBytes, moduleIds };
  }
}

async function buildFirstScreen(
  projectRoot: string,
  outDir: string,
  withConfig: boolean,
): Promise<FirstScreen> {
  const result: { value?: FirstScreen } = {};
  await build({
    root: projectRoot,
    configFile: withConfig ? join(root, 'vite.config.ts') : false,
    plugins: [...(withConfig ? [] : [react()]), firstScreenProbe(result)],
    build: { outDir, emptyOutDir: true, write: true },
    logLevel: 'warn',
  });
  if (!result.value) throw new Error(`no bundle measured for ${projectRoot}`);
  return result.value;
}

/** MUI modules the first screen uses, as import specifiers: '@mui/material/Button', '@mui/icons-material/Menu'. */
function muiSpecifiers(moduleIds: string[]): string[] {
  const specifiers = new Set<string>();
  for (const id of moduleIds) {
    const material = id.match(/node_modules\/@mui\/material\/(?:esm\/)?([A-Z][A-Za-z]+)\/\1\.m?js$/);
    if (material) specifiers.add(`@mui/material/${material[1]}`);
    const icon = id.match(/node_modules\/@mui\/icons-material\/(?:esm\/)?([A-Z][A-Za-z0-9]+)\.m?js$/);
    if (icon) specifiers.add(`@mui/icons-material/${icon[1]}`);
  }
  return [...specifiers].sort();
}

/** A page with the same MUI components as the app's first screen, and nothing else. */
function writeFloor(dir: string, specifiers: string[]): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const imports = specifiers.map((spec, i) => `import C${i} from '${spec}';`).join('\n');
  const list = specifiers.map((_, i) => `C${i}`).join(', ');
  writeFileSync(
    join(dir, 'main.tsx'),
    `import { createRoot } from 'react-dom/client';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
${imports}
// Referenced so the bundler keeps every component; the page renders the theme and a count.
(window as unknown as { components: unknown[] }).components = [${list}];
createRoot(document.getElementById('root')!).render(
  <ThemeProvider theme={createTheme()}><CssBaseline />{${specifiers.length}} components</ThemeProvider>,
);
`,
  );
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
}

export async function bundleBench(): Promise<BundleFigures> {
  const app = await buildFirstScreen(root, join(out, 'app'), true);
  const specifiers = muiSpecifiers(app.moduleIds);
  const floorDir = join(root, 'bench', '.out', 'floor-src');
  writeFloor(floorDir, specifiers);
  const floor = await buildFirstScreen(floorDir, join(out, 'floor'), false);
  return { appFirstScreenGzip: app.gzipBytes, floorGzip: floor.gzipBytes, muiModules: specifiers };
}
