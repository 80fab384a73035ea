// `server/main.ts` told to stop with everything a working day leaves open: two editors on /api/collab, a
// keep-alive connection, an upload still arriving, a webhook delivery waiting on a receiver that never answers.
// It must exit on its own (the deadline is 10 s; the bound here is a generous functional one, not a timing) and
// keep every edit it acknowledged as stored. A second signal ends it at once.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import * as Y from 'yjs';
import { addText, type CollabClient, docOf, openClient, seededSite, texts } from './collabClient.ts';
import { api, createDatabase, type ServerProcess, startServerProcess } from './serverProcess.ts';
import { keepAliveConnection, silentReceiver, slowUpload } from './shutdownClients.ts';

const adminUrl = process.env.DATABASE_URL ?? '';
const PROCESS_TIMEOUT = 120_000;
// Well past the 10 s deadline: exiting at all, not how fast, is what this asserts.
const EXIT_BOUND_MS = 15_000;

type Owner = { token: string; accountId: number; userId: number };
type Cleanups = Array<() => Promise<void>>;

async function signUp(base: string, name: string): Promise<Owner> {
  const email = `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  return api<Owner>(base, 'POST', '/api/auth/register', {
    body: { email, password: 'secret-pass', name },
    status: 201,
  });
}

async function createSite(base: string, owner: Owner): Promise<number> {
  const yjsState = Buffer.from(Y.encodeStateAsUpdate(seededSite().doc)).toString('base64');
  const site = await api<{ id: number }>(base, 'POST', '/api/website/save', {
    token: owner.token,
    body: { name: 'Shutdown test', yjsState },
  });
  return site.id;
}

async function pgliteEnv(cleanups: Cleanups): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shutdown-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  await cp(path.join(inject('pgliteTemplateDataDir'), 'pglite'), path.join(dataDir, 'pglite'), {
    recursive: true,
  });
  return { DATA_DIR: dataDir };
}

async function postgresEnv(cleanups: Cleanups): Promise<Record<string, string>> {
  const database = await createDatabase(adminUrl);
  cleanups.push(database.drop);
  return { DATABASE_URL: database.url };
}

/** Resolves with the exit code and how long the process took, or null past `bound`. */
async function timedStop(
  server: ServerProcess,
  signal: NodeJS.Signals,
  bound: number,
): Promise<{ code: number | null; ms: number } | null> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([
    server.stop(signal),
    new Promise<'still running'>((resolve) => {
      timer = setTimeout(() => resolve('still running'), bound);
    }),
  ]);
  clearTimeout(timer);
  if (code === 'still running') return null;
  return { code, ms: Math.round(performance.now() - started) };
}

const databases = [
  { name: 'PGlite', run: true, env: pgliteEnv },
  { name: 'PostgreSQL', run: Boolean(adminUrl), env: postgresEnv },
];

describe('stopping a server process (SIGTERM, SIGINT)', () => {
  const servers: ServerProcess[] = [];
  const clients: CollabClient[] = [];
  const cleanups: Cleanups = [];
  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess({ ALLOW_LOOPBACK_OUTBOUND: 'true', ...env });
    servers.push(server);
    return server;
  };
  const connect = (...args: Parameters<typeof openClient>) => {
    const client = openClient(...args);
    clients.push(client);
    return client;
  };

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    for (const server of servers.splice(0)) await server.stop('SIGKILL');
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  for (const database of databases) {
    it.runIf(database.run)(
      `${database.name}: exits with editors, a keep-alive connection, an upload and a job open; the acknowledged edit is kept`,
      async () => {
        const env = await database.env(cleanups);
        const first = await start(env);
        const owner = await signUp(first.http, 'owner');
        const id = await createSite(first.http, owner);

        // A job that is running: a webhook delivery to a receiver that never answers.
        const receiver = await silentReceiver();
        cleanups.push(receiver.close);
        const hook = await api<{ id: number }>(first.http, 'POST', '/api/webhooks', {
          token: owner.token,
          body: { url: receiver.url, events: ['contact.created'] },
          status: 201,
        });
        await api(first.http, 'POST', `/api/webhooks/${hook.id}/test`, { token: owner.token, status: 202 });
        await receiver.reached;

        // Two editors; one edit, acknowledged as stored and seen by the other.
        const a = connect(first.ws, id, owner.token, { id: 'a', name: 'A' });
        const b = connect(first.ws, id, owner.token, { id: 'b', name: 'B' });
        await Promise.all([a.acknowledged(), b.acknowledged()]);
        const element = addText(a.site, 'Acknowledged before the deploy');
        await b.until(() => b.site.elements.has(element));
        await a.until((snapshot) => snapshot.saved);

        const keepAlive = await keepAliveConnection(first.http);
        const upload = await slowUpload(first.http, owner.token);
        cleanups.push(async () => {
          keepAlive.destroy();
          upload.destroy();
        });

        const stopped = await timedStop(first, 'SIGTERM', EXIT_BOUND_MS);
        expect(stopped, `still running ${EXIT_BOUND_MS} ms after SIGTERM:\n${first.output()}`).not.toBeNull();
        console.log(`${database.name}: exited ${stopped?.ms} ms after SIGTERM with code ${stopped?.code}`);
        expect(stopped?.code, first.output()).toBe(0);
        // The server let go of both connections (they did not keep it alive).
        await Promise.all([keepAlive.closed, upload.closed]);
        a.close();
        b.close();

        const second = await start(env);
        const c = connect(second.ws, id, owner.token);
        await c.acknowledged();
        expect(c.site.elements.has(element)).toBe(true);
        expect(texts(c.site.doc)).toEqual(['Acknowledged before the deploy']);
        const stored = await api<{ yjsState: string }>(second.http, 'GET', `/api/website/${id}`, {
          token: owner.token,
        });
        expect(texts(docOf(stored.yjsState))).toEqual(['Acknowledged before the deploy']);

        const idle = await timedStop(second, 'SIGINT', EXIT_BOUND_MS);
        console.log(
          `${database.name}: idle server exited ${idle?.ms} ms after SIGINT with code ${idle?.code}`,
        );
        expect(idle?.code, second.output()).toBe(0);
      },
      PROCESS_TIMEOUT,
    );
  }

  it(
    'a second SIGTERM while stopping exits at once, with a warning and a non-zero code',
    async () => {
      const server = await start(await pgliteEnv(cleanups));
      const owner = await signUp(server.http, 'owner');
      // An upload that never finishes holds the first stop in its grace period.
      const upload = await slowUpload(server.http, owner.token);
      cleanups.push(async () => upload.destroy());

      server.child.kill('SIGTERM');
      // The first signal is being handled once the server stops answering.
      for (;;) {
        const answered = await fetch(`${server.http}/api/health`).then(
          () => true,
          () => false,
        );
        if (!answered) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const stopped = await timedStop(server, 'SIGTERM', EXIT_BOUND_MS);
      expect(stopped, server.output()).not.toBeNull();
      console.log(`second SIGTERM: exited ${stopped?.ms} ms after it with code ${stopped?.code}`);
      expect(stopped?.code).not.toBe(0);
      expect(server.output()).toMatch(/second SIGTERM while stopping/);
    },
    PROCESS_TIMEOUT,
  );
});
