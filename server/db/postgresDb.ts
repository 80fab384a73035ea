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

function wrap(run: Run): Queryable {
  const query = async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> => {
    const result = await run(sql, params ? [...params] : undefined);
    return result.rows as T[];
  };
  return {
    query,
    one: async <T>(sql: string, params?: readonly unknown[]) => (await query<T>(sql, params))[0] ?? null,
    exec: async (sql: string) => {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await run(sql);
    },
  };
}

/** A pool on the PostgreSQL server at `url`. */
export function createPostgresDb(url: string, onIdleError?: (error: Error) => void): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => onIdleError?.(error));
  const direct = wrap((sql, params) => (params ? pool.query(prepared(sql, params)) : pool.query(sql)));

  return {
    kind: 'postgres',
    writeGeneration: null,
    ...direct,
    transaction: async (fn) => {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('begin');
        const result = await fn(
          wrap((sql, params) => (params ? client.query(prepared(sql, params)) : client.query(sql))),
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
        // A client whose rollback failed is in an unknown state: destroy it instead of reusing it.
        client.release(broken);
      }
    },
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}
