import type { Queryable } from './types.ts';

/** Resolves when the database answers a statement (the health check); rejects with the driver's error. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('select 1');
}
