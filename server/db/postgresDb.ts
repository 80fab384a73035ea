import pg from 'pg';
import { createPgNotifications, type PgNotifications } from './pgNotifications.ts';
import { mayWrite } from './statements.ts';
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

function wrap(run: Run, onWrite: () => void): Queryable {
  const query = async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> => {
    try {
      const result = await run(sql, params ? [...params] : undefined);
      return result.rows as T[];
    } finally {
      if (mayWrite(sql)) onWrite();
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

/** The channels whose notifications move a generation (migrations 0007 and 0015 send them). */
const CHANNELS = ['auth_rows', 'catalogue_rows', 'contacts_rows'] as const;
type Channel = (typeof CHANNELS)[number];

/**
 * Write generations on PostgreSQL, one per channel: each moves after this process's own writes
 * (synchronously, so the next request sees them) and on every notification of its channel (another
 * process, psql; migrations 0007 and 0015), heard on the process's one LISTEN connection. While a channel
 * is not heard nothing may be cached, so every call moves them.
 */
function createWriteGenerations(notifications: PgNotifications) {
  const generations: Record<Channel, number> = { auth_rows: 0, catalogue_rows: 0, contacts_rows: 0 };
  const bump = () => {
    for (const channel of CHANNELS) generations[channel] += 1;
  };
  const stops = CHANNELS.map((channel) =>
    notifications.subscribe(channel, {
      message: () => {
        generations[channel] += 1;
      },
      // whatever changed while not listening is forgotten
      listening: () => {
        generations[channel] += 1;
      },
      lost: () => {
        generations[channel] += 1;
      },
    }),
  );
  const current = (channel: Channel) => () => {
    if (!notifications.listening(channel)) generations[channel] += 1;
    return generations[channel];
  };
  return {
    bump,
    auth: current('auth_rows'),
    catalogue: current('catalogue_rows'),
    contacts: current('contacts_rows'),
    close: () => {
      for (const stop of stops) stop();
    },
  };
}

const CONNECT_TIMEOUT_MS = 10_000;

export type PostgresDbOptions = {
  /** Connections of the pool (DATABASE_POOL_SIZE); default 10. */
  poolSize?: number;
  /** An idle client losing its connection (logged, never thrown). */
  onIdleError?: (error: Error) => void;
};

/** A pool on the PostgreSQL server at `url`. */
export function createPostgresDb(url: string, { poolSize = 10, onIdleError }: PostgresDbOptions = {}): Db {
  // A server that does not answer (a network cut, not a refusal) fails the request after 10 s instead of holding
  // it, and every request behind it, for as long as the operating system keeps trying.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => onIdleError?.(error));
  // The process's one LISTEN connection: the generations below and the invalidation bus share it.
  const notifications = createPgNotifications(url, { onError: onIdleError });
  const generation = createWriteGenerations(notifications);
  const onWrite = generation.bump;
  const direct = wrap(
    (sql, params) => (params ? pool.query(prepared(sql, params)) : pool.query(sql)),
    onWrite,
  );

  return {
    kind: 'postgres',
    writeGeneration: null,
    notifications,
    authRowsGeneration: generation.auth,
    catalogueGeneration: generation.catalogue,
    contactsGeneration: generation.contacts,
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
      generation.close();
      await notifications.close();
      if (!pool.ended) await pool.end();
    },
  };
}
