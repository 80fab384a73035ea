// Reads the environment, prepares the database and serves until SIGTERM/SIGINT.
// First: restarts this process with the Node flags it needs when they are missing (processSettings.ts).
import './processSettings.ts';
import pino from 'pino';
import { buildApp } from './app.ts';
import { sharedSessionKey } from './auth/sessionKey.ts';
import { loadConfig } from './config.ts';
import { createDb } from './db/createDb.ts';
import { migrate } from './db/migrate.ts';
import { type JobEngine, startJobEngine } from './jobs/jobEngine.ts';
import { outboundPolicy } from './net/safeFetch.ts';
import { stripeGatewayOf } from './payments/stripeGateway.ts';
import { loadPublishing } from './publishing/loadPublishing.ts';
import { adoptUploadFiles } from './routes/upload/adoptUploadFiles.ts';
import { installShutdown } from './shutdown.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(`Configuration error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const db = await createDb({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  onIdleError: (error) => console.error('database: idle connection error', error),
});

// Buffered, asynchronous log writes: one write per few KiB instead of one syscall per line
// (synchronous logging was a tenth of the CPU of a busy authenticated endpoint). Flushed on exit.
const logDestination = pino.destination({ sync: false, minLength: 4096 });
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' }, logDestination);
setInterval(() => logDestination.flush(), 1000).unref();

let app: Awaited<ReturnType<typeof buildApp>>;
let jobs: JobEngine | null = null;
try {
  const { applied } = await migrate(db);
  // JWT_SECRET unset on PostgreSQL: the key every process shares is the database's.
  if (config.sessionKeyInDatabase)
    config = { ...config, jwtSecret: await sharedSessionKey(db, config.jwtSecret) };
  // Images uploaded before they were kept in the database (a no-op once they all are).
  const adopted = await adoptUploadFiles(db, config.dataDir);
  if (adopted.copied > 0)
    logger.info({ copied: adopted.copied }, 'uploaded images copied from DATA_DIR/uploads into the database');
  if (adopted.missing > 0)
    logger.warn(
      { missing: adopted.missing, dir: `${config.dataDir}/uploads` },
      'uploaded images recorded before 0030 have no file here: they answer 404 until a server that has them starts',
    );
  // Card payments through Stripe Checkout, when both Stripe secrets are set.
  const stripe = stripeGatewayOf(config);
  if (!stripe && (config.stripeSecretKey || config.stripeWebhookSecret)) {
    logger.warn('card payments are off: set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  jobs = await startJobEngine({
    db,
    databaseUrl: config.databaseUrl,
    mail: { smtpUrl: config.smtpUrl ?? null, from: config.mailFrom ?? 'BizSite <no-reply@localhost>' },
    log: logger.child({ module: 'jobs' }),
    oauth: config.oauth ?? null,
    outbound: outboundPolicy(config),
    payments: stripe,
    appUrl: config.appUrl ?? null,
    port: config.port,
  });
  // Published sites are rendered by the SSR build of the canvas renderers (npm run build).
  const { missing, ...publishing } = await loadPublishing(new URL('../dist', import.meta.url).pathname);
  if (missing.length > 0) logger.warn({ missing }, 'publishing is unavailable until `npm run build`');
  app = await buildApp({ config, db, loggerInstance: logger, jobs, publishing, stripe, payments: stripe });
  if (applied.length > 0) app.log.info({ applied }, 'database migrated');
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(error);
  await jobs?.stop(2000);
  await db.close();
  process.exit(1);
}

const displayHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.log.info(
  `serving on http://${displayHost}:${port} (${db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
);

// SIGTERM/SIGINT: stops within 10 s whatever is open; a second signal exits at once.
installShutdown({ app, jobs, db, log: app.log, flushLog: () => logDestination.flushSync() });
