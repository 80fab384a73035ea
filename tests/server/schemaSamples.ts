// Minimal request values built from a route's JSON schema, and the places in them that hold a string:
// what the unicode property tests fill with arbitrary text.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: readonly unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
};

/** A path into a value: property names and array indexes. */
export type Path = (string | number)[];

/** Values known to exist (a store id, a cart id), used for fields of that name so handlers reach the database. */
export type Known = Record<string, string | number>;

const PATTERN_CANDIDATES = [
  'x',
  'abc',
  '1',
  '12345',
  'a1',
  'shop-1',
  'A1b2',
  '+1 555 0100',
  '00000000',
  'http://x',
];

function typeOf(schema: JsonSchema): string | undefined {
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return typeOf(branch);
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  if (types[0] === undefined && schema.properties) return 'object';
  return types[0];
}

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format?.endsWith('-or-empty')) return '';
  if (schema.format === 'date-time') return '2030-01-01T00:00:00.000Z';
  const min = Math.max(schema.minLength ?? 1, 1);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const fits = PATTERN_CANDIDATES.find((text) => pattern.test(text) && text.length >= min);
    if (fits !== undefined) return fits;
  }
  return 'x'.repeat(min);
}

/** A minimal value that satisfies `schema` (required properties only), as far as a simple walk can tell. */
export function sample(schema: JsonSchema, known: Known = {}, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return sample(branch, known, name);
  if (name in known) return known[name];
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        const property = schema.properties?.[key];
        value[key] = property ? sample(property, known, key) : 'x';
      }
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, known));
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema);
    default:
      return 'x';
  }
}

function acceptsString(schema: JsonSchema): boolean {
  if (schema.const !== undefined || schema.enum) return true;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.some(acceptsString);
  return Array.isArray(schema.type) ? schema.type.includes('string') : schema.type === 'string';
}

/** Every path in values of `schema` that holds a string (array items at index 0), nested up to `depth`. */
export function stringPaths(schema: JsonSchema, depth = 4, prefix: Path = []): Path[] {
  if (acceptsString(schema)) return [prefix];
  if (depth === 0) return [];
  const object = schema.anyOf?.find((branch) => branch.properties) ?? schema;
  if (object.properties) {
    return Object.entries(object.properties).flatMap(([key, property]) =>
      stringPaths(property, depth - 1, [...prefix, key]),
    );
  }
  if (typeOf(schema) === 'array' && schema.items) return stringPaths(schema.items, depth - 1, [...prefix, 0]);
  return [];
}

/** The schema at `path` (array indexes step into `items`). */
function schemaAt(schema: JsonSchema, path: Path): JsonSchema {
  let current = schema;
  for (const step of path) {
    const object = current.anyOf?.find((branch) => branch.properties) ?? current;
    current = (typeof step === 'number' ? object.items : object.properties?.[step]) ?? {};
  }
  return current;
}

/** A copy of the minimal value of `schema` with `text` at `path`, creating the objects and arrays on the way. */
export function withText(schema: JsonSchema, known: Known, path: Path, text: string): unknown {
  const root = structuredClone(sample(schema, known)) as Record<string | number, unknown>;
  let parent = root;
  path.forEach((step, index) => {
    if (index === path.length - 1) {
      parent[step] = text;
      return;
    }
    if (typeof parent[step] !== 'object' || parent[step] === null) {
      const inner = schemaAt(schema, path.slice(0, index + 1));
      parent[step] = typeof path[index + 1] === 'number' ? [] : sample(inner, known);
    }
    parent = parent[step] as Record<string | number, unknown>;
  });
  return root;
}
