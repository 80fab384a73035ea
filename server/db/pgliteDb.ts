import { PGlite, parse, protocol, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { ensurePgliteDataDir } from './pgliteDataDir.ts';
import { mayWrite } from './statements.ts';
import type { Db, Queryable } from './types.ts';

/** PGlite's two locks, the ones its own `query` takes (not in its typed API; present since 0.2). */
type Locks = {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
};

/** Prepared statements kept per database (each holds its parse tree and plan in PGlite's memory). */
const MAX_PREPARED = 1000;

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/**
 * Runs parameterised statements as named prepared statements in one protocol exchange each.
 *
 * PGlite's own `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six separate calls into the
 * database (each a pass of its main loop, with the JavaScript around it), and parses and plans the text again
 * every time. Here a statement's text is parsed once per database (its parameter types kept), and each run is
 * one call: Bind, Describe, Execute, Sync. Values are serialised as PGlite's `query` does (its serialisers by
 * the parameter's type) and rows parsed by its parsers, so what a query returns is unchanged. No `syncToFs`
 * after it: the database is on NodeFS (createPgliteDb), which writes through to the files and syncs nothing.
 */
function createStatements(pg: PGlite) {
  const locks = pg as unknown as Locks;
  const prepared = new Map<string, { name: string; types: number[] }>();
  const { serialize } = protocol;

  // Parses and describes `sql` under `name` ('' : the unnamed statement, replaced by the next Parse).
  const describe = async (sql: string, name: string) => {
    const messages = await pg.execProtocolStream(
      concat([
        serialize.parse({ name, text: sql, types: [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return { name, types: parse.parseDescribeStatementResults(messages) };
  };
  // Values travel as parameters, so the texts with parameters are bounded by the code: those are kept. A text
  // without any may carry its values: it is parsed with its run as the unnamed statement, kept by nobody.
  const prepare = async (sql: string, params: readonly unknown[]) => {
    const known = prepared.get(sql);
    if (known) return { ...known, parsed: [] };
    if (params.length === 0)
      return { name: '', types: [], parsed: [serialize.parse({ text: sql, types: [] })] };
    if (prepared.size >= MAX_PREPARED) return { ...(await describe(sql, '')), parsed: [] };
    const statement = await describe(sql, `bz${prepared.size + 1}`);
    prepared.set(sql, statement);
    return { ...statement, parsed: [] };
  };

  /** One statement; `inTransaction`: the caller holds PGlite's transaction (and the transaction lock). */
  return async <T>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<T[]> => {
    const run = () =>
      locks._runExclusiveQuery(async () => {
        const { name, types, parsed } = await prepare(sql, params);
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const serializer = pg.serializers[types[i] ?? 0];
          return serializer ? serializer(param) : String(param);
        });
        const messages = await pg.execProtocolStream(
          concat([
            ...parsed,
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        return (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[];
      });
    return inTransaction ? run() : locks._runExclusiveTransaction(run);
  };
}

type Run = <T>(sql: string, params: readonly unknown[], inTransaction: boolean) => Promise<T[]>;

function wrap(target: PGlite | Transaction, run: Run, onWrite: () => void): Queryable {
  const inTransaction = !(target instanceof PGlite);
  const query = async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> => {
    try {
      return await run<T>(sql, params ?? [], inTransaction);
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
 * Postgres settings of the embedded database, for a server that shares one process with the app: what the
 * database holds in memory stays in the process for good (WebAssembly memory never shrinks), so the buffers are
 * sized for a small server instead of PostgreSQL's defaults. Read back by tests/server/pgliteDataDir.test.ts.
 * - shared_buffers 16MB (default 128MB): PGlite touches its whole buffer pool at start-up, ~110 MiB of resident
 *   memory saved; pages beyond it come from the operating system's file cache (NodeFS reads the files), which
 *   `npm run bench -- store` and `-- crm` show costs the reads nothing measurable (bench/README.md, crm import).
 * - maintenance_work_mem 16MB (default 64MB): index builds and GIN pending-list merges (each import ends with
 *   one) stop at 16MB instead of growing the memory by 64MB.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
} as const;

/**
 * Opens (creating when missing) the embedded database stored in `dir`.
 *
 * PGlite has one connection. Its `query`, `exec` and `transaction` all wait on one mutex, so a
 * statement from another request queues behind an open transaction instead of running inside it
 * (tests/server/db.test.ts pins this down). Hence: never call `db` from inside `transaction`.
 */
export async function createPgliteDb(dir: string): Promise<Db> {
  // A new directory is made by initdb in a process of its own (pgliteDataDir.ts): this one never holds initdb's
  // WebAssembly instances, and only a complete directory is ever opened.
  await ensurePgliteDataDir(dir);
  // pg_trgm: the store's product search is a trigram index (migration 0015), as on PostgreSQL.
  // NodeFS (what a directory gets anyway), named so the statements above may rely on it writing through.
  const pg = await PGlite.create({
    fs: new NodeFS(dir),
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
  let generation = 0;
  const onWrite = () => {
    generation += 1;
  };
  const run = createStatements(pg);
  const direct = wrap(pg, run, onWrite);
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
          return await pg.transaction((tx) => fn(wrap(tx, run, onWrite)));
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
