import { randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import { createDb, type Db, type DbKind } from '../../server/db/createDb.ts';
import { migrate } from '../../server/db/migrate.ts';
import { type JobEngine, startJobEngine } from '../../server/jobs/jobEngine.ts';
import { outboundPolicy } from '../../server/net/safeFetch.ts';
import { stripeGatewayOf } from '../../server/payments/stripeGateway.ts';
import type { TxtResolver } from '../../server/publishing/txtResolver.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const ADMIN_EMAIL = 'boss@example.com';
export const DEFAULT_PASSWORD = 'secret-pass';
export const INDEX_HTML = '<!doctype html><html><body><div id="root">test shell</div></body></html>';

export type Session = {
  token: string;
  userId: number;
  accountId: number;
  email: string;
  password: string;
  role: string;
};

export type Call = {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
};

export type TestContext = {
  readonly kind: DbKind;
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly config: Config;
  /** The PostgreSQL database of this suite (null on PGlite), for tests that write from another connection. */
  readonly databaseUrl: string | null;
  /** The job engine, for suites defined with `{ jobs }`. */
  readonly jobs: JobEngine;
  /** `app.inject` that fails the test on any unexpected 5xx (501 is the only deliberate one). */
  call(method: InjectOptions['method'], url: string, options?: Call): Promise<LightMyRequestResponse>;
  /** Registers a fresh user (unique email unless given) and returns their session. */
  register(options?: { email?: string; password?: string; name?: string }): Promise<Session>;
  /** Empties every table, for tests that need "no user yet". */
  truncateAll(): Promise<void>;
};

let emailCounter = 0;

/** An email no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}-${emailCounter}-${randomUUID().slice(0, 8)}@example.com`;
}

type Opened = { db: Db; databaseUrl: string | null; dispose: () => Promise<void> };

/**
 * Suites that need the job engine (pg-boss) running, read when the suite starts; `collab`: the document sync's
 * store timing (co-editing suites shorten it); `config`: configuration beside the test defaults.
 */
export type SuiteOptions = {
  jobs?: () => { smtpUrl?: string | null };
  collab?: BuildAppOptions['collab'];
  config?: Partial<Config>;
  /** The DNS TXT lookup of custom-domain verification (a fake: tests never ask real DNS). */
  resolveTxt?: TxtResolver;
  /**
   * A card payment gateway (a fake of the provider we cannot reach); default: Stripe when `config` names it
   * (STRIPE_* pointing at tests/server/fakeStripe.ts), else none: card not offered.
   */
  payments?: BuildAppOptions['payments'];
  /**
   * On PostgreSQL, the app LISTENs on the suite's database (config.databaseUrl), as a server process does, so
   * what the database announces reaches it (the live event stream); `liveEvents`: that stream's timing.
   */
  listen?: boolean;
  liveEvents?: BuildAppOptions['liveEvents'];
};

// No TXT record anywhere, unless a suite passes its own fake.
const noTxtRecords: TxtResolver = async () => {
  throw Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' });
};

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

// Copies the migrated template made by globalSetup and opens the copy.
async function openPglite(dataDir: string): Promise<Opened> {
  await cp(path.join(inject('pgliteTemplateDataDir'), 'pglite'), path.join(dataDir, 'pglite'), {
    recursive: true,
  });
  const db = await createDb({ dataDir });
  return { db, databaseUrl: null, dispose: () => db.close() };
}

// A database of its own on the server of DATABASE_URL, dropped afterwards.
async function openPostgres(adminUrl: string): Promise<Opened> {
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await createDb({ databaseUrl: url.toString(), dataDir: tmpdir() });
  await migrate(db);
  return {
    db,
    databaseUrl: url.toString(),
    dispose: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

type State = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  jobs: JobEngine | null;
  databaseUrl: string | null;
  dispose: () => Promise<void>;
};

function defineContext(kind: DbKind, options: SuiteOptions): TestContext {
  let state: State | null = null;
  let tempDir = '';
  const ready = () => {
    if (!state) throw new Error('test context used outside a test');
    return state;
  };

  beforeAll(async () => {
    tempDir = await mkdtemp(path.join(tmpdir(), 'server-test-'));
    const staticDir = path.join(tempDir, 'static');
    await mkdir(path.join(staticDir, 'assets'), { recursive: true });
    await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(staticDir, 'tab-broker.js'), 'self.addEventListener("connect", () => {});');
    await writeFile(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log("app");');
    const opened =
      kind === 'pglite' ? await openPglite(tempDir) : await openPostgres(process.env.DATABASE_URL ?? '');
    const config: Config = {
      port: 0,
      host: '127.0.0.1',
      dataDir: tempDir,
      databaseUrl: null,
      jwtSecret: TEST_JWT_SECRET,
      adminEmails: [ADMIN_EMAIL],
      staticDir,
      ...options.config,
      ...(options.listen && opened.databaseUrl ? { databaseUrl: opened.databaseUrl } : {}),
    };
    const jobOptions = options.jobs?.();
    const jobs = jobOptions
      ? await startJobEngine({
          db: opened.db,
          databaseUrl: opened.databaseUrl,
          mail: { smtpUrl: jobOptions.smtpUrl ?? null, from: 'tests@example.com' },
          log: silentLog,
          schedule: false,
          outbound: outboundPolicy(config),
          resolveTxt: options.resolveTxt ?? noTxtRecords,
          payments: stripeGatewayOf(config),
        })
      : null;
    // The published-site renderer from source (vitest transforms the TSX); production loads its SSR build.
    const renderer = await import('../../src/canvas/published/publishRenderer.tsx');
    const app = await buildApp({
      config,
      db: opened.db,
      jobs,
      publishing: { renderer, siteScript: null },
      collab: options.collab,
      liveEvents: options.liveEvents,
      resolveTxt: options.resolveTxt ?? noTxtRecords,
      // Unset: the app's default, Stripe when the suite's config names it (a loopback fake), else none.
      ...(options.payments !== undefined ? { payments: options.payments } : {}),
    });
    state = { app, db: opened.db, config, jobs, databaseUrl: opened.databaseUrl, dispose: opened.dispose };
  });

  afterAll(async () => {
    try {
      await state?.app.close();
      // The engine polls the database: it stops before the database closes, or the suite never ends.
      await state?.jobs?.stop(5000);
      await state?.dispose();
    } finally {
      state = null;
      await rm(tempDir, { recursive: true, force: true });
    }
  });

  const context: TestContext = {
    kind,
    get app() {
      return ready().app;
    },
    get db() {
      return ready().db;
    },
    get config() {
      return ready().config;
    },
    get databaseUrl() {
      return ready().databaseUrl;
    },
    get jobs() {
      const { jobs } = ready();
      if (!jobs)
        throw new Error('this suite runs without the job engine: pass { jobs } to describeEachDatabase');
      return jobs;
    },
    call: async (method, url, options = {}) => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await ready().app.inject({
        method,
        url,
        headers,
        ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      });
      if (response.statusCode >= 500 && response.statusCode !== 501) {
        expect.fail(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
      }
      return response;
    },
    register: async ({ email = uniqueEmail(), password = DEFAULT_PASSWORD, name } = {}) => {
      const response = await context.call('POST', '/api/auth/register', {
        body: { email, password, ...(name === undefined ? {} : { name }) },
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<{ token: string; userId: number; accountId: number; role: string }>();
      return { ...body, email: email.trim().toLowerCase(), password };
    },
    truncateAll: async () => {
      await ready().db.exec(
        `truncate users, accounts, account_members, business_profiles, login_failures, reviews, credit_ledger
         restart identity cascade`,
      );
    },
  };
  return context;
}

/**
 * Defines the same suite on PGlite and, when DATABASE_URL is set, again on PostgreSQL
 * (a database of its own per test file, dropped afterwards).
 */
export function describeEachDatabase(
  title: string,
  define: (ctx: TestContext) => void,
  options: SuiteOptions = {},
): void {
  describe(`${title} [PGlite]`, () => define(defineContext('pglite', options)));
  if (process.env.DATABASE_URL) {
    describe(`${title} [PostgreSQL]`, () => define(defineContext('postgres', options)));
  }
}
