// Preloaded into a server the bench starts (`node --import ./bench/memoryProbe.ts server/main.ts`, with an IPC
// channel): samples the process's own memory every 10 ms and answers the bench's messages —
// 'reset' starts a new window, 'peak' replies with the highest figures seen since (in bytes).
// Samples are taken when the event loop is free, so a peak inside one long synchronous call (a PGlite query runs
// on this thread) can be missed: the RSS peak the bench reports comes from the kernel (VmHWM) instead.

type Peak = { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };

if (process.send) {
  const zero = (): Peak => ({ rss: 0, heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 });
  let peak = zero();
  const sample = () => {
    const now = process.memoryUsage();
    for (const key of Object.keys(peak) as (keyof Peak)[]) peak[key] = Math.max(peak[key], now[key]);
  };
  setInterval(sample, 10).unref();
  process.on('message', (message) => {
    sample();
    if (message === 'reset') peak = zero();
    if (message === 'peak') process.send?.({ peak });
  });
  // The channel must not keep the server alive on its own.
  process.channel?.unref();
}
