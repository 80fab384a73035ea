// Publishing through the real server (PGlite) and serving the published page, vs Fastify serving a static
// file of the same bytes. Both loaded by autocannon from a separate process.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from '../scripts/buildIfStale.ts';
import { fiftyPageSite } from './fiftyPages.ts';
import { autocannon, startServer, stopServer } from './processes.ts';

export type PublishServeFigures = {
  bytes: number;
  publishApiPerPageMs: number;
  pageRps: number;
  staticRps: number;
};

const seconds = Number(process.env.BENCH_SECONDS ?? 5);

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function publishServeBench(): Promise<PublishServeFigures> {
  await buildIfStale(); // the server publishes with the SSR build of the renderers
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-publish-'));
  const base = 'http://127.0.0.1:3911';
  const server = await startServer(
    'server/main.ts',
    {
      PORT: '3911',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: join(dataDir, 'no-static'),
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    },
    `${base}/api/health`,
  );
  try {
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const { token } = await json<{ token: string }>(
      await post('/api/auth/register', {
        email: `bench-${Date.now()}@example.com`,
        password: 'correct horse 42',
      }),
    );
    const { name, pages } = fiftyPageSite();
    const { id } = await json<{ id: number }>(await post('/api/website/save', { name, pages }, token));
    await json(await post(`/api/website/${id}/publish`, { subdomain: 'bench' }, token)); // warm-up
    const rounds = 5;
    const start = performance.now();
    for (let i = 0; i < rounds; i += 1)
      await json(await post(`/api/website/${id}/publish`, { subdomain: 'bench' }, token));
    const publishApiPerPageMs = (performance.now() - start) / rounds / pages.length;

    const html = await (await fetch(`${base}/sites/bench/`)).text();
    const staticRoot = join(dataDir, 'static-root');
    rmSync(staticRoot, { recursive: true, force: true });
    const { mkdirSync } = await import('node:fs');
    mkdirSync(staticRoot);
    writeFileSync(join(staticRoot, 'page.html'), html);
    const pageRps = autocannon({ url: `${base}/sites/bench/` }, seconds, 10);

    const baseline = await startServer(
      'bench/staticFile.ts',
      { PORT: '3912', STATIC_ROOT: staticRoot },
      'http://127.0.0.1:3912/page.html',
    );
    let staticRps = 0;
    try {
      staticRps = autocannon({ url: 'http://127.0.0.1:3912/page.html' }, seconds, 10);
    } finally {
      await stopServer(baseline);
    }
    return { bytes: Buffer.byteLength(html), publishApiPerPageMs, pageRps, staticRps };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
