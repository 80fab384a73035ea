import fc from 'fast-check';
import { expect, test } from 'vitest';
import { keyBetween, keysBetween } from '../../src/canvas/fractionalIndex.ts';

test('keyBetween sorts strictly between its bounds', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 60 }), (positions) => {
      const keys: string[] = [];
      for (const position of positions) {
        const at = position % (keys.length + 1);
        const key = keyBetween(keys[at - 1] ?? null, keys[at] ?? null);
        if (at > 0) expect(key > (keys[at - 1] as string)).toBe(true);
        if (at < keys.length) expect(key < (keys[at] as string)).toBe(true);
        keys.splice(at, 0, key);
      }
      expect([...keys].sort()).toEqual(keys);
    }),
  );
});

test('keysBetween makes ascending short keys for bulk inserts', () => {
  const keys = keysBetween(null, null, 5000);
  expect(new Set(keys).size).toBe(5000);
  expect([...keys].sort()).toEqual(keys);
  expect(Math.max(...keys.map((key) => key.length))).toBeLessThan(8);
});
