// Live events: how long from a write (a teammate's new CRM contact) until every open event stream of the
// account has heard of it, with 100 subscribers against 1 subscriber measured in the same run. The app runs in
// this process on a fresh database (PGlite; and PostgreSQL when BENCH_DATABASE_URL or DATABASE_URL names one),
// its subscribers read GET /api/events over real HTTP on loopback.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import type { Config } from '../server/config.ts';
import { createDb, type Db } from '../server/db/createDb.ts';
import { migrate } from '../server/db/migrate.ts';

const SUBSCRIBERS = Number(process.env.BENCH_LIVE_SUBSCRIBERS ?? 100);
const WRITES = Number(process.env.BENCH_LIVE_WRITES ?? 20);

export type LiveDbFigures = { name: string; oneMs: number; fanOutMs: number; subscribers: number };
export type LiveEventsFigures = { databases: LiveDbFigures[]; skipped: string[] };

type Subscriber = { close: () => void; waitFor: (id: string) => Promise<void> };

/** One stream; `waitFor(id)` resolves once a `crm.contact` event with that id arrived. */
async function subscribe(base: string, token: string): Promise<Subscriber> {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`subscribe: ${response.status}`);
  const seen = new Set<string>();
  const waiting = new Map<string, () => void>();
  let ready: () => void = () => {};
  const subscribed = new Promise<void>((resolve) => {
    ready = resolve;
  });
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        if (buffer.includes('event: ready')) ready();
        for (const match of buffer.matchAll(/"kind":"crm\.contact","id":"(\d+)"/g)) {
          const id = match[1] ?? '';
          seen.add(id);
          waiting.get(id)?.();
        }
        buffer = buffer.slice(Math.max(0, buffer.lastIndexOf('\n\n')));
      }
    } catch {
      // closed
    }
  })();
  await subscribed;
  return {
    close: () => abort.abort(),
    waitFor: (id) =>
      seen.has(id)
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiting.set(id, resolve);
          }),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The median time from a write's answer until all `count` subscribers have its event. */
async function measure(app: FastifyInstance, base: string, token: string, count: number): Promise<number> {
  const subscribers = await Promise.all(Array.from({ length: count }, () => subscribe(base, token)));
  const times: number[] = [];
  try {
    for (let i = 0; i < WRITES; i += 1) {
      const started = performance.now();
      const created = await app.inject({
        method: 'POST',
        url: '/api/crm/contacts',
        headers: { authorization: `Bearer ${token}` },
        payload: { firstName: `Live${count}-${i}` },
      });
      const id = String(created.json<{ id: number }>().id);
      await Promise.all(subscribers.map((subscriber) => subscriber.waitFor(id)));
      times.push(performance.now() - started);
    }
  } finally {
    for (const subscriber of subscribers) subscriber.close();
  }
  return median(times);
}

async function benchOn(name: string, db: Db, databaseUrl: string | null, dataDir: string) {
  await migrate(db);
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    adminEmails: [],
    staticDir: null,
  };
  const app = await buildApp({ config, db });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `live-${Date.now()}@example.com`, password: 'bench-password' },
    });
    const { token } = registered.json<{ token: string }>();
    // On PostgreSQL the app hears the database on its LISTEN connection: let it connect first.
    if (databaseUrl) await new Promise((resolve) => setTimeout(resolve, 500));
    await measure(app, base, token, 1); // warm-up
    const oneMs = await measure(app, base, token, 1);
    const fanOutMs = await measure(app, base, token, SUBSCRIBERS);
    return { name, oneMs, fanOutMs, subscribers: SUBSCRIBERS };
  } finally {
    await app.close();
  }
}

export async function liveEventsBench(): Promise<LiveEventsFigures> {
  const databases: LiveDbFigures[] = [];
  const skipped: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'bench-live-'));
  try {
    const db = await createDb({ dataDir: dir });
    try {
      databases.push(await benchOn('PGlite', db, null, dir));
    } finally {
      await db.close();
    }
    const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    if (!adminUrl) {
      skipped.push('PostgreSQL: set BENCH_DATABASE_URL (or DATABASE_URL) to a server to compare');
    } else {
      const name = `bench_live_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const pgDb = await createDb({ databaseUrl: url.toString(), dataDir: dir });
      try {
        databases.push(await benchOn('PostgreSQL', pgDb, url.toString(), dir));
      } finally {
        await pgDb.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { databases, skipped };
}
