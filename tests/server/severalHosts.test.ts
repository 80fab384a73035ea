// Two `server/main.ts` processes on one PostgreSQL database, each with a DATA_DIR of its own (two hosts without a
// shared volume) and no JWT_SECRET: a session signed by one is accepted by the other, and an image uploaded
// through one is served by the other. Neither writes the session key or the image to its disk.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedSessionKey } from '../../server/auth/sessionKey.ts';
import { describeEachDatabase } from './harness.ts';
import { api, createDatabase, type ServerProcess, startServerProcess } from './serverProcess.ts';

const adminUrl = process.env.DATABASE_URL ?? '';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 7),
]);

describe.runIf(adminUrl)('two hosts on one PostgreSQL, nothing shared but the database', () => {
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let drop = async () => {};

  beforeAll(async () => {
    const database = await createDatabase(adminUrl);
    drop = database.drop;
    for (const host of ['a', 'b']) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `bizsite-host-${host}-`));
      dataDirs.push(dataDir);
      // One after the other: the first migrates and stores the session key, the second finds both.
      servers.push(
        await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, JWT_SECRET: '' }),
      );
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers.splice(0)) await server.stop('SIGTERM');
    await drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a session signed on one host is accepted on the other', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const email = `hosts-${Date.now()}@example.com`;
    const { token } = await api<{ token: string }>(a.http, 'POST', '/api/auth/register', {
      body: { email, password: 'secret-pass', name: 'Rosa' },
      status: 201,
    });
    const me = await api<{ email: string }>(b.http, 'GET', '/api/user/me', { token });
    expect(me.email).toBe(email);
  });

  it('an image uploaded through one host is served by the other, and no host keeps files of its own', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const { token } = await api<{ token: string }>(a.http, 'POST', '/api/auth/register', {
      body: { email: `hosts-img-${Date.now()}@example.com`, password: 'secret-pass', name: 'Rosa' },
      status: 201,
    });
    const form = new FormData();
    form.append('image', new Blob([PNG], { type: 'image/png' }), 'a.png');
    const uploaded = await fetch(`${a.http}/api/upload/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };
    const served = await fetch(`${b.http}${url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    for (const dir of dataDirs) {
      expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
      expect(existsSync(path.join(dir, 'uploads')) ? readdirSync(path.join(dir, 'uploads')) : []).toEqual([]);
    }
  });
});

describeEachDatabase('the session key in the database', (ctx) => {
  it('keeps the first key offered; a later process offering its own gets that one', async () => {
    const first = 'f'.repeat(48);
    expect(await sharedSessionKey(ctx.db, first)).toBe(first);
    expect(await sharedSessionKey(ctx.db, 'g'.repeat(48))).toBe(first);
    const rows = await ctx.db.query<{ name: string }>('select name from server_secrets');
    expect(rows).toEqual([{ name: 'session_key' }]);
  });
});
