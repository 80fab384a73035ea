/**
 * The input rules the client checks before sending and the server enforces on arrival: one home for both.
 * (The server imports this module; keep it free of browser APIs.)
 */

/** Spec §9: minimum password length; the maximum bounds the work of hashing. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

// Deliberately simple: one @, no spaces, a dotted domain of DNS labels. Real proof of an address is a mail.
const EMAIL = /^[^\s@]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
export const MAX_EMAIL_LENGTH = 254;

/** Whether an address is well formed (after trimming). */
export function isWellFormedEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= MAX_EMAIL_LENGTH && EMAIL.test(trimmed);
}
