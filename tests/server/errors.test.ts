import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/createDb.ts';
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
