import type { TokenService } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { JobEngine } from '../jobs/jobEngine.ts';

/** What every route plugin receives as its options. */
export type RouteDeps = {
  db: Db;
  tokens: TokenService;
  config: Config;
  /** The running job engine; null when the app runs without one (most API tests). */
  jobs: JobEngine | null;
};
