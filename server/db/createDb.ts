import path from 'node:path';
import { createPgliteDb } from './pgliteDb.ts';
import { createPostgresDb } from './postgresDb.ts';
import type { Db } from './types.ts';

export type { Db, DbKind, Queryable } from './types.ts';

export type CreateDbOptions = {
  databaseUrl?: string | null;
  dataDir: string;
  onIdleError?: (error: Error) => void;
};

/** PostgreSQL when a URL is given, otherwise the embedded PGlite in `${dataDir}/pglite`. */
export async function createDb({ databaseUrl, dataDir, onIdleError }: CreateDbOptions): Promise<Db> {
  if (databaseUrl) return createPostgresDb(databaseUrl, onIdleError);
  return createPgliteDb(path.join(dataDir, 'pglite'));
}
