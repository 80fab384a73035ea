import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { autocannonRun, startServer, stopServer } from './processes.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const ROWS = Number(process.env.BENCH_CRM_ROWS ?? 100_000);
// BENCH_API_PORT: the first of two ports (hello, then the app) when several benches share one machine.
const helloPort = Number(process.env.BENCH_API_PORT ?? 3911);
const appPort = helloPort + 1;
// Name prefixes: 'name12' matches 1,111 of 100,000 contacts, 'person4242' 11; the first page shows up to 20.
const SEARCHES = ['name12', 'person4242'];

export type SearchFigures = { term: string; rps: number; p99Ms: number; rows: number; total: number };
export type CrmDbFigures = {
  name: string;
  searches: SearchFigures[];
  importMs: number;
  /** CPU time of the server process (all its threads: user + system) during the import. */
  importCpuMs: number;
  /** The server's resident set peak during the import (kernel VmHWM, reset just before it). */
  importPeakRssMiB: number;
  /** Highest sampled V8 heap in use, and memory outside it (Buffers, PGlite's WebAssembly memory), during the import. */
  importPeakHeapMiB: number;
  importPeakExternalMiB: number;
  baselineRssMiB: number;
  /** The server's resident set peak from its start until the import (a fresh PGlite runs initdb then). */
  startupPeakRssMiB: number;
  copyMs: number | null;
};
export type CrmFigures = {
  /** Only the import was measured (`npm run bench -- crm-import`): no hello, searches or COPY. */
  importOnly: boolean;
  helloRps: number;
  helloP99Ms: number;
  rows: number;
  databases: CrmDbFigures[];
  skipped: string[];
};

