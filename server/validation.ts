import { Ajv, type ErrorObject, type Options } from 'ajv';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { isCanonicalBaseOrEmpty, isSeoUrlOrEmpty, SITE_SEO_URL_MESSAGES } from '../src/canvas/siteSeo.ts';
import { isWellFormedEmail } from '../src/contracts/common.ts';

type Transform = 'trim' | 'toLowerCase';

const TRANSFORMS: Record<Transform, (value: string) => string> = {
  trim: (value) => value.trim(),
  toLowerCase: (value) => value.toLowerCase(),
};

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ useDefaults: true, allErrors: false, removeAdditional: false, ...options });
  const isEmail = (value: string) => value === value.trim() && isWellFormedEmail(value);
  ajv.addFormat('email', { type: 'string', validate: isEmail });
  // For optional email inputs, where a form sends "" for "not given".
  ajv.addFormat('email-or-empty', { type: 'string', validate: (value) => value === '' || isEmail(value) });
  // SEO addresses follow the publish renderer's URL rule: http(s) or site-relative (never javascript: etc.).
  ajv.addFormat('seo-url-or-empty', { type: 'string', validate: isSeoUrlOrEmpty });
  ajv.addFormat('canonical-base-or-empty', { type: 'string', validate: isCanonicalBaseOrEmpty });
  // `transform: ['trim', 'toLowerCase']` normalises a string in place before the checks that follow
  // it (const, enum, lengths, format), so " Ada@Example.COM " validates and arrives as "ada@example.com".
  ajv.addKeyword({
    keyword: 'transform',
    schemaType: 'array',
    modifying: true,
    before: 'const',
    errors: false,
    compile: (steps: Transform[]) => {
      for (const step of steps) {
        if (!(step in TRANSFORMS)) throw new Error(`Unknown transform "${step}"`);
      }
      return (data, ctx) => {
        if (typeof data !== 'string' || !ctx?.parentData || ctx.parentDataProperty === undefined) return true;
        const parent = ctx.parentData as Record<string | number, unknown>;
        parent[ctx.parentDataProperty] = steps.reduce((value, step) => TRANSFORMS[step](value), data);
        return true;
      };
    },
  });
  return ajv;
}

/**
 * Bodies are validated strictly (a number is not a string: no coercion); params, query strings
 * and headers arrive as text, so they are coerced. Unknown body fields are rejected, never
 * silently dropped (removeAdditional: false + additionalProperties: false on every body).
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const strict = createAjv({ coerceTypes: false });
  const coercing = createAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema as object);
}

/** Turns Ajv errors into one readable sentence, e.g. "password must be at least 6 characters". */
export function formatValidationErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const [first] = errors;
  return new Error(first ? describe(first as ErrorObject, dataVar) : `Invalid ${dataVar}`);
}

/**
 * The same sentence with a body's top-level fields named as their form labels them (e.g. `inventoryQuantity`
 * is "Stock"): for routes whose form shows the messages. An unknown field keeps its code name.
 */
export const formatValidationErrorsWith =
  (labels: Readonly<Record<string, string>>) =>
  (errors: FastifySchemaValidationError[], dataVar: string): Error => {
    const [first] = errors;
    return new Error(first ? describe(first as ErrorObject, dataVar, labels) : `Invalid ${dataVar}`);
  };

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'must be a valid email address',
  'email-or-empty': 'must be a valid email address',
  'seo-url-or-empty': SITE_SEO_URL_MESSAGES.ogImage,
  'canonical-base-or-empty': SITE_SEO_URL_MESSAGES.canonicalBase,
};

function describe(
  error: ErrorObject,
  dataVar: string,
  labels: Readonly<Record<string, string>> = {},
): string {
  const path = error.instancePath.slice(1).replaceAll('/', '.');
  const field = (Object.hasOwn(labels, path) ? labels[path] : undefined) ?? path;
  const subject = field || (dataVar === 'body' ? 'Request body' : dataVar);
  const prefix = field ? `${field}.` : '';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      const label = prefix === '' && Object.hasOwn(labels, missing) ? labels[missing] : undefined;
      return `${prefix}${label ?? missing} is required`;
    }
    case 'additionalProperties':
      return `Unknown field "${prefix}${String(params.additionalProperty)}"`;
    case 'type':
      return `${subject} must be ${describeType(String(params.type))}`;
    case 'format':
      return `${subject} ${FORMAT_MESSAGES[String(params.format)] ?? 'is not valid'}`;
    case 'minLength':
      return params.limit === 1
        ? `${subject} must not be empty`
        : `${subject} must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `${subject} must be at most ${String(params.limit)} characters`;
    case 'minimum':
      return `${subject} must be at least ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `${subject} must be more than ${String(params.limit)}`;
    case 'maximum':
      return `${subject} must be at most ${String(params.limit)}`;
    case 'enum':
      return `${subject} must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `${subject} must be ${JSON.stringify(params.allowedValue)}`;
    case 'pattern':
      return `${subject} is not in a valid format`;
    case 'minProperties':
      return `${subject} must name at least one field`;
    default:
      return `${subject} ${error.message ?? 'is not valid'}`;
  }
}

function describeType(type: string): string {
  return type
    .split(',')
    .map((name) => (name === 'null' ? 'null' : `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`))
    .join(' or ');
}
