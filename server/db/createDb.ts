import path from 'node:path';
import { createPgliteDb } from './pgliteDb.ts';
import { createPostgresDb } from './postgresDb.ts';
import type { Db } from './types.ts';

export type { Db, DbKind, Queryable } from './types.ts';

export type CreateDbOptions = {
  databaseUrl?: string | null;
  dataDir: string;
  /** PostgreSQL only: the pool's size (DATABASE_POOL_SIZE); default 10. */
  poolSize?: number;
  onIdleError?: (error: Error) => void;
};

/** PostgreSQL when a URL is given, otherwise the embedded PGlite in `${dataDir}/pglite`. */
export async function createDb({
  databaseUrl,
  dataDir,
  poolSize,
  onIdleError,
}: CreateDbOptions): Promise<Db> {
  if (databaseUrl) return createPostgresDb(databaseUrl, { poolSize, onIdleError });
  return createPgliteDb(path.join(dataDir, 'pglite'));
}
