import { expect, test } from 'vitest';
import { storeIdFromName } from '../../server/repositories/storeCatalog.ts';
import { normalizeSlugInput, slugify } from '../../src/contracts/slug.ts';
import { defaultSubdomain, normalizeSubdomain } from '../../src/machines/builder/publishMachine.ts';

test('a name becomes a clean slug: one hyphen between words, none at the ends', () => {
  expect(slugify('Summit Plumbing & Heating')).toBe('summit-plumbing-heating');
  expect(slugify("  Rosa's Café — Bakery!  ")).toBe('rosas-cafe-bakery');
  expect(slugify('Ünïcode   & Co.')).toBe('unicode-co');
  expect(slugify('***')).toBe('');
  expect(slugify('a'.repeat(70))).toHaveLength(63);
  expect(slugify(`${'a'.repeat(49)} b`, 50)).toBe('a'.repeat(49));
});

test('typed input keeps only the characters of a slug, lower-cased', () => {
  expect(normalizeSlugInput('My-Site_2 ')).toBe('my-site2');
});

test('the suggested subdomain and the store id follow the same rule', () => {
  for (const name of ['Summit Plumbing & Heating', "Rosa's Café", 'Blue  Lake Clinic']) {
    expect(defaultSubdomain(name)).toBe(slugify(name));
    expect(storeIdFromName(name)).toBe(slugify(name, 50));
  }
  expect(normalizeSubdomain('Summit_Plumbing')).toBe(normalizeSlugInput('Summit_Plumbing'));
  expect(storeIdFromName('&&&')).toBe('store');
});
