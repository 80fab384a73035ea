import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { Env } from './env.ts';
import { loadOAuthSettings, type OAuthSettings } from './integrations/oauthSettings.ts';
import type { OutboundTesting } from './net/safeFetch.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** DATABASE_POOL_SIZE: connections this process keeps to the PostgreSQL server (unused on PGlite). */
  databasePoolSize?: number;
  jwtSecret: string;
  /**
   * Set when JWT_SECRET is unset on PostgreSQL: the session key is then the database's (`sharedSessionKey`), so
   * every process on every host signs and checks alike with nothing shared but the database, and `jwtSecret` is
   * only the key this process offers if the database has none yet (an earlier DATA_DIR/jwt-secret, or a new one).
   */
  sessionKeyInDatabase?: boolean;
  adminEmails: string[];
  /** The built client to serve; null when STATIC_DIR is set to an empty string (API only). */
  staticDir: string | null;
  // Optional so that configs built by hand (tests) need not name them.
  /**
   * SMTP_URL: where all mail goes (invitations, campaign sends, workflow e-mails); unset or null: none is
   * sent (invitations are logged, CRM messages stay in the outbox).
   */
  smtpUrl?: string | null;
  /** MAIL_FROM: the sender of that mail. */
  mailFrom?: string;
  /**
   * APP_URL: the public origin for links in mail, required with SMTP_URL; unset (no mail leaves): invitations
   * use the origin the inviter's request came to, and the shop's held mails this server on localhost.
   */
  appUrl?: string | null;
  /** PUBLIC_SITE_DOMAIN: published sites also answer on `{subdomain}.{this}`; unset: only under /sites/. */
  publicSiteDomain?: string | null;
  /** REDIS_URL: server processes share open builder documents through this Redis; unset: one process. */
  redisUrl?: string | null;
  /**
   * TRUST_PROXY: whose X-Forwarded-For names the client (request.ip: sign-in throttling, rate limits, the
   * activity log): loopback plus the listed addresses and CIDR ranges. Unset: loopback only.
   */
  trustProxy?: string[];
  /** GOOGLE_ADS_* / FACEBOOK_ADS_*: the ad platforms' OAuth clients; unset: not configured (501). */
  oauth?: OAuthSettings;
  /**
   * ALLOW_LOOPBACK_OUTBOUND: outgoing requests (webhooks, OAuth, publishing) may reach loopback (127.0.0.0/8, ::1,
   * localhost), for local development and tests; never other private ranges. Unset or false: refused.
   */
  allowLoopbackOutbound?: boolean;
  /** STRIPE_SECRET_KEY: card payments through Stripe Checkout (with STRIPE_WEBHOOK_SECRET); unset: no card. */
  stripeSecretKey?: string | null;
  /** STRIPE_WEBHOOK_SECRET: verifies POST /api/webhooks/stripe (whsec_…). */
  stripeWebhookSecret?: string | null;
  /** STRIPE_API_URL: another Stripe API origin (a local fake in tests); unset: api.stripe.com. */
  stripeApiUrl?: string | null;
  /** VERSION_RETENTION: how many versions of each website are kept (the newest; publishes included). */
  versionRetention?: number;
  /** Tests only: a fake resolver and shorter limits for outgoing requests. */
  outboundTesting?: OutboundTesting;
};

const MIN_SECRET_LENGTH = 32;
const SECRET_FILE = 'jwt-secret';

/** Reads and validates the environment; throws an Error naming the offending variable. */
export function loadConfig(env: Env): Config {
  const dataDir = path.resolve(nonEmpty(env.DATA_DIR) ?? './data');
  const smtpUrl = parseUrl('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']);
  const appUrl = parseUrl('APP_URL', env.APP_URL, ['http:', 'https:'])?.replace(/\/+$/, '') ?? null;
  // Mail that really leaves carries links back here (a buyer's order page, the owner's order notice): without
  // the public origin they would point at localhost, so the start stops and says what to set.
  if (smtpUrl && !appUrl) {
    throw new Error(
      'APP_URL is required when SMTP_URL is set: the links in mail (orders, invitations) need the address people reach this server at, e.g. APP_URL=https://app.example.com',
    );
  }
  const databaseUrl = parseDatabaseUrl(env.DATABASE_URL);
  const sessionKeyInDatabase = databaseUrl !== null && nonEmpty(env.JWT_SECRET) === undefined;
  return {
    port: parsePort(env.PORT),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    databasePoolSize: parsePoolSize(env.DATABASE_POOL_SIZE),
    jwtSecret: sessionKeyInDatabase ? offeredSessionKey(dataDir) : resolveJwtSecret(env.JWT_SECRET, dataDir),
    sessionKeyInDatabase,
    adminEmails: parseAdminEmails(env.ADMIN_EMAILS),
    staticDir: parseStaticDir(env.STATIC_DIR),
    smtpUrl,
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'BizSite <no-reply@localhost>',
    publicSiteDomain: parseSiteDomain(env.PUBLIC_SITE_DOMAIN),
    appUrl,
    oauth: loadOAuthSettings(env),
    redisUrl: parseUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    allowLoopbackOutbound: parseFlag('ALLOW_LOOPBACK_OUTBOUND', env.ALLOW_LOOPBACK_OUTBOUND),
    versionRetention: parseVersionRetention(env.VERSION_RETENTION),
    stripeSecretKey: nonEmpty(env.STRIPE_SECRET_KEY) ?? null,
    stripeWebhookSecret: nonEmpty(env.STRIPE_WEBHOOK_SECRET) ?? null,
    stripeApiUrl:
      parseUrl('STRIPE_API_URL', env.STRIPE_API_URL, ['http:', 'https:'])?.replace(/\/+$/, '') ?? null,
  };
}

