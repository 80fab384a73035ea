import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createInvalidationBus, type InvalidationBus } from '../../server/cluster/invalidationBus.ts';
import { createDb, type Db } from '../../server/db/createDb.ts';
import { createPgNotifications, type PgNotifications } from '../../server/db/pgNotifications.ts';

const adminUrl = process.env.DATABASE_URL ?? '';

async function until(check: () => boolean | Promise<boolean>, boundMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > boundMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('invalidation bus', () => {
  const buses: InvalidationBus[] = [];
  const dbs: Db[] = [];
  const connections: PgNotifications[] = [];
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
    for (const connection of connections.splice(0)) await connection.close();
    for (const db of dbs.splice(0)) await db.close();
  });

  it('without a database to listen on, delivers in this process only, before publish resolves', async () => {
    const bus = createInvalidationBus({ sender: null, notifications: null });
    buses.push(bus);
    const heard: Array<string | null> = [];
    const stop = bus.subscribe('site-pages', (payload) => {
      heard.push(payload);
    });
    bus.subscribe('site-hosts', () => {
      heard.push('hosts');
    });
    await bus.publish('site-pages', 'rosa');
    await bus.publish('site-pages', null);
    stop();
    await bus.publish('site-pages', 'gone');
    expect(heard).toEqual(['rosa', null]);
    expect(bus.crossProcess()).toBe(false);
  });

  it.runIf(adminUrl)(
    'on PostgreSQL, reaches other buses; after its connection drops it says so, listens again and resets',
    async () => {
      const db = await createDb({ databaseUrl: adminUrl, dataDir: '' });
      dbs.push(db);
      // Two processes' LISTEN connections.
      const heardBy = [1, 2].map(() => createPgNotifications(adminUrl, { reconnectMs: 50 }));
      connections.push(...heardBy);
      const one = createInvalidationBus({ sender: db, notifications: heardBy[0] });
      const two = createInvalidationBus({ sender: db, notifications: heardBy[1] });
      buses.push(one, two);
      const heardByOne: Array<string | null> = [];
      const heardByTwo: Array<string | null> = [];
      one.subscribe('site-pages', (payload) => {
        heardByOne.push(payload);
      });
      two.subscribe('site-pages', (payload) => {
        heardByTwo.push(payload);
      });
      await until(() => one.crossProcess() && two.crossProcess());
      heardByOne.length = 0;
      heardByTwo.length = 0;

      await one.publish('site-pages', 'rosa');
      await until(() => heardByTwo.includes('rosa'));
      // Its own message is delivered once, in-process, not again when PostgreSQL echoes it.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heardByOne).toEqual(['rosa']);

      // Messages may be missed while not listening: it must not be trusted, and forgets all when back.
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = 'notifications' and datname = current_database()`,
        );
      } finally {
        await admin.end();
      }
      await until(() => !two.crossProcess());
      heardByTwo.length = 0;
      await until(() => two.crossProcess() && heardByTwo.includes(null));
      await one.publish('site-pages', 'after');
      await until(() => heardByTwo.includes('after'));
    },
    30_000,
  );
});
