import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from './buildSite.ts';

const root = new URL('..', import.meta.url).pathname;
const inputs = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/serviceWorkerPlugin.ts',
  'scripts/tabBrokerPlugin.ts',
  'scripts/firstScreenChunk.ts',
  'scripts/precompressPlugin.ts',
  'server/publishing/pageEncodings.ts',
  'scripts/buildSite.ts',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * The environment of the child `vite build`: always a production build. A Vite dev server started earlier in the
 * same process (the benches load TSX through one) sets NODE_ENV=development, and a child inheriting it bundles
 * React's development build, several times slower than what users run.
 */
export function viteBuildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, NODE_ENV: 'production' };
}

/**
 * Runs `vite build` and the published-site builds when dist/ is missing or older than any client source;
 * returns whether it built.
 */
export async function buildIfStale(): Promise<boolean> {
  const outputs = ['index.html', 'server/publishRenderer.js', 'site/site.js'].map((f) =>
    join(root, 'dist', f),
  );
  const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const sourcesAt = Math.max(...inputs.map((input) => newestMtime(join(root, input))));
  if (builtAt > sourcesAt) return false;
  console.log('Building the app (dist/ is missing or older than the sources)…');
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    { cwd: root, stdio: 'inherit', env: viteBuildEnv(process.env) },
  );
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${result.status}`);
  await buildSite();
  return true;
}
