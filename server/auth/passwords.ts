import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to Argon2id (19 MiB, t=2, p=1: the OWASP baseline). Its `Algorithm`
// export is a const enum, which type stripping cannot inline, so we rely on that default and
// the tests check the `$argon2id$` prefix.

/** An argon2id hash of `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Whether `password` matches `passwordHash`; false (not a throw) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification for an unknown email, so response times do not
 * reveal which emails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('dummy password that matches nothing');
  await verifyPassword(await dummyHash, password);
  return false;
}
