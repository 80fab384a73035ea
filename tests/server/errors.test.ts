import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/createDb.ts';
import { isDatabaseUnavailable } from '../../server/errors.ts';
import { TEST_JWT_SECRET } from './harness.ts';

// A database that fails every call, to see what the client gets when something breaks inside.
const brokenDb: Db = {
  kind: 'pglite',
  writeGeneration: null,
  authRowsGeneration: () => 0,
  catalogueGeneration: () => 0,
  contactsGeneration: () => 0,
  query: async () => {
    throw new Error('connection to 10.0.0.5 refused: password authentication failed for "prod"');
  },
  one: async () => {
    throw new Error('relation "users" does not exist');
  },
  exec: async () => {
    throw new Error('boom');
  },
  transaction: async () => {
    throw new Error('deadlock detected on users_pkey');
  },
  close: async () => {},
};

describe('unexpected failures', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      db: brokenDb,
      config: {
        port: 0,
        host: '127.0.0.1',
        dataDir: '/nonexistent',
        databaseUrl: null,
        jwtSecret: TEST_JWT_SECRET,
        adminEmails: [],
        staticDir: null,
      },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answer 500 "Internal server error" without leaking the cause', async () => {
    for (const [url, payload] of [
      ['/api/auth/login', { email: 'a@example.com', password: 'whatever' }],
      ['/api/auth/register', { email: 'a@example.com', password: 'whatever' }],
    ] as const) {
      const response = await app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, url).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal server error' });
    }
  });

  it('a failing database makes the health check a 503', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'Database unavailable' });
  });

  it('without a static directory every unknown path is a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});

describe('the database out of reach, told from a statement that failed', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('a refused or cut connection, a server shutting down or full, a connect timeout: out of reach (503)', () => {
    for (const error of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('08006', 'connection failure'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it('a statement the database refused is no outage (a logged 500)', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('40P01', 'deadlock detected'),
      withCode('42P01', 'relation "users" does not exist'),
      new Error('boom'),
      'ECONNREFUSED',
      null,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});
