import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { autocannon, runNodeJson, startServer, stopServer } from './processes.ts';
import { measureSignInCpu, type SignInCpuFigures } from './signInCpu.ts';

type AppFigures = { meRps: number; loginRps: number; signInCpu: SignInCpuFigures | null };

export type ApiFigures = {
  helloRps: number;
  argon2VerifyPerSecond: number;
  databases: ({ name: string } & AppFigures)[];
  skipped: string[];
};

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const password = 'correct horse battery';
// BENCH_API_PORT: the first of two ports (hello, then the app) when several benches share one machine.
const helloPort = Number(process.env.BENCH_API_PORT ?? 3901);
const appPort = helloPort + 1;

export async function helloRps(): Promise<number> {
  const url = `http://127.0.0.1:${helloPort}/hello`;
  const hello = await startServer('bench/hello.ts', { PORT: String(helloPort) }, url);
  try {
    return autocannon({ url }, seconds, 10);
  } finally {
    await stopServer(hello);
  }
}

async function measureApp(databaseUrl: string): Promise<AppFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const base = `http://127.0.0.1:${appPort}`;
  const server = await startServer(
    'server/main.ts',
    {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STATIC_DIR: join(dataDir, 'no-static'),
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    },
    `${base}/api/health`,
  );
  try {
    const email = `bench-${Date.now()}@example.com`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!registered.ok) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
    const { token } = (await registered.json()) as { token: string };
    const meRps = autocannon(
      { url: `${base}/api/user/me`, headers: { authorization: `Bearer ${token}` } },
      seconds,
      10,
    );
    const loginRps = autocannon(
      { url: `${base}/api/auth/login`, method: 'POST', body: { email, password } },
      seconds,
      // More clients than argon2's 4 worker threads, so the pool stays busy while others wait on the
      // database: this measures capacity, as the bare verify baseline (4 at once) does.
      8,
    );
    const signIn = async () => {
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
    };
    const signInCpu = server.pid
      ? await measureSignInCpu({ serverPid: server.pid, databaseUrl: databaseUrl || null, signIn })
      : null;
    return { meRps, loginRps, signInCpu };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A throw-away database on the PostgreSQL server of DATABASE_URL (or the local one), or null if none answers. */
export async function withBenchDatabase<T>(fn: (url: string) => Promise<T>): Promise<T | null> {
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `bench_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export async function apiBench(): Promise<ApiFigures> {
  const before = await helloRps();
  const databases: ApiFigures['databases'] = [];
  const skipped: string[] = [];
  databases.push({ name: 'PGlite', ...(await measureApp('')) });
  const onPostgres = await withBenchDatabase((url) => measureApp(url));
  if (onPostgres) databases.push({ name: 'PostgreSQL', ...onPostgres });
  else skipped.push('PostgreSQL (no server answered)');
  const after = await helloRps();
  const { perSecond } = runNodeJson<{ perSecond: number }>('bench/argon2Verify.ts', {
    SECONDS: String(seconds),
    CONCURRENCY: '4',
  });
  return { helloRps: (before + after) / 2, argon2VerifyPerSecond: perSecond, databases, skipped };
}
