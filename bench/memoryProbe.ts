// Preloaded into a server the bench starts (`node --import ./bench/memoryProbe.ts server/main.ts`, with
// BENCH_PROBE_FILE set): samples the process's own memory every 10 ms; on SIGUSR2 it writes the highest figures
// seen since the last signal (in bytes, with a sequence number) to BENCH_PROBE_FILE and starts a new window.
// A signal and a file rather than an IPC channel: the server replaces itself with its Node flags at start
// (server/processSettings.ts, process.execve), which keeps the pid and the command line but no channel.
// Samples are taken when the event loop is free, so a peak inside one long synchronous call (a PGlite query runs
// on this thread) can be missed: the RSS peak the bench reports comes from the kernel (VmHWM) instead.
import { writeFileSync } from 'node:fs';

type Peak = { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const zero = (): Peak => ({ rss: 0, heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 });
  let peak = zero();
  let seq = 0;
  const sample = () => {
    const now = process.memoryUsage();
    for (const key of Object.keys(peak) as (keyof Peak)[]) peak[key] = Math.max(peak[key], now[key]);
  };
  setInterval(sample, 10).unref();
  process.on('SIGUSR2', () => {
    sample();
    seq += 1;
    writeFileSync(file, JSON.stringify({ seq, peak }));
    peak = zero();
  });
}
