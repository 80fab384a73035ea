// The embedded database's data directory: made by initdb in a process of its own and renamed into place, so a
// creation that dies half way leaves nothing that is then opened; and opened with the small-server settings.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createPgliteDb, PGLITE_SETTINGS } from '../../server/db/pgliteDb.ts';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pglite-datadir-'));
}, 120_000);
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
}, 120_000);

it('creates a missing directory and opens it with the small-server settings', async () => {
  const dir = path.join(root, 'nested', 'pglite');
  const db = await createPgliteDb(dir);
  try {
    for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
      expect(await db.one(`show ${name}`)).toEqual({ [name]: value });
    }
    expect(PGLITE_SETTINGS.shared_buffers).toBe('16MB');
    await db.exec('create table notes (body text)');
    await db.query('insert into notes values ($1)', ['kept']);
  } finally {
    await db.close();
  }
  // Nothing but the database itself beside it, and it opens again with what was written.
  expect(await readdir(path.dirname(dir))).toEqual(['pglite']);
  const again = await createPgliteDb(dir);
  try {
    expect(await again.query('select body from notes')).toEqual([{ body: 'kept' }]);
  } finally {
    await again.close();
  }
}, 120_000);

it('creates the database in an empty directory that already exists', async () => {
  const dir = path.join(root, 'pglite');
  await mkdir(dir);
  const db = await createPgliteDb(dir);
  try {
    expect(await db.one('select 1 + 1 as two')).toEqual({ two: 2 });
  } finally {
    await db.close();
  }
  expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
}, 120_000);

it('refuses a directory that holds files but no database, and leaves it as it was', async () => {
  const dir = path.join(root, 'pglite');
  await mkdir(path.join(dir, 'base'), { recursive: true });
  await writeFile(path.join(dir, 'postgresql.conf'), '# half written\n');
  await expect(createPgliteDb(dir)).rejects.toThrow('holds files but no database');
  expect((await readdir(dir)).sort()).toEqual(['base', 'postgresql.conf']);
}, 120_000);

it('a process killed while creating the database leaves no directory; the next start creates it', async () => {
  const dir = path.join(root, 'pglite');
  // A process of its own (and group, so its initdb child dies with it) that starts creating the directory.
  const creator = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { ensurePgliteDataDir } = await import(${JSON.stringify(new URL('../../server/db/pgliteDataDir.ts', import.meta.url).href)});
       await ensurePgliteDataDir(process.argv[1]);`,
      dir,
    ],
    { detached: true, stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => creator.once('exit', resolve));
  // Killed once the creation is under way (its scratch directory exists beside `dir`), before it completes.
  let leftover: string[] = [];
  for (let i = 0; i < 600 && leftover.length === 0; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    leftover = (await readdir(root)).filter((name) => name.startsWith('.pglite.initdb-'));
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
  }
  expect(leftover).toHaveLength(1);
  process.kill(-(creator.pid as number), 'SIGKILL');
  await exited;
  expect(existsSync(dir)).toBe(false);

  const db = await createPgliteDb(dir);
  try {
    expect(await db.one('select 1 + 1 as two')).toEqual({ two: 2 });
  } finally {
    await db.close();
  }
  // The dead process's scratch directory is gone.
  expect(await readdir(root)).toEqual(['pglite']);
}, 120_000);
