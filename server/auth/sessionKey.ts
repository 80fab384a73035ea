import type { Queryable } from '../db/types.ts';

/**
 * The session key of every process using this PostgreSQL database when JWT_SECRET is unset: the first process to
 * start stores the key it offers, and every process (this one included) uses the stored one.
 */
export async function sharedSessionKey(db: Queryable, offered: string): Promise<string> {
  await db.query(
    `insert into server_secrets (name, value) values ('session_key', $1) on conflict (name) do nothing`,
    [offered],
  );
  const stored = await db.one<{ value: string }>(
    `select value from server_secrets where name = 'session_key'`,
  );
  if (!stored) throw new Error('server_secrets holds no session key after storing one');
  return stored.value;
}
