import { WEBSITE_NOT_FOUND } from '../../src/contracts/website.ts';
import { NOT_A_MEMBER, roleGrants } from '../auth/access.ts';
import { SESSION_EXPIRED } from '../auth/authenticate.ts';
import { createAuthRowLoader } from '../auth/authRowCache.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/types.ts';
import { logActivity } from '../repositories/activityLogs.ts';
import { findMemberRole } from '../repositories/members.ts';
import { findWebsiteAccount } from '../repositories/websiteDocs.ts';

/** The WebSocket path of the builder's document sync (Hocuspocus protocol; the token comes in-band). */
export const COLLAB_PATH = '/api/collab';

/** Who is on a connection, as established by its token (never by anything else the client says). */
export type CollabUser = {
  userId: number;
  name: string;
  accountId: number;
  websiteId: number;
  tokenVersion: number;
  /** The account role grants 'websites.edit'; otherwise the connection is read-only. */
  canEdit: boolean;
};

/** Hocuspocus's per-connection context: the remote address from the upgrade, then the user once authenticated. */
export type CollabContext = { ip: string | null; user?: CollabUser };

/** A refused connection or message. Hocuspocus sends `reason` to the client; no `message`, so it is not logged. */
export type CollabRefusal = { code: number; reason: string };

const refuse = (reason: string, code = 4403): CollabRefusal => ({ code, reason });

export function isRefusal(error: unknown): error is CollabRefusal {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    'reason' in error &&
    !(error instanceof Error)
  );
}
const MAX_RESOLVED = 10_000;
export const UNKNOWN_DOCUMENT = 'Unknown document';

/** `site-<websiteId>` (the client's `roomFor`) → the website id; null for anything else. */
export function parseDocumentName(name: string): number | null {
  const match = /^site-([1-9]\d{0,9})$/.exec(name);
  const id = match ? Number(match[1]) : NaN;
  return id <= 2_147_483_647 ? id : null;
}

export type CollabAuth = {
  /** The connection's user, or throws a refusal: the same checks as an HTTP request, plus site membership. */
  authenticate(token: string, documentName: string, ip: string | null): Promise<CollabUser>;
  /**
   * Checks a connection again (token version, membership, role) when the rows behind authentication may have
   * changed since the last check; cheap otherwise. Returns the current user or throws a refusal.
   */
  recheck(user: CollabUser): Promise<CollabUser>;
};

export function createCollabAuth(db: Db, tokens: TokenService): CollabAuth {
  const loadAuthRow = createAuthRowLoader(db);
  const checkedAt = new WeakMap<CollabUser, number>();
  // A reconnect (a network blip, a tab reopened) authenticates again: while the rows behind a user's access are
  // unchanged (the same generation recheck relies on), the same answer is reused instead of three queries.
  const resolved = new Map<string, CollabUser>();

  const denied = async (userId: number, email: string, ip: string | null, reason: string) => {
    await logActivity(db, {
      type: 'access.denied',
      userId,
      userEmail: email,
      ip,
      details: { method: 'WS', path: COLLAB_PATH, reason },
    });
    return refuse(reason);
  };

  // The membership (role) of a user in the site's account, with the token version checked like HTTP auth.
  const resolve = async (userId: number, tokenVersion: number, websiteId: number, ip: string | null) => {
    const generation = db.authRowsGeneration();
    const key = `${userId}:${tokenVersion}:${websiteId}`;
    const known = resolved.get(key);
    if (known && checkedAt.get(known) === generation) return known;
    const accountId = await findWebsiteAccount(db, websiteId);
    const row = await loadAuthRow(userId, accountId);
    if (!row || row.tokenVersion !== tokenVersion) throw refuse(SESSION_EXPIRED, 4401);
    // A site that does not exist and one of another account are refused alike (nothing to learn from it).
    if (accountId === null || row.accountId === null) {
      throw await denied(userId, row.user.email, ip, accountId === null ? WEBSITE_NOT_FOUND : NOT_A_MEMBER);
    }
    const role = await findMemberRole(db, accountId, userId);
    if (role === null) throw await denied(userId, row.user.email, ip, NOT_A_MEMBER);
    const user: CollabUser = {
      userId,
      name: row.user.name || row.user.email,
      accountId,
      websiteId,
      tokenVersion,
      canEdit: roleGrants(role, 'websites.edit'),
    };
    checkedAt.set(user, generation);
    if (resolved.size >= MAX_RESOLVED) resolved.clear();
    resolved.set(key, user);
    return user;
  };

  return {
    authenticate: async (token, documentName, ip) => {
      const websiteId = parseDocumentName(documentName);
      if (websiteId === null) throw refuse(UNKNOWN_DOCUMENT, 4404);
      const claims = token ? await tokens.verify(token) : null;
      if (!claims) throw refuse(SESSION_EXPIRED, 4401);
      return resolve(claims.userId, claims.tokenVersion, websiteId, ip);
    },
    recheck: async (user) => {
      if (checkedAt.get(user) === db.authRowsGeneration()) return user;
      return resolve(user.userId, user.tokenVersion, user.websiteId, null);
    },
  };
}
