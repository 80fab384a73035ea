import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/types.ts';
import { HttpError } from '../errors.ts';
import { deny, NOT_A_MEMBER } from './access.ts';
import { createAuthRowLoader } from './authRowCache.ts';
import type { TokenService } from './tokens.ts';

export const SESSION_EXPIRED = 'Session expired';
export const NO_ACCOUNT_ACCESS = NOT_A_MEMBER;

const MAX_INT4 = 2_147_483_647;

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/** An account id sent by the client (`name`: where, for the message); a 400 when it is not a positive int4. */
export function accountIdOf(value: string | string[], name: string): number {
  const id = typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(id <= MAX_INT4)) throw new HttpError(400, `${name} must be a positive integer`);
  return id;
}

/** The X-Account-Id header as an account id; null when absent; a 400 when malformed. */
export function parseAccountHeader(value: string | string[] | undefined): number | null {
  return value === undefined ? null : accountIdOf(value, 'X-Account-Id');
}

/**
 * The authentication step of the permission guard (permissionGuard.ts), for every route that is not public.
 * The token only says who; role, plan and status come from the database row on every request, and a token
 * whose version is behind the user's (logout, password change) is refused. The account header is checked
 * against membership.
 */
export function createAuthenticate(db: Db, tokens: TokenService): (request: FastifyRequest) => Promise<void> {
  const loadAuthRow = createAuthRowLoader(db);
  return async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) throw new HttpError(401, SESSION_EXPIRED);
    const requestedAccountId = parseAccountHeader(request.headers['x-account-id']);
    const row = await loadAuthRow(claims.userId, requestedAccountId);
    if (!row || row.tokenVersion !== claims.tokenVersion) throw new HttpError(401, SESSION_EXPIRED);
    if (requestedAccountId !== null && row.accountId === null) {
      throw await deny(db, request, row.user, NO_ACCOUNT_ACCESS);
    }
    request.user = row.user;
    request.accountId = row.accountId;
    request.accountRole = row.accountRole;
  };
}

/** The account an account-scoped route acts on; a 400 when the user belongs to none. */
export function requireAccountId(request: FastifyRequest): number {
  if (request.accountId === null) throw new HttpError(400, 'Select an account first');
  return request.accountId;
}
