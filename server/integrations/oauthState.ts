import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Who started an authorization: the state carries it, signed, so a callback can only finish their own. */
export type OAuthStateClaims = { accountId: number; userId: number; provider: 'google' | 'facebook' };

const LIFETIME_SECONDS = 15 * 60;

const mac = (secret: string, payload: string) =>
  createHmac('sha256', `oauth-state:${secret}`).update(payload).digest('base64url');

/** A fresh `state` for the provider's consent page, valid for 15 minutes. */
export function signOAuthState(secret: string, claims: OAuthStateClaims, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({
      a: claims.accountId,
      u: claims.userId,
      p: claims.provider,
      e: Math.floor(now / 1000) + LIFETIME_SECONDS,
      n: randomBytes(9).toString('base64url'),
    }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/**
 * Whether `state` was signed here for this account, user and provider and has not expired: a code
 * that comes back without it (a link planted by someone else, login CSRF) connects nothing.
 */
export function verifyOAuthState(
  secret: string,
  state: string,
  expected: OAuthStateClaims,
  now = Date.now(),
): boolean {
  const [payload, signature, extra] = state.split('.');
  if (!payload || !signature || extra !== undefined) return false;
  const want = Buffer.from(mac(secret, payload));
  const got = Buffer.from(signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    return (
      claims.a === expected.accountId &&
      claims.u === expected.userId &&
      claims.p === expected.provider &&
      typeof claims.e === 'number' &&
      claims.e * 1000 > now
    );
  } catch {
    return false;
  }
}
