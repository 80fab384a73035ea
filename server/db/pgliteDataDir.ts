import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

const CREATE_SCRIPT = new URL('./pgliteCreate.ts', import.meta.url).pathname;

/** Where a new database is made before it is renamed to `dir`: beside it, hidden, named after this process. */
const tempPrefix = (dir: string) => path.join(path.dirname(dir), `.${path.basename(dir)}.initdb-`);

const isDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// What a process that died while creating `dir` left beside it.
async function removeAbandoned(dir: string): Promise<void> {
  const prefix = path.basename(tempPrefix(dir));
  for (const name of await readdir(path.dirname(dir))) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (!alive(pid)) await rm(path.join(path.dirname(dir), name), { recursive: true, force: true });
  }
}

function createInChild(target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CREATE_SCRIPT, target], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-4000);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`creating the database failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}

/**
 * Makes sure `dir` holds a PGlite database, creating it when it is missing or an empty directory.
 *
 * PGlite creates a database by running initdb in a second and third WebAssembly instance inside the process that
 * opens it: about 700 MiB of resident memory at the peak, of which a few hundred stay with the process for good.
 * So the creation runs in a short-lived child process, in a hidden directory beside `dir` that is renamed to it
 * once complete: a crash half way leaves no `dir` (the next start removes the leftover and begins again), and a
 * non-empty directory without a database is refused, never opened or written into.
 */
export async function ensurePgliteDataDir(dir: string): Promise<void> {
  if (isDatabase(dir)) return;
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    throw new Error(
      `${dir} holds files but no database (no PG_VERSION; perhaps a creation that did not finish): move it away or remove it`,
    );
  }
  await mkdir(path.dirname(dir), { recursive: true });
  await removeAbandoned(dir);
  const temp = `${tempPrefix(dir)}${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await createInChild(temp);
    if (!isDatabase(temp)) throw new Error('creating the database failed: initdb left no PG_VERSION');
    // Replaces `dir` if it is an empty directory (POSIX rename), in one step.
    await rename(temp, dir);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    // Another process starting on the same directory finished first.
    if (isDatabase(dir)) return;
    throw error;
  }
}
