// The server runs with its Node flags (server/nodeFlags.ts) however it is started: `node server/main.ts` (what
// `npm run serve`, `npm start`, the e2e and bench servers run) replaces itself with the flags it lacks.
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { missingEnv, missingNodeFlags, SERVER_ENV, SERVER_NODE_FLAGS } from '../../server/nodeFlags.ts';
import { type ServerProcess, startServerProcess } from './serverProcess.ts';

describe('missingNodeFlags', () => {
  it('lists the flags that neither the command line nor NODE_OPTIONS gives', () => {
    expect(missingNodeFlags([], undefined)).toEqual([...SERVER_NODE_FLAGS]);
    expect(missingNodeFlags(['--import', './probe.ts'], '--enable-source-maps')).toEqual([
      ...SERVER_NODE_FLAGS,
    ]);
  });

  it('keeps a value the user chose, on the command line or in NODE_OPTIONS', () => {
    expect(missingNodeFlags(['--max-semi-space-size=32'], undefined)).toEqual([]);
    expect(missingNodeFlags([], '--trace-warnings --max_semi_space_size=4')).toEqual([]);
  });
});

describe('missingEnv', () => {
  it('lists the variables that are not set, and keeps a value the user set', () => {
    expect(missingEnv({})).toEqual(SERVER_ENV);
    expect(missingEnv({ ...SERVER_ENV, MALLOC_ARENA_MAX: '8' })).toEqual({});
  });
});

const environ = (pid: number) =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

describe.skipIf(!existsSync('/proc/self/cmdline'))('server/main.ts started as users start it', () => {
  let server: ServerProcess | null = null;
  let dataDir = '';
  afterEach(async () => {
    await server?.stop('SIGKILL');
    server = null;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves from the same process, running with the flags and allocator settings, and still stops on SIGTERM', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'node-flags-'));
    await cp(path.join(inject('pgliteTemplateDataDir'), 'pglite'), path.join(dataDir, 'pglite'), {
      recursive: true,
    });
    server = await startServerProcess({ DATA_DIR: dataDir });
    const pid = server.child.pid as number;
    // The process that answered /api/health is the one started (pid kept), with the flags and the script.
    const script = new URL('../../server/main.ts', import.meta.url).pathname;
    expect(cmdline(pid)).toEqual([process.execPath, ...SERVER_NODE_FLAGS, script]);
    expect(environ(pid)).toMatchObject(SERVER_ENV);
    expect((await fetch(`${server.http}/api/health`)).ok).toBe(true);
    expect(await server.stop('SIGTERM')).toBe(0);
  }, 120_000);
});
