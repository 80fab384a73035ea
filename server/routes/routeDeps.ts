import type { TokenService } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';

/** What every route plugin receives as its options. */
export type RouteDeps = { db: Db; tokens: TokenService; config: Config };
