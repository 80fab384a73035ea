// The Node.js flags and allocator settings the server runs with (applied by server/processSettings.ts). Both are
// read once when the process starts — V8 sizes its heap then (v8.setFlagsFromString cannot resize it later) and
// glibc's malloc reads its environment then — hence a re-exec rather than a call at run time.
//
// --max-semi-space-size=16: under a steady allocation rate with many survivors (a CSV import through PGlite) V8
// grows the young generation to 2 × 64 MiB and keeps it resident.
// MALLOC_ARENA_MAX=2: the optimising compiler's memory (V8 "zones", several hundred MiB at the peak while
// PostgreSQL's WebAssembly tiers up) is malloc'ed on background threads; glibc gives each thread an arena of its
// own and keeps what is freed in it resident. Two arenas keep less of it.
// MALLOC_TRIM_THRESHOLD_ and MALLOC_MMAP_THRESHOLD_ at 128 KiB (glibc's starting values, now fixed): by default
// glibc raises both after each large block it frees (up to 64 and 32 MiB), so tens of MiB freed by the compiler
// stayed in every arena; fixed, what is freed goes back to the system. A sign-in's argon2 verify (19 MiB) costs
// the same CPU either way (measured).
// Measured in bench/README.md ("crm").

/** Flags the server needs, as `--name=value`. A flag already given (command line or NODE_OPTIONS) is kept as is. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'] as const;
/** Environment the server needs. A variable already set is kept as is. */
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_MMAP_THRESHOLD_: '131072',
} as const;

const flagName = (flag: string) => flag.split('=')[0].replaceAll('_', '-');

/** The flags of SERVER_NODE_FLAGS that a process started with `execArgv` and `nodeOptions` lacks. */
export function missingNodeFlags(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const given = new Set([...execArgv, ...(nodeOptions ?? '').split(/\s+/)].filter(Boolean).map(flagName));
  return SERVER_NODE_FLAGS.filter((flag) => !given.has(flagName(flag)));
}

/** The variables of SERVER_ENV that `env` does not set. */
export function missingEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(SERVER_ENV).filter(([name]) => env[name] === undefined));
}
