// Sign-in overhead as CPU time: what a sign-in costs the server (its process, and on PostgreSQL the database's
// backends serving it) beyond the CPU time of one bare argon2id verify. CPU time, not requests per second: on a
// loaded machine other processes steal wall time from both sides unevenly, while the CPU a piece of work needs
// moves much less. Rounds of sign-ins and rounds of bare verifies alternate, so both see the same load; the
// figures are medians over the rounds.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { runNodeJson } from './processes.ts';

// /proc/<pid>/stat counts in clock ticks of USER_HZ, which Linux fixes at 100 for user space.
const TICK_MS = 10;

/** User + system CPU milliseconds a process has used; null where /proc is not there (not Linux) or it ended. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start at state (3rd): utime is the 14th, stime 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

export type SignInCpuFigures = {
  /** Median CPU ms per sign-in (server process + database backends), idle work subtracted. */
  signInCpuMs: number;
  /** Median CPU ms per bare verify, in a process of its own. */
  verifyCpuMs: number;
  /** Median over rounds of (sign-in − verify) / verify, in %. */
  overheadPct: number;
  /** What the server (and its backends) burn idle, per second of wall time: subtracted pro rata. */
  idleCpuMsPerSecond: number;
  rounds: number;
  perRound: number;
};

export type SignInCpuOptions = {
  serverPid: number;
  /** PostgreSQL: the database the server uses, whose backends' CPU counts too. Null on PGlite (in-process). */
  databaseUrl: string | null;
  /** One sign-in; rejects unless it succeeded. */
  signIn: () => Promise<void>;
  rounds?: number;
  perRound?: number;
  concurrency?: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The backends of the server's database (its pool, listeners and job engine), this reader's own excepted. */
async function backendPids(client: pg.Client | null): Promise<number[]> {
  if (!client) return [];
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((row) => row.pid);
}

export async function measureSignInCpu({
  serverPid,
  databaseUrl,
  signIn,
  rounds = Number(process.env.BENCH_SIGNIN_ROUNDS ?? 5),
  perRound = Number(process.env.BENCH_SIGNIN_PER_ROUND ?? 40),
  concurrency = 4,
}: SignInCpuOptions): Promise<SignInCpuFigures | null> {
  if (processCpuMs(serverPid) === null) return null;
  const reader = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await reader?.connect();
  try {
    // CPU of everything that serves this server: the process and (PostgreSQL) its database's backends. Counted
    // per process over a window: a backend that ends in the window (the pool closes idle connections) takes its
    // whole lifetime's CPU with it, so a process counts only while it is there (a sum over a fixed set of pids
    // once read -20 ms/s of idle work).
    const snapshot = async () => {
      const cpu = new Map<number, number>();
      for (const pid of [serverPid, ...(await backendPids(reader))]) {
        const ms = processCpuMs(pid);
        if (ms !== null) cpu.set(pid, ms);
      }
      return cpu;
    };
    const usedSince = async (start: Map<number, number>) => {
      let used = 0;
      // A backend that started in the window: all its CPU is in it.
      for (const [pid, ms] of await snapshot()) used += ms - (start.get(pid) ?? 0);
      return used;
    };
    for (let i = 0; i < concurrency * 2; i += 1) await signIn(); // warm: statements planned, pool open
    const measured: { used: number; elapsed: number; verify: number }[] = [];
    let idleCpu = 0;
    let idleMs = 0;
    for (let round = 0; round < rounds; round += 1) {
      const { cpuMsPerVerify } = runNodeJson<{ cpuMsPerVerify: number }>('bench/argon2Verify.ts', {
        MODE: 'cpu',
        COUNT: String(perRound),
        CONCURRENCY: String(concurrency),
      });
      // What the server spends doing nothing (job polling, timers) over a second, to subtract below.
      const idleStart = await snapshot();
      const idleFrom = performance.now();
      await sleep(1000);
      idleCpu += await usedSince(idleStart);
      idleMs += performance.now() - idleFrom;
      // Sign in once first so the pool has every connection this round will use.
      await Promise.all(Array.from({ length: concurrency }, () => signIn()));
      const before = await snapshot();
      const from = performance.now();
      let left = perRound;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (left > 0) {
            left -= 1;
            await signIn();
          }
        }),
      );
      const elapsed = performance.now() - from;
      measured.push({ used: await usedSince(before), elapsed, verify: cpuMsPerVerify });
    }
    // The idle work comes in bursts (job polling of every queue twice a second; on PGlite 40–180 ms of CPU
    // in one second's window, bench/README.md): one window per round made the subtraction swing by up to ±10
    // points. Its rate does not depend on the sign-ins, so the windows of all rounds are pooled into one rate.
    const idleRate = idleMs > 0 ? idleCpu / idleMs : 0;
    const signInRounds = measured.map(({ used, elapsed }) => (used - idleRate * elapsed) / perRound);
    const overheads = measured.map(({ verify }, i) => ((signInRounds[i] - verify) / verify) * 100);
    return {
      signInCpuMs: median(signInRounds),
      verifyCpuMs: median(measured.map(({ verify }) => verify)),
      overheadPct: median(overheads),
      idleCpuMsPerSecond: idleRate * 1000,
      rounds,
      perRound,
    };
  } finally {
    await reader?.end();
  }
}
