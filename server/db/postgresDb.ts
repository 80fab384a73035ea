import pg from 'pg';
import type { Db, Queryable } from './types.ts';

type Run = (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;

// Parameterised statements are prepared once per connection under a name, so PostgreSQL parses and
// plans each of our (constant) SQL texts once instead of on every request. Values always travel as
// parameters, so the set of texts is bounded by the code.
const statementNames = new Map<string, string>();
function prepared(sql: string, params: unknown[]): pg.QueryConfig {
  let name = statementNames.get(sql);
  if (!name) {
    name = `s${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: params };
}

// Our reads are plain SELECTs; anything else (insert, update, delete, with …, DDL) may write.
const READ_ONLY = /^\s*select\b/i;

function wrap(run: Run, onWrite: () => void): Queryable {
  const query = async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> => {
    try {
      const result = await run(sql, params ? [...params] : undefined);
      return result.rows as T[];
    } finally {
      if (!READ_ONLY.test(sql)) onWrite();
    }
  };
  return {
    query,
    one: async <T>(sql: string, params?: readonly unknown[]) => (await query<T>(sql, params))[0] ?? null,
    exec: async (sql: string) => {
      try {
        // Without parameters pg uses the simple protocol, which accepts several statements.
        await run(sql);
      } finally {
        onWrite();
      }
    },
  };
}

/**
 * The write generation on PostgreSQL: it moves after this process's own writes (synchronously, so the
 * next request sees them) and on every `auth_rows` notification (migration 0007: other processes, psql).
 * While the listening connection is down nothing may be cached, so every call moves it.
 */
function createWriteGeneration(url: string, onError?: (error: Error) => void) {
  let generation = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | null = null;
  const bump = () => {
    generation += 1;
  };
  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: 'auth-rows-listener' });
    next.on('notification', bump);
    next.on('error', (error) => onError?.(error));
    next.on('end', () => {
      listening = false;
      bump();
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    client = next;
    try {
      await next.connect();
      await next.query('listen auth_rows');
      bump(); // whatever changed while not listening is forgotten
      listening = true;
    } catch (error) {
      onError?.(error as Error);
      await next.end().catch(() => undefined);
    }
  };
  const ready = connect();
  return {
    ready,
    bump,
    current: () => {
      if (!listening) bump();
      return generation;
    },
    close: async () => {
      closed = true;
      listening = false;
      await client?.end().catch(() => undefined);
    },
  };
}

/** A pool on the PostgreSQL server at `url`. */
export function createPostgresDb(url: string, onIdleError?: (error: Error) => void): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => onIdleError?.(error));
  const generation = createWriteGeneration(url, onIdleError);
  const onWrite = generation.bump;
  const direct = wrap(
    (sql, params) => (params ? pool.query(prepared(sql, params)) : pool.query(sql)),
    onWrite,
  );

  return {
    kind: 'postgres',
    writeGeneration: null,
    authRowsGeneration: generation.current,
    ...direct,
    transaction: async (fn) => {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('begin');
        const result = await fn(
          wrap((sql, params) => (params ? client.query(prepared(sql, params)) : client.query(sql)), onWrite),
        );
        await client.query('commit');
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        onWrite(); // the commit (or rollback) is when other readers see the change
        // A client whose rollback failed is in an unknown state: destroy it instead of reusing it.
        client.release(broken);
      }
    },
    close: async () => {
      await generation.close();
      if (!pool.ended) await pool.end();
    },
  };
}
