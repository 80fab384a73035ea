import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

// In unicode mode a proper pair is one code point, so \p{Cs} matches only a surrogate standing alone.
const LONE_SURROGATE = /\p{Cs}/u;
const PROBLEM = 'must not contain a NUL character or an unpaired surrogate';

/** The 400 message for a field whose text PostgreSQL cannot store, e.g. "customer.name must not contain …". */
export function badTextMessage(field: string): string {
  return `${field} ${PROBLEM}`;
}

/**
 * True when PostgreSQL can store the text as given: no NUL (text and jsonb refuse it) and no lone
 * UTF-16 surrogate (jsonb refuses its escape; drivers would silently turn it into U+FFFD).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * The path of the first string (or object key) in `value` that is not storable, searching nested objects
 * and arrays; null when every string is fine. A bad key names its object, not the key itself.
 */
export function findBadText(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findBadText(item, join(path, index));
      if (found !== null) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return `Field names in ${path || 'the request body'}`;
    const found = findBadText(item, join(path, key));
    if (found !== null) return found;
  }
  return null;
}

/** Throws the 400 for the first unstorable string in `value` (`path` names it: a field, or '' for a body). */
export function assertStorableText(value: unknown, path: string): void {
  const found = findBadText(value, path);
  if (found !== null) throw new HttpError(400, badTextMessage(found || 'Request body'));
}

function checkUrlParts(request: FastifyRequest): void {
  assertStorableText(request.params, '');
  assertStorableText(request.query, '');
  // Headers read as data (X-Account-Id, Idempotency-Key): HTTP cannot carry NUL, but inject and proxies might.
  for (const [name, value] of Object.entries(request.headers)) {
    if (findBadText(value, name) !== null) throw new HttpError(400, badTextMessage(`${name} header`));
  }
}

/**
 * Refuses NUL and unpaired surrogates in every string a request carries, with a 400 naming the field.
 * This is app-level on purpose (rather than a keyword each schema must carry): a new route, a route
 * without a schema, or a querystring a schema forgot is covered the moment it is registered.
 * Params, query and headers are checked on request (before authentication, rate limits and any route
 * hook read them), the parsed body before validation. Multipart file contents are binary and not seen
 * here; multipart text fields are read by their handlers, which call `assertStorableText`.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => checkUrlParts(request));
  app.addHook('preValidation', async (request) => assertStorableText(request.body, ''));
}
