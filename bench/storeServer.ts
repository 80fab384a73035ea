// The app as `server/main.ts` builds it, with a store of 10,000 products seeded before it listens, and the
// public store routes' rate limits raised so the load generator (one address) measures throughput, not the
// limiter's 429s. The limiter itself still runs on every request.
// With the server's Node flags, as server/main.ts (processSettings.ts).
import '../server/processSettings.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createDb } from '../server/db/createDb.ts';
import { migrate } from '../server/db/migrate.ts';
import { startJobEngine } from '../server/jobs/jobEngine.ts';

export const BENCH_STORE_ID = 'bench-store';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const unlimited = 1_000_000_000;

const config = loadConfig(process.env);
const db = await createDb({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
await migrate(db);
// The job engine as the real server runs it: order mails go to the outbox and their sending is enqueued.
const jobs = await startJobEngine({
  db,
  databaseUrl: config.databaseUrl,
  mail: { smtpUrl: null, from: 'Bench <no-reply@localhost>' },
  log: { info: () => {}, warn: () => {}, error: () => {} },
  oauth: null,
  appUrl: null,
  port: config.port,
});
const app = await buildApp({
  config,
  db,
  jobs,
  storeRateLimits: { reads: unlimited, writes: unlimited, orders: unlimited },
});

const registered = await app.inject({
  method: 'POST',
  url: '/api/auth/register',
  payload: { email: `store-bench-${Date.now()}@example.com`, password: 'correct horse battery' },
});
const { token } = registered.json<{ token: string }>();
const store = await app.inject({
  method: 'POST',
  url: '/api/ecommerce/stores',
  headers: { authorization: `Bearer ${token}` },
  payload: { storeId: BENCH_STORE_ID, storeName: 'Bench Store' },
});
if (store.statusCode !== 201) throw new Error(`store: ${store.statusCode} ${store.body}`);
const accountId = registered.json<{ accountId: number }>().accountId;
await db.query(
  `insert into products (account_id, store_id, name, code, price_cents, inventory_quantity, description)
   select $1, $2, 'Product ' || n, 'SKU-' || n, 100 + n % 900, 1000000, 'A product for the benchmark'
   from generate_series(1, $3::integer) as n`,
  [accountId, BENCH_STORE_ID, PRODUCTS],
);
await db.exec('vacuum analyze products');

await app.listen({ port: config.port, host: '127.0.0.1' });
console.log('ready');
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => jobs.stop())
      .then(() => db.close())
      .then(() => process.exit(0)),
);