// Only an explicit true/1 turns a flag on; anything unrecognised stops the start rather than guessing.
function parseFlag(name: string, raw: string | undefined): boolean {
  const value = nonEmpty(raw)?.toLowerCase();
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new Error(`${name} must be true or false (got "${raw}")`);
}

function parseSiteDomain(raw: string | undefined): string | null {
  const value = nonEmpty(raw)?.toLowerCase().replace(/\.$/, '');
  if (value === undefined) return null;
  if (!/^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(value)) {
    throw new Error(`PUBLIC_SITE_DOMAIN must be a host name such as sites.example.com (got "${raw}")`);
  }
  return value;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parsePort(raw: string | undefined): number {
  const value = nonEmpty(raw);
  if (value === undefined) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535 (got "${raw}")`);
  }
  return port;
}

function parseDatabaseUrl(raw: string | undefined): string | null {
  const value = nonEmpty(raw);
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL (it is not a valid URL)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(
      `DATABASE_URL must be a postgres:// or postgresql:// URL (got protocol "${url.protocol}")`,
    );
  }
  return value;
}

/** Connections of the API's pool; the job engine keeps a few of its own besides. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** Whose X-Forwarded-For is trusted when TRUST_PROXY is unset (and in configs built by hand): a proxy on this host. */
export const DEFAULT_TRUST_PROXY: readonly string[] = ['loopback'];

/** Ranges Fastify (proxy-addr) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

// A proxy on this host is always trusted; every other proxy must be named: trusting any sender's
// X-Forwarded-For would let a visitor choose the address that sign-in throttling and rate limits count.
function parseTrustProxy(raw: string | undefined): string[] {
  const value = nonEmpty(raw);
  if (value === undefined) return [...DEFAULT_TRUST_PROXY];
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    if (NAMED_RANGES.has(entry)) return true;
    const [address, prefix, ...rest] = entry.split('/');
    const version = isIP(address ?? '');
    if (version === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
  };
  if (entries.length === 0 || !entries.every(valid)) {
    throw new Error(
      `TRUST_PROXY must list your proxies' addresses or CIDR ranges, comma-separated (e.g. 10.0.0.0/8,192.168.1.7; got "${raw}")`,
    );
  }
  return [...new Set([...DEFAULT_TRUST_PROXY, ...entries])];
}

function parsePoolSize(raw: string | undefined): number {
  const value = nonEmpty(raw);
  if (value === undefined) return DEFAULT_DATABASE_POOL_SIZE;
  const size = Number(value);
  if (!/^\d+$/.test(value) || size < 1 || size > 1000) {
    throw new Error(`DATABASE_POOL_SIZE must be an integer between 1 and 1000 (got "${raw}")`);
  }
  return size;
}

/** Versions kept per website when VERSION_RETENTION is unset. */
export const DEFAULT_VERSION_RETENTION = 50;

function parseVersionRetention(raw: string | undefined): number {
  const value = nonEmpty(raw);
  if (value === undefined) return DEFAULT_VERSION_RETENTION;
  const count = Number(value);
  if (!/^\d+$/.test(value) || count < 1 || count > 10_000) {
    throw new Error(`VERSION_RETENTION must be an integer between 1 and 10000 (got "${raw}")`);
  }
  return count;
}

function parseUrl(name: string, raw: string | undefined, protocols: string[]): string | null {
  const value = nonEmpty(raw);
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be a ${protocols.join(' or ')}// URL (it is not a valid URL)`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new Error(`${name} must be a ${protocols.join(' or ')}// URL (got protocol "${url.protocol}")`);
  }
  return value;
}

// `npm run dev` sets STATIC_DIR='' because Vite serves the client there.
function parseStaticDir(raw: string | undefined): string | null {
  if (raw === undefined) return path.resolve('./dist');
  const value = raw.trim();
  return value ? path.resolve(value) : null;
}

function parseAdminEmails(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email.length > 0);
}

// An unset JWT_SECRET must survive restarts, or every restart would sign everyone out.
function resolveJwtSecret(raw: string | undefined, dataDir: string): string {
  const given = nonEmpty(raw);
  if (given !== undefined) {
    if (given.length < MIN_SECRET_LENGTH) {
      throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
    }
    return given;
  }
  const file = path.join(dataDir, SECRET_FILE);
  const stored = readSecretFile(file);
  if (stored !== undefined) {
    if (stored.length < MIN_SECRET_LENGTH) {
      throw new Error(`JWT_SECRET: ${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters`);
    }
    return stored;
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  // 'wx' fails if another process created the file meanwhile; then use theirs.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (error) {
    if (isErrnoCode(error, 'EEXIST')) return readSecretFile(file) ?? secret;
    throw new Error(`JWT_SECRET is unset and ${file} could not be written: ${String(error)}`);
  }
  return secret;
}

// On PostgreSQL the key a process offers the database: the one an earlier version generated into DATA_DIR (so
// its sessions stay valid), else a new one. Nothing is written: the database keeps the key.
function offeredSessionKey(dataDir: string): string {
  const stored = readSecretFile(path.join(dataDir, SECRET_FILE));
  if (stored !== undefined && stored.length >= MIN_SECRET_LENGTH) return stored;
  return randomBytes(48).toString('base64url');
}

function readSecretFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return undefined;
    throw new Error(`JWT_SECRET is unset and ${file} could not be read: ${String(error)}`);
  }
}

function isErrnoCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
