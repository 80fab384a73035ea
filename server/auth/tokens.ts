import { jwtVerify, SignJWT } from 'jose';

export type TokenClaims = { userId: number; tokenVersion: number };

const ALGORITHM = 'HS256';
const LIFETIME = '7d';

export type TokenService = {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
};

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, tokenVersion }) =>
      new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(LIFETIME)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
        const userId = Number(payload.sub);
        const tokenVersion = payload.ver;
        if (!Number.isSafeInteger(userId) || userId <= 0) return null;
        if (typeof tokenVersion !== 'number' || !Number.isSafeInteger(tokenVersion)) return null;
        return { userId, tokenVersion };
      } catch {
        return null;
      }
    },
  };
}