function writeCsv(path: string): void {
  const lines = ['First Name,Last Name,Email,Phone,Company'];
  for (let i = 0; i < ROWS; i += 1) {
    lines.push(
      `Name${i},Family${i},person${i}@example.com,+1 555 ${String(i).padStart(6, '0')},Company ${i % 1000}`,
    );
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

// Resident set peak (VmHWM) of a process, in MiB: Linux only.
function peakRssMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
function rssMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
// CPU time (user + system, all threads) a process has used so far, in ms: Linux only.
function cpuMs(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
// Starts a new VmHWM window (Linux: writing 5 to clear_refs resets the peak to the current RSS), so the peak is the
// import's and not the start-up's (migrations).
function resetPeakRss(pid: number | undefined): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

type ProbePeak = { heapUsed: number; external: number };
// Asks the server's memory probe (bench/memoryProbe.ts) for its peak figures since the last ask, which starts a
// new window: a signal, answered in the probe's file.
async function probe(server: ChildProcess, file: string): Promise<ProbePeak> {
  const seqOf = () => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as { seq: number; peak: ProbePeak };
    } catch {
      return { seq: 0, peak: { heapUsed: 0, external: 0 } };
    }
  };
  const before = seqOf().seq;
  server.kill('SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const answer = seqOf();
    if (answer.seq > before) return answer.peak;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the memory probe did not answer');
}
const MiB = 1024 * 1024;

async function helloBaseline(): Promise<{ rps: number; p99Ms: number }> {
  const hello = await startServer(
    'bench/hello.ts',
    { PORT: String(helloPort) },
    `http://127.0.0.1:${helloPort}/hello`,
  );
  try {
    return autocannonRun({ url: `http://127.0.0.1:${helloPort}/hello` }, seconds, 10);
  } finally {
    await stopServer(hello);
  }
}

async function importFile(base: string, token: string, csvPath: string): Promise<void> {
  const form = new FormData();
  form.append('duplicates', 'skip');
  form.append('file', new Blob([readFileSync(csvPath)], { type: 'text/csv' }), 'contacts.csv');
  const response = await fetch(`${base}/api/crm/contacts/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`import: ${response.status} ${await response.text()}`);
  let report = (await response.json()) as {
    id: number;
    status: string;
    created: number;
    message: string | null;
  };
  while (report.status === 'queued' || report.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    report = (await (
      await fetch(`${base}/api/crm/contacts/imports/${report.id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as typeof report;
  }
  if (report.status !== 'completed' || report.created !== ROWS) {
    throw new Error(`import ended ${report.status} with ${report.created} rows: ${report.message}`);
  }
}

// PostgreSQL's COPY of the same file into a table shaped like crm_contacts (same generated search column,
// indexes and account foreign key), through psql.
function copyMs(databaseUrl: string, csvPath: string, accountId: number): number {
  const psql = (command: string) => {
    const run = spawnSync('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-qc', command], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`psql: ${run.stderr}`);
  };
  psql(`create table bench_copy (like crm_contacts including all);
        alter table bench_copy alter column account_id set default ${accountId};
        alter table bench_copy add foreign key (account_id) references accounts (id) on delete cascade`);
  const started = performance.now();
  psql(
    `\\copy bench_copy (first_name, last_name, email, phone, company) from '${csvPath}' with (format csv, header true)`,
  );
  return performance.now() - started;
}

async function measure(
  name: string,
  databaseUrl: string,
  csvPath: string,
  importOnly: boolean,
): Promise<CrmDbFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-crm-'));
  const probeFile = join(dataDir, 'memory-probe.json');
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
      BENCH_PROBE_FILE: probeFile,
    },
    `${base}/api/health`,
    {
      nodeArgs: ['--import', './bench/memoryProbe.ts'],
    },
  );
  try {
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `crm-${Date.now()}@example.com`, password: 'correct horse battery' }),
    });
    const { token, accountId } = (await registered.json()) as { token: string; accountId: number };
    const baselineRssMiB = rssMiB(server.pid);
    const startupPeakRssMiB = peakRssMiB(server.pid);
    resetPeakRss(server.pid);
    await probe(server, probeFile);
    const cpuBefore = cpuMs(server.pid);
    const started = performance.now();
    await importFile(base, token, csvPath);
    const importMs = performance.now() - started;
    const importCpuMs = cpuMs(server.pid) - cpuBefore;
    const importPeakRssMiB = peakRssMiB(server.pid);
    const heap = await probe(server, probeFile);
    const searches: SearchFigures[] = [];
    for (const term of importOnly ? [] : SEARCHES) {
      const url = `${base}/api/crm/contacts?search=${encodeURIComponent(term)}&page=1&pageSize=20`;
      const headers = { authorization: `Bearer ${token}` };
      const page = (await (await fetch(url, { headers })).json()) as {
        contacts: unknown[];
        totalCount: number;
      };
      const run = autocannonRun({ url, headers }, seconds, 10);
      searches.push({
        term,
        rps: run.rps,
        p99Ms: run.p99Ms,
        rows: page.contacts.length,
        total: page.totalCount,
      });
    }
    return {
      name,
      searches,
      importMs,
      importCpuMs,
      importPeakRssMiB,
      importPeakHeapMiB: (heap?.heapUsed ?? 0) / MiB,
      importPeakExternalMiB: (heap?.external ?? 0) / MiB,
      baselineRssMiB,
      startupPeakRssMiB,
      copyMs: databaseUrl && !importOnly ? copyMs(databaseUrl, csvPath, accountId) : null,
    };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Contacts search at 100,000 contacts vs bare Fastify; the CSV import vs PostgreSQL COPY of the same file. */
export async function crmBench(importOnly = false): Promise<CrmFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-csv-'));
  const csvPath = join(dir, 'contacts.csv');
  writeCsv(csvPath);
  const skipped: string[] = [];
  try {
    const hello = importOnly ? { rps: 0, p99Ms: 0 } : await helloBaseline();
    const databases = [await measure('PGlite', '', csvPath, importOnly)];
    const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const admin = new pg.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
      const dbName = `bench_crm_${process.pid}_${Date.now()}`;
      await admin.query(`create database ${dbName}`);
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${dbName}`;
        databases.push(await measure('PostgreSQL', url.toString(), csvPath, importOnly));
      } finally {
        await admin.query(`drop database if exists ${dbName} with (force)`);
      }
    } catch (error) {
      skipped.push(`PostgreSQL (${(error as Error).message})`);
    } finally {
      await admin.end().catch(() => {});
    }
    console.error(`csv: ${(statSync(csvPath).size / 1024 / 1024).toFixed(1)} MiB`);
    return { importOnly, helloRps: hello.rps, helloP99Ms: hello.p99Ms, rows: ROWS, databases, skipped };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
