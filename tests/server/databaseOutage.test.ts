// The database going out of reach while the server runs (a restart, a network cut): requests answer 503 with what
// to do and a Retry-After, never a bare 500, nothing waits forever, and once it is back the same process answers
// again. The server is `server/main.ts` as a process; its database connections go through a TCP relay on
// loopback that the test cuts, the way a network or a restart would.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../server/errors.ts';
import { api, createDatabase, type ServerProcess, startServerProcess } from './serverProcess.ts';

const adminUrl = process.env.DATABASE_URL ?? '';

type Mode = 'pass' | 'refuse' | 'silent';

/** A relay to the PostgreSQL server: 'pass' forwards, 'refuse' closes every connection, 'silent' never answers. */
async function startRelay(target: URL) {
  let mode: Mode = 'pass';
  const open = new Set<Socket>();
  const server: Server = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {});
    if (mode === 'refuse') return void socket.destroy();
    if (mode === 'silent') return;
    const upstream = new Socket();
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    upstream.connect(Number(target.port || 5432), target.hostname, () => {
      socket.pipe(upstream);
      upstream.pipe(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    /** Cuts every connection open now, and answers new ones as `next` says. */
    set(next: Mode) {
      mode = next;
      if (next !== 'pass') for (const socket of open) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!adminUrl)('the database out of reach [PostgreSQL]', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let server: ServerProcess;
  let dataDir = '';
  let token = '';

  const me = (signal = AbortSignal.timeout(30_000)) =>
    fetch(`${server.http}/api/website`, { headers: { authorization: `Bearer ${token}` }, signal });

  /** The status of the first answer that is no 503, within 10 s (the pool's connections are made again). */
  const statusOnceBack = async () => {
    let status = 503;
    for (let tries = 0; tries < 50 && status === 503; tries += 1) {
      status = (await me()).status;
      if (status === 503) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return status;
  };

  beforeAll(async () => {
    database = await createDatabase(adminUrl);
    const url = new URL(database.url);
    relay = await startRelay(new URL(database.url));
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    dataDir = await mkdtemp(path.join(tmpdir(), 'outage-'));
    server = await startServerProcess({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    ({ token } = await api<{ token: string }>(server.http, 'POST', '/api/auth/register', {
      body: { email: 'ann@example.com', password: 'secret-pass' },
      status: 201,
    }));
  }, 60_000);

  afterAll(async () => {
    await server?.stop('SIGTERM');
    await relay?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refused: 503 with what to do and when to try again; back: the same process answers', async () => {
    expect((await me()).status).toBe(200);

    relay.set('refuse');
    const answer = await me();
    expect({ status: answer.status, retryAfter: answer.headers.get('retry-after') }).toEqual({
      status: 503,
      retryAfter: '5',
    });
    expect(await answer.json()).toEqual({ message: DATABASE_UNAVAILABLE });
    const health = await fetch(`${server.http}/api/health`);
    expect({ status: health.status, body: await health.json() }).toEqual({
      status: 503,
      body: { message: 'Database unavailable' },
    });

    relay.set('pass');
    expect(await statusOnceBack()).toBe(200);
  }, 60_000);

  it('silent (the network cut, nothing answers): the request ends with 503 instead of waiting forever', async () => {
    relay.set('silent');
    const answer = await me();
    expect({ status: answer.status, body: await answer.json() }).toEqual({
      status: 503,
      body: { message: DATABASE_UNAVAILABLE },
    });
    relay.set('pass');
    expect(await statusOnceBack()).toBe(200);
  }, 60_000);
});
