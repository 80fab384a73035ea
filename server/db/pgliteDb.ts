import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mayWrite } from './statements.ts';
import type { Db, Queryable } from './types.ts';

function wrap(target: PGlite | Transaction, onWrite: () => void): Queryable {
  const query = async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> => {
    try {
      const result = await target.query<T>(sql, params ? [...params] : undefined);
      return result.rows;
    } finally {
      // After the statement, so a reader that noted the generation before its own query never keeps
      // rows older than a write that finished after that note.
      if (mayWrite(sql)) onWrite();
    }
  };
  return {
    query,
    one: async <T>(sql: string, params?: readonly unknown[]) => (await query<T>(sql, params))[0] ?? null,
    exec: async (sql: string) => {
      try {
        await target.exec(sql);
      } finally {
        onWrite();
      }
    },
  };
}

/**
 * Opens (creating when missing) the embedded database stored in `dir`.
 *
 * PGlite has one connection. Its `query`, `exec` and `transaction` all wait on one mutex, so a
 * statement from another request queues behind an open transaction instead of running inside it
 * (tests/server/db.test.ts pins this down). Hence: never call `db` from inside `transaction`.
 */
export async function createPgliteDb(dir: string): Promise<Db> {
  mkdirSync(dir, { recursive: true });
  // pg_trgm: the store's product search is a trigram index (migration 0015), as on PostgreSQL.
  const pg = await PGlite.create(dir, { extensions: { pg_trgm } });
  let generation = 0;
  const onWrite = () => {
    generation += 1;
  };
  const direct = wrap(pg, onWrite);
  let closing: Promise<void> | null = null;

  const guard = <T>(fn: () => Promise<T>): Promise<T> =>
    closing ? Promise.reject(new Error('Database is closed')) : fn();

  return {
    kind: 'pglite',
    pglite: pg,
    writeGeneration: () => generation,
    authRowsGeneration: () => generation,
    catalogueGeneration: () => generation,
    contactsGeneration: () => generation,
    query: (sql, params) => guard(() => direct.query(sql, params)),
    one: (sql, params) => guard(() => direct.one(sql, params)),
    exec: (sql) => guard(() => direct.exec(sql)),
    transaction: (fn) =>
      guard(async () => {
        try {
          return await pg.transaction((tx) => fn(wrap(tx, onWrite)));
        } finally {
          onWrite(); // the commit (or rollback) is when other readers see the change
        }
      }),
    // Flushes and closes: an unclosed PGlite keeps the process alive, and a kill mid-write can corrupt it.
    close: () => {
      closing ??= pg.closed ? Promise.resolve() : pg.close();
      return closing;
    },
  };
}
