/**
 * The JSON-Schema building blocks every API contract uses. Contracts are plain `as const` JSON Schema objects:
 * the server validates with them (ajv), OpenAPI is generated from them, and the TypeScript types are derived from
 * them at compile time with json-schema-to-ts (`FromSchema`), so a shape is written once and costs the browser
 * bundle nothing but the objects a client module actually imports.
 *
 * Custom keywords the server's ajv understands (server/validation.ts): `transform: ['trim' | 'toLowerCase']`
 * normalises a string before the other checks; formats `email`, `email-or-empty`, `seo-url-or-empty`,
 * `canonical-base-or-empty`.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './common.ts';

/** The TypeScript type a contract schema describes. */
export type Infer<S extends JSONSchema> = FromSchema<S>;

/** The largest id PostgreSQL's `integer` holds: larger ids in a path are a 400, never a database error. */
export const MAX_ID = 2_147_483_647;

/** JSON-schema fragments shared by the contracts. */
export const schemas = {
  /** A database id in a path or body. */
  id: { type: 'integer', minimum: 1, maximum: MAX_ID },
  email: { type: 'string', maxLength: MAX_EMAIL_LENGTH, transform: ['trim', 'toLowerCase'], format: 'email' },
  password: { type: 'string', minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH },
  /** A required free-text field: trimmed, then at least one character. */
  text: <N extends number>(maxLength: N) =>
    ({ type: 'string', transform: ['trim'], minLength: 1, maxLength }) as const,
  /** A timestamp as ISO 8601 text (the server's row mapper writes them so). */
  dateTime: { type: 'string', format: 'date-time' },
  /** An optional timestamp: ISO 8601 text or null. */
  dateTimeOrNull: { type: ['string', 'null'], format: 'date-time' },
  message: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  /** The body of a POST that takes none (an action on the resource of its path): none may be sent. */
  noBody: { type: 'null', description: 'No request body' },
  /** An answer without a body (204). */
  noContent: { type: 'null', description: 'No content' },
  /**
   * A multipart/form-data upload, which its handler streams (Fastify never sees it as a body to validate): its
   * parts, for the OpenAPI document only (server/openapi.ts shows them as the request body).
   */
  multipart: (parts: Record<string, unknown>, required: readonly string[]) =>
    ({
      consumes: ['multipart/form-data'],
      'x-multipart': { type: 'object', required, properties: parts },
    }) as const,
} as const;

/** Path parameters `{ id }`: the one resource id of the path. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: schemas.id },
} as const;

/** An answer's object: every property present, nothing else sent (fast-json-stringify drops undeclared fields). */
export function record<const P extends Record<string, JSONSchema>>(properties: P) {
  return {
    type: 'object',
    required: Object.keys(properties) as readonly (keyof P & string)[],
    properties,
    additionalProperties: false,
  } as const;
}

/** The type of a `pageOf(key, item)` answer: a page of `key` and the number of rows the whole list holds. */
export type PageOf<K extends string, T> = { [P in K]: T[] } & { totalCount: number };

/** One page of rows read from a list and the number of rows the whole list holds (the data layer's page). */
export type RowsPage<T> = PageOf<'rows', T>;

/**
 * A record as the client holds it: the named ids as strings, like every id the client holds (routes, query keys,
 * select values). A mapped type (not `Omit`), so the derived types' index signatures keep their named keys.
 */
export type WithStringIds<T, K extends keyof T = 'id' & keyof T> = {
  [P in keyof T]: P extends K ? string : T[P];
};

/**
 * The one paging envelope: a page of `key` (the list's name, fixed by the spec where it names one: `contacts`,
 * `results`…) and `totalCount`, the number of rows the whole list holds.
 */
export function pageOf<const K extends string, const Item extends JSONSchema>(key: K, item: Item) {
  return {
    type: 'object',
    required: [key, 'totalCount'],
    properties: { [key]: { type: 'array', items: item }, totalCount: { type: 'integer', minimum: 0 } },
  } as const as {
    type: 'object';
    required: readonly [K, 'totalCount'];
    properties: { [P in K]: { type: 'array'; items: Item } } & {
      totalCount: { type: 'integer'; minimum: 0 };
    };
  };
}
