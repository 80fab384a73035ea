import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  let dataDir = '';
  beforeEach(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'config-test-')), 'data');
  });
  afterEach(async () => {
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('applies the defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: null,
      adminEmails: [],
      staticDir: path.resolve('dist'),
    });
  });

  it('generates the JWT secret once, keeps it in DATA_DIR (0600) and reuses it', async () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'jwt-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('on PostgreSQL without JWT_SECRET leaves the key to the database and writes nothing to DATA_DIR', async () => {
    const url = 'postgres://u@localhost:5432/db';
    const fresh = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url });
    expect(fresh.sessionKeyInDatabase).toBe(true);
    expect(fresh.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    // An earlier version's key is the one offered, so its sessions stay signed in after the upgrade.
    const earlier = 'k'.repeat(40);
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'jwt-secret'), `${earlier}\n`);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }).jwtSecret).toBe(earlier);
    const given = 's'.repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, JWT_SECRET: given })).toMatchObject({
      jwtSecret: given,
      sessionKeyInDatabase: false,
    });
    expect(loadConfig({ DATA_DIR: dataDir }).sessionKeyInDatabase).toBe(false);
  });

  it('uses a given JWT_SECRET and refuses a short one', () => {
    const secret = 's'.repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).jwtSecret).toBe(secret);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('accepts postgres URLs and rejects anything else in DATABASE_URL', () => {
    for (const url of ['postgres://u@localhost:5432/db', 'postgresql://u:p@db.example/app?sslmode=require']) {
      expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }).databaseUrl).toBe(url);
    }
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }).databaseUrl).toBeNull();
    for (const url of ['mysql://u@localhost/db', 'not a url', 'localhost:5432']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url })).toThrow(/DATABASE_URL/);
    }
  });

  it('reads VERSION_RETENTION (50 when unset) and refuses anything but 1 to 10000', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).versionRetention).toBe(50);
    expect(loadConfig({ DATA_DIR: dataDir, VERSION_RETENTION: '200' }).versionRetention).toBe(200);
    for (const count of ['0', '-1', '1.5', 'all', '10001']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, VERSION_RETENTION: count })).toThrow(/VERSION_RETENTION/);
    }
  });

  it('reads DATABASE_POOL_SIZE (10 when unset) and refuses anything but 1 to 1000', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).databasePoolSize).toBe(10);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: ' 25 ' }).databasePoolSize).toBe(25);
    for (const size of ['0', '-3', '2.5', 'ten', '1001']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: size })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });

  it('validates PORT, lowercases ADMIN_EMAILS and lets STATIC_DIR="" turn static serving off', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      HOST: '127.0.0.1',
      ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com ',
      STATIC_DIR: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      adminEmails: ['boss@example.com', 'ops@example.com'],
      staticDir: null,
    });
    for (const port of ['abc', '-1', '70000', '80.5']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PORT: port })).toThrow(/PORT/);
    }
  });

  it('reads the mail settings: SMTP_URL and APP_URL must be URLs of the right kind', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ smtpUrl: null, appUrl: null });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SMTP_URL: 'smtp://mailer:secret@mail.example:587',
        MAIL_FROM: 'Team <team@example.com>',
        APP_URL: 'https://app.example.com/',
      }),
    ).toMatchObject({
      smtpUrl: 'smtp://mailer:secret@mail.example:587',
      mailFrom: 'Team <team@example.com>',
      appUrl: 'https://app.example.com',
    });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'http://mail.example', APP_URL: 'https://app.example.com' }),
    ).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, APP_URL: 'ftp://x' })).toThrow(/APP_URL/);
  });

  it('stops the start when mail really leaves but APP_URL is unset: its links would point at localhost', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      'APP_URL is required when SMTP_URL is set: the links in mail (orders, invitations) need the address people reach this server at, e.g. APP_URL=https://app.example.com',
    );
    expect(loadConfig({ DATA_DIR: dataDir, APP_URL: 'https://app.example.com' }).smtpUrl).toBeNull();
  });

  it('reads REDIS_URL (redis:// or rediss://), unset by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).redisUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe(
      'redis://127.0.0.1:6379/2',
    );
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'rediss://u:p@cache.example' }).redisUrl).toBe(
      'rediss://u:p@cache.example',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'http://cache.example' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
  });

  it('reads TRUST_PROXY: loopback always, plus the listed addresses and ranges; anything else stops the start', () => {
    const trusted = (TRUST_PROXY?: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY }).trustProxy;
    expect(trusted()).toEqual(['loopback']);
    expect(trusted(' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,loopback')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    expect(trusted('uniquelocal')).toEqual(['loopback', 'uniquelocal']);
    // Trusting every sender would let a visitor pick the address that throttling counts; a host name is not
    // an address; a hop count is ignored by Fastify (it trusts no one then).
    for (const bad of [
      'true',
      '*',
      'lb.example.com',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1/8/1',
      '2',
      '10.0.0.1,',
    ]) {
      expect(() => trusted(bad), bad).toThrow(
        `TRUST_PROXY must list your proxies' addresses or CIDR ranges, comma-separated (e.g. 10.0.0.0/8,192.168.1.7; got "${bad}")`,
      );
    }
  });
});
