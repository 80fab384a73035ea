import type { OAuthProvider } from '../../src/contracts/integrations.ts';
import { isoDate } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';

/** What the client may know of a connection: never its tokens. */
export type ConnectionSummary = { provider: OAuthProvider; connectedAt: string };

export type ConnectionTokens = {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
};

/** Stores (or replaces) the account's connection to the provider. */
export async function saveConnection(
  db: Queryable,
  accountId: number,
  provider: OAuthProvider,
  userId: number,
  tokens: ConnectionTokens,
): Promise<void> {
  await db.query(
    `insert into oauth_connections (account_id, provider, access_token, refresh_token, expires_at, connected_by)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (account_id, provider) do update set access_token = excluded.access_token,
       refresh_token = coalesce(excluded.refresh_token, oauth_connections.refresh_token),
       expires_at = excluded.expires_at, connected_by = excluded.connected_by, connected_at = now()`,
    [accountId, provider, tokens.accessToken, tokens.refreshToken, tokens.expiresAt, userId],
  );
}

export async function listConnections(db: Queryable, accountId: number): Promise<ConnectionSummary[]> {
  const rows = await db.query<{ provider: OAuthProvider; connectedAt: Date | string }>(
    `select provider, connected_at as "connectedAt" from oauth_connections where account_id = $1`,
    [accountId],
  );
  return rows.map((row) => ({
    provider: row.provider,
    connectedAt: isoDate(row.connectedAt),
  }));
}

/** The access token, for server-side calls only (publishing). */
export async function findAccessToken(
  db: Queryable,
  accountId: number,
  provider: OAuthProvider,
): Promise<string | null> {
  const row = await db.one<{ accessToken: string }>(
    `select access_token as "accessToken" from oauth_connections where account_id = $1 and provider = $2`,
    [accountId, provider],
  );
  return row?.accessToken ?? null;
}

export async function deleteConnection(
  db: Queryable,
  accountId: number,
  provider: OAuthProvider,
): Promise<boolean> {
  const rows = await db.query(
    `delete from oauth_connections where account_id = $1 and provider = $2 returning provider`,
    [accountId, provider],
  );
  return rows.length > 0;
}
