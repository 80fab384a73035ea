// How `server/main.ts` stops on SIGTERM/SIGINT: within a fixed deadline whatever is open, storing every builder
// document and letting running jobs finish (or fail, to be retried) before the database closes.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from './db/types.ts';
import type { JobEngine } from './jobs/jobEngine.ts';

export type ShutdownOptions = {
  app: FastifyInstance;
  jobs: JobEngine | null;
  db: Db;
  log: FastifyBaseLogger;
  /** Writes buffered log lines out before the process exits. */
  flushLog(): void;
  /** From the signal to the exit at the latest (a deploy waits no longer). */
  deadlineMs?: number;
  /** How long requests in flight and WebSocket close handshakes may take before their connections are cut. */
  graceMs?: number;
  /** How long running jobs may take to finish (alongside the requests' grace period). */
  jobsMs?: number;
};

export const SHUTDOWN_DEADLINE_MS = 10_000;

/** Stops on the first SIGTERM/SIGINT; a second one, or the deadline, exits at once with a non-zero code. */
export function installShutdown(options: ShutdownOptions): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      options.log.warn(`second ${signal} while stopping: exiting at once`);
      exitNow(options, 1);
    }
    stopping = true;
    void shutdown(signal, options);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

function exitNow({ flushLog }: ShutdownOptions, code: number): never {
  try {
    flushLog();
  } catch {
    // An unwritable log must not keep the process from exiting.
  }
  process.exit(code);
}

async function shutdown(signal: NodeJS.Signals, options: ShutdownOptions): Promise<void> {
  const { app, jobs, db, log, deadlineMs = SHUTDOWN_DEADLINE_MS, graceMs = 3000, jobsMs = 5000 } = options;
  const started = Date.now();
  log.info(`${signal}: stopping`);
  const deadline = setTimeout(() => {
    log.warn(`shutdown took longer than ${deadlineMs} ms; exiting without finishing it`);
    exitNow(options, 1);
  }, deadlineMs);
  deadline.unref();
  // Stops accepting (new requests on kept-alive connections get 503), closes idle connections and the
  // co-editing sockets, and waits for requests in flight. Past the grace period whatever is still open is cut
  // (an upload still arriving, a peer that never answers the WebSocket close): the process must not wait on
  // a client. The collab onClose hook then stores every open builder document while the database is open.
  const cut = setTimeout(() => {
    log.warn('shutdown: closing connections still open after the grace period');
    app.server.closeAllConnections();
    app.collab.dropConnections();
  }, graceMs);
  try {
    // Running jobs finish meanwhile (or are failed, to be retried by the next process); the engine's pool stays
    // open until the requests are done, since a request may still queue a job.
    await Promise.all([app.close().finally(() => clearTimeout(cut)), jobs?.drain(jobsMs)]);
    await jobs?.stop();
    await db.close(); // PGlite: flush and close, or the data directory may be left inconsistent
    log.info({ ms: Date.now() - started }, 'stopped');
    exitNow(options, 0);
  } catch (error) {
    log.error({ err: error }, 'shutdown failed');
    exitNow(options, 1);
  }
}
