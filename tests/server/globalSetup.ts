// Builds one migrated PGlite data directory for the whole run; each test file copies it
// (reopening a directory takes well under a second, creating a database takes seconds).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../server/db/createDb.ts';
import { migrate } from '../../server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose `pglite/` holds a migrated, empty database. Copy it; never open it in place. */
    pgliteTemplateDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'server-tests-template-'));
  const db = await createDb({ dataDir });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  project.provide('pgliteTemplateDataDir', dataDir);
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
  };
}
