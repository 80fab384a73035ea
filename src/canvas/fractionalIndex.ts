// Fractional order keys: strings that sort between any two others, so an insert or a move writes one key
// and never renumbers siblings. Digits are base 62 in ASCII order; a key never ends in the zero digit.
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function digit(char: string | undefined): number {
  return char === undefined ? 0 : DIGITS.indexOf(char);
}

function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let shared = 0;
    while ((a[shared] ?? '0') === b[shared]) shared += 1;
    if (shared > 0) return b.slice(0, shared) + midpoint(a.slice(shared), b.slice(shared));
  }
  const low = digit(a[0]);
  const high = b === null ? DIGITS.length : digit(b[0]);
  if (high - low > 1) return DIGITS[Math.round((low + high) / 2)] ?? 'V';
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return (DIGITS[low] ?? '0') + midpoint(a.slice(1), null);
}

/** A key sorting strictly between `a` and `b` (null = open end). Equal or reversed bounds fall back to after `a`. */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null && b !== null && a >= b) return midpoint(a, null);
  return midpoint(a ?? '', b);
}

/** `count` ascending keys between `a` and `b`, kept short by splitting the range in halves. */
export function keysBetween(a: string | null, b: string | null, count: number): string[] {
  if (count <= 0) return [];
  if (count === 1) return [keyBetween(a, b)];
  const middle = Math.floor(count / 2);
  const key = keyBetween(a, b);
  return [...keysBetween(a, key, middle), key, ...keysBetween(key, b, count - middle - 1)];
}
