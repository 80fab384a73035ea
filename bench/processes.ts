import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

/**
 * Starts a Node script and resolves once `readyUrl` answers 200. `nodeArgs` go before the script (e.g.
 * `--import` of a probe); `ipc` opens a message channel to the child (`child.send`, `child.on('message')`).
 */
export async function startServer(
  script: string,
  env: Record<string, string>,
  readyUrl: string,
  options: { nodeArgs?: string[]; ipc?: boolean } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: options.ipc ? ['ignore', 'ignore', 'ignore', 'ipc'] : 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`${script} did not become ready at ${readyUrl}`);
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export type Load = { url: string; method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> };

/**
 * Seconds of the same load, unmeasured, before every measured run (`BENCH_WARMUP_SECONDS`, default 5): the
 * baseline's few lines reach their compiled form within milliseconds, a route of the app (its hooks, validators,
 * token check, log line) only after seconds of traffic, and a server just started still has the job engine's
 * first work in its database; an unwarmed run measured those as much as the route (`GET /api/user/me` on
 * PostgreSQL read 8.3k req/s in its first 5 s, 14–15k from then on; after 2 s of warm-up, 9.7k–14k).
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);

/** Loads a URL from a separate autocannon process and returns the mean requests per second (2xx only). */
export function autocannon(load: Load, seconds: number, connections: number): number {
  return autocannonRun(load, seconds, connections).rps;
}

/** The same load, with the 99th percentile latency as well. */
export function autocannonRun(
  load: Load,
  seconds: number,
  connections: number,
): { rps: number; p99Ms: number } {
  if (WARMUP_SECONDS > 0) runAutocannon(load, WARMUP_SECONDS, connections);
  return runAutocannon(load, seconds, connections);
}

function runAutocannon(load: Load, seconds: number, connections: number): { rps: number; p99Ms: number } {
  const args = [
    `${root}node_modules/autocannon/autocannon.js`,
    '-j',
    '-c',
    String(connections),
    '-d',
    String(seconds),
    '-m',
    load.method ?? 'GET',
  ];
  const headers = { ...load.headers, ...(load.body ? { 'content-type': 'application/json' } : {}) };
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  if (load.body) args.push('-b', JSON.stringify(load.body));
  args.push(load.url);
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`autocannon failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    duration: number;
  };
  if (result.non2xx > 0) throw new Error(`${load.url}: ${result.non2xx} responses were not 2xx`);
  return { rps: result.requests.average, p99Ms: result.latency.p99 };
}

export function runNodeJson<T>(script: string, env: Record<string, string>): T {
  const run = spawnSync(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${script} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as T;
}
