// The sync server as deployed: `server/main.ts` processes that get stopped, killed, restarted and multiplied.
//
// Acknowledgement = stored. The server applies an edit in memory and stores its document after a short debounce,
// then tells every client the snapshot of what is in the database; an edit is acknowledged once that snapshot
// covers it (SiteCollab `saved`). A SIGTERM stores whatever the debounce still holds before the process exits;
// a SIGKILL may lose what was applied but not yet acknowledged, never what was acknowledged.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import * as Y from 'yjs';
import { addText, type CollabClient, docOf, openClient, seededSite, setText, texts } from './collabClient.ts';
import { reachable, TEST_REDIS_URL } from './redisReachable.ts';
import { api, createDatabase, type ServerProcess, startServerProcess } from './serverProcess.ts';

const adminUrl = process.env.DATABASE_URL ?? '';
const redisUrl = TEST_REDIS_URL;
const PROCESS_TIMEOUT = 120_000;

const redisUp = adminUrl ? await reachable(redisUrl) : false;

type Owner = { token: string; accountId: number };

async function signUp(base: string, name: string): Promise<Owner & { userId: number; email: string }> {
  const email = `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const session = await api<Owner & { userId: number }>(base, 'POST', '/api/auth/register', {
    body: { email, password: 'secret-pass', name },
    status: 201,
  });
  return { ...session, email };
}

async function createSite(base: string, owner: Owner): Promise<number> {
  const yjsState = Buffer.from(Y.encodeStateAsUpdate(seededSite().doc)).toString('base64');
  const site = await api<{ id: number }>(base, 'POST', '/api/website/save', {
    token: owner.token,
    body: { name: 'Process test', yjsState },
  });
  return site.id;
}

type Cleanups = Array<() => Promise<void>>;

/** A DATA_DIR holding a migrated PGlite database (a copy of the suite's template), removed afterwards. */
async function pgliteEnv(cleanups: Cleanups): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'collab-process-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  await cp(path.join(inject('pgliteTemplateDataDir'), 'pglite'), path.join(dataDir, 'pglite'), {
    recursive: true,
  });
  return { DATA_DIR: dataDir };
}

/** A PostgreSQL database of its own (the server migrates it at start), dropped afterwards. */
async function postgresEnv(cleanups: Cleanups): Promise<{ DATABASE_URL: string }> {
  const database = await createDatabase(adminUrl);
  cleanups.push(database.drop);
  return { DATABASE_URL: database.url };
}

const idsOf = (client: CollabClient) => [...client.site.elements.keys()].sort();

describe('co-editing with real server processes (stopped, killed, two behind Redis)', () => {
  const servers: ServerProcess[] = [];
  const clients: CollabClient[] = [];
  const cleanups: Cleanups = [];
  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess(env);
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
    for (const server of servers.splice(0)) await server.stop('SIGTERM');
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it(
    'SIGTERM (PGlite): edits the server holds in memory are stored before it exits and are there after a restart',
    async () => {
      const env = await pgliteEnv(cleanups);
      const first = await start(env);
      const owner = await signUp(first.http, 'owner');
      const id = await createSite(first.http, owner);

      const a = connect(first.ws, id, owner.token);
      await a.acknowledged();
      const element = addText(a.site, 'Typed just before the deploy');
      setText(a.site, element, 'Typed just before the deploy, edited');
      addText(a.site, 'Second paragraph');
      await a.acknowledged();
      expect(await first.stop('SIGTERM'), first.output()).toBe(0);
      a.close();

      const second = await start(env);
      const b = connect(second.ws, id, owner.token);
      await b.acknowledged();
      expect(texts(b.site.doc)).toEqual(['Second paragraph', 'Typed just before the deploy, edited']);
      const stored = await api<{ yjsState: string }>(second.http, 'GET', `/api/website/${id}`, {
        token: owner.token,
      });
      expect(texts(docOf(stored.yjsState))).toEqual(texts(b.site.doc));
    },
    PROCESS_TIMEOUT,
  );

  // PGlite commits through synchronous file writes, so a committed store is with the OS when the process dies;
  // the kill comes right after an acknowledgement, not in the middle of a write (which could damage its folder).
  const killCases = [
    { name: 'PGlite', run: true, env: pgliteEnv },
    { name: 'PostgreSQL', run: Boolean(adminUrl), env: postgresEnv },
  ];
  for (const kill of killCases) {
    it.runIf(kill.run)(
      `SIGKILL (${kill.name}): every edit acknowledged as stored is there after a restart`,
      async () => {
        const env = await kill.env(cleanups);
        const first = await start(env);
        const owner = await signUp(first.http, 'owner');
        const id = await createSite(first.http, owner);

        const a = connect(first.ws, id, owner.token);
        await a.acknowledged();
        const element = addText(a.site, 'Acknowledged one');
        addText(a.site, 'Acknowledged two');
        setText(a.site, element, 'Acknowledged one, edited');
        await a.until((s) => s.saved);
        const acknowledged = idsOf(a);
        const acknowledgedTexts = texts(a.site.doc);
        // Edits after the acknowledgement may be lost with the process; they must not take anything with them.
        addText(a.site, 'Maybe lost');
        expect(await first.stop('SIGKILL')).toBeNull();
        a.close();

        const second = await start(env);
        const b = connect(second.ws, id, owner.token);
        await b.acknowledged();
        expect(idsOf(b)).toEqual(expect.arrayContaining(acknowledged));
        expect(texts(b.site.doc)).toEqual(expect.arrayContaining(acknowledgedTexts));
      },
      PROCESS_TIMEOUT,
    );
  }

  it.runIf(adminUrl && redisUp)(
    'two processes sharing PostgreSQL and Redis: an edit through one appears through the other, and is stored',
    async () => {
      const env = { ...(await postgresEnv(cleanups)), REDIS_URL: redisUrl };
      const one = await start(env);
      const two = await start(env);
      const owner = await signUp(one.http, 'owner');
      const colleague = await signUp(one.http, 'colleague');
      await api(one.http, 'POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
        token: owner.token,
        body: { email: colleague.email, roleName: 'User' },
      });
      const id = await createSite(one.http, owner);

      const a = connect(one.ws, id, owner.token, { id: String(owner.userId), name: 'owner' });
      const b = connect(two.ws, id, colleague.token, { id: String(colleague.userId), name: 'colleague' });
      await Promise.all([a.acknowledged(), b.acknowledged()]);
      const fromOne = addText(a.site, 'Through process one');
      await b.until(() => b.site.elements.has(fromOne));
      const fromTwo = addText(b.site, 'Through process two');
      await a.until(() => a.site.elements.has(fromTwo));
      // Presence crosses processes too.
      b.collab.setSelection({ pageId: 'home', elementId: fromOne });
      await a.until((s) => s.peers.some((peer) => peer.selection?.elementId === fromOne));
      expect(a.collab.getSnapshot().peers.map((peer) => peer.name)).toEqual(['colleague']);

      await Promise.all([a.until((s) => s.saved), b.until((s) => s.saved)]);
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query<{ yjs_state: string }>(
          'select yjs_state from websites where id = $1',
          [id],
        );
        expect(texts(docOf(rows[0].yjs_state))).toEqual(['Through process one', 'Through process two']);
      } finally {
        await client.end();
      }
    },
    PROCESS_TIMEOUT,
  );
});
