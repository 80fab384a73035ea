import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './types.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const FILE_PATTERN = /^\d{4}_[a-z0-9_]+\.sql$/;
// Any constant shared by every process that migrates this database.
const MIGRATION_LOCK_KEY = 727_001;

export type MigrationResult = { applied: string[] };

/** The migration files, in the order they apply. */
export async function listMigrations(): Promise<string[]> {
  const names = await readdir(MIGRATIONS_DIR);
  return names.filter((name) => FILE_PATTERN.test(name)).sort();
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction.
 * Each transaction first takes an advisory lock, so two processes booting together apply a
 * migration once: the second waits, then finds it recorded.
 */
export async function migrate(db: Db): Promise<MigrationResult> {
  const applied: string[] = [];
  for (const name of await listMigrations()) {
    const sql = await readFile(new URL(name, MIGRATIONS_DIR), 'utf8');
    const didApply = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await tx.exec(
        `create table if not exists schema_migrations (
           name text primary key,
           applied_at timestamptz not null default now()
         )`,
      );
      const done = await tx.one('select 1 from schema_migrations where name = $1', [name]);
      if (done) return false;
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
      return true;
    });
    if (didApply) applied.push(name);
  }
  return { applied };
}
