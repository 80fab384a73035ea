import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { helloRps, withBenchDatabase } from './apiBench.ts';
import { autocannon, startServer, stopServer } from './processes.ts';

export type StoreFigures = {
  helloRps: number;
  databases: { name: string; listRps: number; searchRps: number; checkoutP50: number; checkoutP99: number }[];
  skipped: string[];
};

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 200);
const STORE = 'bench-store';

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ id: string }>;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

// Checkout latency: a visitor's cart with one product, then POST /orders with the buyer's details timed
// alone, one at a time; the server runs its job engine, so each order also writes the buyer's confirmation
// and the owner's notice to the outbox and enqueues their sending.
async function checkoutLatencies(base: string): Promise<number[]> {
  const timings: number[] = [];
  for (let index = 0; index < CHECKOUTS; index += 1) {
    const cart = await post(`${base}/api/ecommerce/cart`, { storeId: STORE, customerId: `bench-${index}` });
    await post(`${base}/api/ecommerce/cart/${cart.id}/items`, { productId: 1 + (index % 50), quantity: 1 });
    const started = performance.now();
    await post(
      `${base}/api/ecommerce/orders`,
      {
        cartId: cart.id,
        customer: { name: `Bench Buyer ${index}`, email: `buyer-${index}@example.com`, phone: '+1 555 0100' },
        deliveryMethod: 'pickup',
        note: 'Leave it at the counter',
      },
      { 'idempotency-key': `bench-${cart.id}` },
    );
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

async function measureStore(databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-store-'));
  const base = 'http://127.0.0.1:3903';
  const server = await startServer(
    'bench/storeServer.ts',
    {
      PORT: '3903',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STATIC_DIR: join(dataDir, 'no-static'),
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    },
    `${base}/api/health`,
  );
  try {
    const listRps = autocannon(
      { url: `${base}/api/ecommerce/products?storeId=${STORE}&skip=0&take=20` },
      seconds,
      10,
    );
    // 'Product 42' matches 111 of the 10,000: a page of 20 of them, with the count.
    const searchRps = autocannon(
      { url: `${base}/api/ecommerce/products?storeId=${STORE}&skip=0&take=20&searchTerm=Product%2042` },
      seconds,
      10,
    );
    const latencies = await checkoutLatencies(base);
    return {
      listRps,
      searchRps,
      checkoutP50: percentile(latencies, 50),
      checkoutP99: percentile(latencies, 99),
    };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Product list and search (20 of 10,000) against bare Fastify hello world in the same run; checkout p99. */
export async function storeBench(): Promise<StoreFigures> {
  const before = await helloRps();
  const databases: StoreFigures['databases'] = [];
  const skipped: string[] = [];
  databases.push({ name: 'PGlite', ...(await measureStore('')) });
  const onPostgres = await withBenchDatabase((url) => measureStore(url));
  if (onPostgres) databases.push({ name: 'PostgreSQL', ...onPostgres });
  else skipped.push('PostgreSQL (no server answered)');
  const after = await helloRps();
  return { helloRps: (before + after) / 2, databases, skipped };
}
