import { jwtVerify, SignJWT } from 'jose';

/**
 * HS256 JSON Web Tokens with jose, behind a cache of tokens already verified.
 *
 * Why jose again (issue 17): an earlier version signed and checked HS256 by hand on node:crypto because jose's
 * `jwtVerify` (WebCrypto, asynchronous) cost ~90 µs, the largest cost of an authenticated request. That cost
 * is paid once per token now: a verified token is kept by its whole text (signature included), so a client's
 * next requests skip jose entirely and only the expiry is checked again. Measured (Node 24, this machine):
 * sign ~76–190 µs and a token's first verification ~60–136 µs with jose against ~7–17 µs and ~20–29 µs by
 * hand; a verification from the cache ~1–3 µs either way. `npm run bench -- api` (GET /api/user/me, one token,
 * so all cache hits) is within the shared machine's noise: PGlite 2814 → 3486 req/s. Login is bound by
 * argon2id (tens of ms), so jose's ~0.1 ms there does not show. jose does the parsing, the algorithm pinning
 * (HS256 only: no "alg: none", no algorithm confusion), the signature and the registered claims.
 *
 * The secret is imported once as a WebCrypto HMAC key (issue 18): given raw bytes, jose imports them again on
 * every sign and verify, which was ~40% of jose's share of a sign-in's main-thread work (bench/README.md, api).
 */

export type TokenClaims = { userId: number; tokenVersion: number };

export type TokenService = {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
};

const LIFETIME_SECONDS = 7 * 24 * 60 * 60;
const MAX_VERIFIED = 10_000;

/** Claims of a verified payload, or null when `sub` is not a positive user id or `ver` not an integer. */
function claimsOf(payload: { sub?: unknown; ver?: unknown }): TokenClaims | null {
  const userId = Number(payload.sub);
  const tokenVersion = payload.ver;
  if (typeof payload.sub !== 'string' || !Number.isSafeInteger(userId) || userId <= 0) return null;
  if (typeof tokenVersion !== 'number' || !Number.isSafeInteger(tokenVersion)) return null;
  return { userId, tokenVersion };
}

/** The secret as a non-extractable HS256 key, for signing and verifying only. */
function importHs256Key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  const imported = importHs256Key(secret);
  // Tokens already verified: nothing that did not verify can ever be answered from here.
  const verified = new Map<string, TokenClaims & { expiresAt: number }>();
  return {
    sign: async ({ userId, tokenVersion }) => {
      const iat = Math.floor(now() / 1000);
      return new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + LIFETIME_SECONDS)
        .sign(await imported);
    },
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt <= now()) {
          verified.delete(token);
          return null;
        }
        return { userId: known.userId, tokenVersion: known.tokenVersion };
      }
      let payload: { sub?: unknown; ver?: unknown; exp?: unknown };
      try {
        ({ payload } = await jwtVerify(token, await imported, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
          currentDate: new Date(now()),
          clockTolerance: 0,
        }));
      } catch {
        return null; // malformed, forged, another algorithm, expired
      }
      const claims = claimsOf(payload);
      if (!claims || typeof payload.exp !== 'number') return null;
      if (verified.size >= MAX_VERIFIED) verified.clear();
      verified.set(token, { ...claims, expiresAt: payload.exp * 1000 });
      return claims;
    },
  };
}
