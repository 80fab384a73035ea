/**
 * The one slug rule of the product: store ids, suggested subdomains and anything else made from a name.
 * A slug is lowercase ASCII letters, digits and single hyphens, never starting or ending with a hyphen.
 */

/** The characters a slug may hold, for input typed by hand: lower-cased, everything else dropped. */
export function normalizeSlugInput(raw: string): string {
  return raw.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/**
 * A clean slug made from a name: accents dropped ('Café' → 'cafe'), apostrophes dropped ("Rosa's" →
 * 'rosas'), every other run of non-alphanumerics one hyphen ('Plumbing & Heating' → 'plumbing-heating'),
 * no hyphen at either end, at most `maxLength` characters. '' when nothing is left.
 */
export function slugify(name: string, maxLength = 63): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
