import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, test, vi } from 'vitest';
import { createTokenService } from '../../server/auth/tokens.ts';

const SECRET = 'a-test-secret-that-is-at-least-32-characters-long';
const START = Date.UTC(2026, 0, 1);
const DAY = 24 * 60 * 60 * 1000;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An HS256 token made by hand, as the node:crypto version signed them (sessions issued before jose). */
function handMade(payload: Record<string, unknown>, secret = SECRET, header = { alg: 'HS256', typ: 'JWT' }) {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

describe('session tokens (HS256 with jose)', () => {
  test('a signed token verifies to its claims, again from the cache, and carries sub, ver, iat and exp', async () => {
    const tokens = createTokenService(SECRET, () => START);
    const token = await tokens.sign({ userId: 42, tokenVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 42, tokenVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 42, tokenVersion: 3 });
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(payload).toEqual({ sub: '42', ver: 3, iat: START / 1000, exp: START / 1000 + 7 * 24 * 60 * 60 });
  });

  test('a signed token is a compact HS256 JWT that jose itself verifies', async () => {
    const tokens = createTokenService(SECRET, () => Date.now());
    const token = await tokens.sign({ userId: 8, tokenVersion: 1 });
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      algorithms: ['HS256'],
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect({ sub: payload.sub, ver: payload.ver }).toEqual({ sub: '8', ver: 1 });
    await expect(jwtVerify(token, new TextEncoder().encode(`${SECRET}x`))).rejects.toThrow();
  });

  test('the secret is imported as a key once, not on every sign and verify', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    try {
      const tokens = createTokenService(SECRET, () => START);
      const signed = [];
      for (let userId = 1; userId <= 5; userId += 1)
        signed.push(await tokens.sign({ userId, tokenVersion: 0 }));
      // First verifications (not from the cache), and a forged one.
      for (const token of signed) expect(await tokens.verify(token)).not.toBeNull();
      expect(await tokens.verify(`${signed[0]?.slice(0, -2)}xx`)).toBeNull();
      expect(importKey).toHaveBeenCalledTimes(1);
    } finally {
      importKey.mockRestore();
    }
  });

  test('a token lives seven days, also when it was verified (cached) before', async () => {
    let now = START;
    const tokens = createTokenService(SECRET, () => now);
    const token = await tokens.sign({ userId: 1, tokenVersion: 0 });
    expect(await tokens.verify(token)).toEqual({ userId: 1, tokenVersion: 0 });
    now = START + 7 * DAY - 1000;
    expect(await tokens.verify(token)).toEqual({ userId: 1, tokenVersion: 0 });
    now = START + 7 * DAY;
    expect(await tokens.verify(token)).toBeNull();
    expect(await createTokenService(SECRET, () => now).verify(token)).toBeNull();
  });

  test('tokens issued by the hand-written signer before jose stay valid', async () => {
    const tokens = createTokenService(SECRET, () => START);
    const token = handMade({ sub: '7', ver: 2, iat: START / 1000, exp: START / 1000 + 60 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, tokenVersion: 2 });
  });

  test('forged, altered, unsigned, other-algorithm and malformed tokens are refused', async () => {
    const tokens = createTokenService(SECRET, () => START);
    const good = await tokens.sign({ userId: 5, tokenVersion: 1 });
    const [header, , signature] = good.split('.');
    const claims = { sub: '5', ver: 1, iat: START / 1000, exp: START / 1000 + 60 };
    const otherKey = new TextEncoder().encode(SECRET);
    const refused = [
      handMade(claims, 'another-secret-that-is-at-least-32-characters'),
      `${header}.${b64({ ...claims, sub: '1' })}.${signature}`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(otherKey),
      handMade({ ...claims, sub: 'admin' }),
      handMade({ ...claims, sub: '0' }),
      handMade({ ...claims, ver: '1' }),
      handMade({ sub: '5', ver: 1 }),
      'not-a-token',
      '',
    ];
    for (const token of refused) expect(await tokens.verify(token), token).toBeNull();
  });
});
