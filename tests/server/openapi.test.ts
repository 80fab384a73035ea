// The OpenAPI document and reference page, and the schema gate: every route under /api validates what it reads
// and declares what it answers, so the document built from those schemas is the whole API.
import type { FastifySchema, RouteOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { DOCS_PREFIX, DOCS_ROUTES, isDocumentedRoute, OPENAPI_URL } from '../../server/openapi.ts';
import { describeEachDatabase } from './harness.ts';

// The route table of the app the harness builds, schemas and handlers included (buildApp registers the routes
// itself, so the onRoute hook must be there from the start; the same technique as unicodeInput.property.test.ts).
const routeTable = vi.hoisted(() => new Map<string, RouteOptions>());
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const build = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routeTable.set(`${method} ${route.url}`, route);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: build, fastify: build };
});

type Schema = FastifySchema & {
  params?: { properties?: Record<string, unknown>; required?: string[] };
  response?: Record<string, Record<string, unknown>>;
  consumes?: string[];
  'x-multipart'?: unknown;
};
type ApiRoute = { method: string; url: string; schema: Schema; handler: string };

/**
 * The documented operations: every route under /api except the documentation's own, its automatic HEAD twins
 * and the CORS preflights (OPTIONS).
 */
function apiRoutes(): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const [key, options] of routeTable) {
    const [method = '', url = ''] = key.split(' ');
    if (method === 'HEAD' || method === 'OPTIONS' || !isDocumentedRoute(url)) continue;
    routes.push({ method, url, schema: (options.schema ?? {}) as Schema, handler: String(options.handler) });
  }
  return routes;
}

// A handler reads the query string when its source names `request.query` or takes `query` out of the request.
const READS_QUERY = /\brequest\.query\b|\{[^}]*\bquery\b[^}]*\}\s*=\s*request\b/;
// The success statuses a handler sets itself (`reply.code(201)`); 200 when it sets none.
const SETS_STATUS = /\.code\((2\d\d)\)/g;

function successStatuses(route: ApiRoute): string[] {
  const set = [...route.handler.matchAll(SETS_STATUS)].map((match) => match[1] ?? '');
  return set.length > 0 ? [...new Set(set)] : ['200'];
}

// A schema that says something: a type, a content map, a composition or a reference (`{}` would pass anything).
function describesSomething(schema: Record<string, unknown> | undefined): boolean {
  return (
    schema !== undefined &&
    ['type', 'content', 'anyOf', 'oneOf', 'allOf', '$ref', 'const', 'enum'].some((key) => key in schema)
  );
}

/**
 * What a route lacks, in words (empty when nothing):
 * - `params` when its URL has `:parameters`, naming each of them as required;
 * - `querystring` when its handler reads `request.query`;
 * - `body` on POST, PUT and PATCH (a route that takes none says so with `schemas.noBody`; a multipart upload, which
 *   its handler streams, documents its parts with `schemas.multipart(…)` instead);
 * - `response` for each success status it answers (the ones it sets with `reply.code(2xx)`, else 200).
 */
function lacks(route: ApiRoute): string[] {
  const { schema, url, method } = route;
  const missing: string[] = [];
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  for (const name of names) {
    if (!schema.params?.properties?.[name] || !schema.params.required?.includes(name))
      missing.push(`a params schema requiring "${name}"`);
  }
  if (READS_QUERY.test(route.handler) && !schema.querystring) missing.push('a querystring schema');
  if (['POST', 'PUT', 'PATCH'].includes(method) && !schema.body) {
    const multipart =
      schema.consumes?.includes('multipart/form-data') &&
      describesSomething(schema['x-multipart'] as Record<string, unknown> | undefined);
    if (!multipart) missing.push('a body schema (schemas.noBody when it takes none)');
  }
  for (const status of successStatuses(route)) {
    if (!describesSomething(schema.response?.[status])) missing.push(`a response schema for ${status}`);
  }
  return missing;
}

/** `/api/website/:id/publish` → `/api/website/{id}/publish`, as OpenAPI writes a path. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

type Operation = {
  operationId: string;
  tags?: string[];
  description?: string;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
  'x-permission'?: string;
};
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
  security: Array<Record<string, unknown>>;
};

describeEachDatabase('OpenAPI: the schema gate, the document and the reference page', (ctx) => {
  describe('the schema gate', () => {
    it('finds the app’s API routes', () => {
      expect(apiRoutes().length).toBeGreaterThan(100);
    });

    it('every route under /api has its params, querystring, body and success response schemas', () => {
      const problems = apiRoutes().flatMap((route) =>
        lacks(route).map((what) => `${route.method} ${route.url} lacks ${what}`),
      );
      expect(problems).toEqual([]);
    });

    it('names what a route lacks', () => {
      const route = (method: string, url: string, schema: Schema, handler: string): ApiRoute => ({
        method,
        url,
        schema,
        handler,
      });
      expect(lacks(route('GET', '/api/things/:id', {}, 'async (request) => find(request.query.q)'))).toEqual([
        'a params schema requiring "id"',
        'a querystring schema',
        'a response schema for 200',
      ]);
      expect(
        lacks(route('POST', '/api/things', { response: { 201: {} } }, 'async (r, reply) => reply.code(201)')),
      ).toEqual(['a body schema (schemas.noBody when it takes none)', 'a response schema for 201']);
      const upload = { consumes: ['multipart/form-data'], 'x-multipart': { type: 'object' } };
      const answer = { response: { 200: { type: 'object' } } };
      expect(lacks(route('POST', '/api/upload', { ...upload, ...answer }, 'async () => ({})'))).toEqual([]);
      expect(lacks(route('GET', '/api/x', answer, 'async () => db.query("select 1")'))).toEqual([]);
      expect(lacks(route('GET', '/api/x', answer, 'async ({ query }) => query'))).toEqual([]);
      expect(
        lacks(route('GET', '/api/x', answer, 'async (request) => { const { query } = request; }')),
      ).toEqual(['a querystring schema']);
    });
  });

  describe(`GET ${OPENAPI_URL}`, () => {
    it('is an OpenAPI 3.1 document that anyone may read, never cached', async () => {
      const response = await ctx.call('GET', OPENAPI_URL);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
      const doc = response.json<OpenApiDocument>();
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.info.title).toBe('BizSite API');
      expect(doc.info.version).toBe(pkg.version);
      expect(doc.components.securitySchemes.session).toEqual(
        expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      );
      expect(doc.security).toEqual([{ session: [] }]);
      // The one endpoint that is not a Fastify route is described in words.
      expect(doc.info.description).toContain('/api/collab');
      expect(doc.info.description).toContain('X-Account-Id');
    });

    it('holds every /api route with its methods, and nothing else', async () => {
      const doc = (await ctx.call('GET', OPENAPI_URL)).json<OpenApiDocument>();
      const expected = apiRoutes().map((route) => `${route.method.toLowerCase()} ${openapiPath(route.url)}`);
      const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method} ${path}`),
      );
      expect(documented.sort()).toEqual(expected.sort());
      expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/'))).toBe(true);
      // Operation ids are unique, and readable in a link (#/crm/getCrmContactsById).
      const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.filter((id) => !/^[a-z]+[A-Za-z0-9]+$/.test(id))).toEqual([]);
      expect(doc.paths['/api/crm/contacts/{id}']?.put?.operationId).toBe('putCrmContactsById');
      expect(doc.paths[OPENAPI_URL]).toBeUndefined();
      expect(Object.keys(doc.paths).filter((path) => path.startsWith(DOCS_PREFIX))).toEqual([]);
    });

    it('shows each operation’s permission, area tag, account header, parameters, body and answers', async () => {
      const doc = (await ctx.call('GET', OPENAPI_URL)).json<OpenApiDocument>();
      const table = new Map(ctx.app.routePermissions.map((route) => [`${route.method} ${route.url}`, route]));
      for (const route of apiRoutes()) {
        const label = `${route.method} ${route.url}`;
        const operation = doc.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
        expect(operation, label).toBeDefined();
        if (!operation) continue;
        const permission = table.get(label)?.permission;
        expect(operation['x-permission'], label).toBe(permission);
        expect(operation.description, label).toContain('Who may call');
        expect(operation.tags, label).toEqual([route.url.split('/')[2]]);
        // Public operations need no session; the others take the document's bearer requirement.
        if (permission === 'public') expect(operation.security, label).toEqual([]);
        else expect(operation.security, label).toBeUndefined();
        const parameters = operation.parameters ?? [];
        for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
          expect(parameters, `${label} :${name}`).toContainEqual(
            expect.objectContaining({ in: 'path', name, required: true }),
          );
        }
        const accountHeader = parameters.some(
          (entry) => entry.in === 'header' && entry.name === 'x-account-id',
        );
        const actsOnHeaderAccount =
          !['public', 'signedIn', 'platformAdmin'].includes(String(permission)) &&
          !route.url.includes(':accountId');
        expect(accountHeader, `${label} X-Account-Id`).toBe(actsOnHeaderAccount);
        for (const name of Object.keys(
          (route.schema.querystring as { properties?: object } | undefined)?.properties ?? {},
        )) {
          expect(parameters, `${label} ?${name}`).toContainEqual(
            expect.objectContaining({ in: 'query', name }),
          );
        }
        if (route.schema.body && (route.schema.body as { type?: string }).type !== 'null') {
          expect(Object.keys(operation.requestBody?.content ?? {}), label).toEqual(['application/json']);
        } else if (route.schema.consumes) {
          expect(Object.keys(operation.requestBody?.content ?? {}), label).toEqual(['multipart/form-data']);
        } else {
          expect(operation.requestBody, label).toBeUndefined();
        }
        // The route's own answers, each described, and the refusals of the guard: 401 without a session, 403
        // for a role or platform check.
        const own = Object.keys(route.schema.response ?? {});
        const guard = [
          ...(permission === 'public' ? [] : ['401']),
          ...(['public', 'signedIn'].includes(String(permission)) ? [] : ['403']),
        ];
        const answers = Object.keys(operation.responses);
        expect(answers, label).toEqual(expect.arrayContaining([...own, ...guard]));
        expect(
          answers.filter((status) => !own.includes(status) && !guard.includes(status)),
          label,
        ).toEqual(answers.includes('400') && !own.includes('400') ? ['400'] : []);
        for (const [status, answer] of Object.entries(operation.responses)) {
          expect((answer as { description?: string }).description, `${label} ${status}`).not.toBe(
            'Default Response',
          );
        }
      }
    });
  });

  describe(`the reference page at ${DOCS_PREFIX}`, () => {
    it('is HTML without inline script, under the app’s content security policy', async () => {
      for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/`]) {
        const page = await ctx.call('GET', url);
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type'], url).toMatch(/^text\/html/);
        const csp = String(page.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self';");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(page.headers['x-frame-options']).toBe('DENY');
        // Every script is a file of this origin: none has a body of its own.
        const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
        expect(scripts.length).toBeGreaterThan(0);
        for (const [, attributes = '', body = ''] of scripts) {
          expect(attributes).toMatch(/\bsrc="/);
          expect(body.trim()).toBe('');
        }
        expect(page.body).not.toMatch(/\son[a-z]+="/i);
      }
    });

    it('loads every script and style it references, and the document it shows', async () => {
      const page = await ctx.call('GET', DOCS_PREFIX);
      const assets = [...page.body.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map(
        (match) => new URL(match[1] ?? '', `http://localhost${DOCS_PREFIX}`).pathname,
      );
      expect(assets).toEqual(
        expect.arrayContaining([
          `${DOCS_PREFIX}/static/swagger-ui.css`,
          `${DOCS_PREFIX}/static/swagger-ui-bundle.js`,
          `${DOCS_PREFIX}/static/swagger-initializer.js`,
        ]),
      );
      for (const asset of assets) {
        const response = await ctx.call('GET', asset);
        expect(response.statusCode, asset).toBe(200);
        const type = String(response.headers['content-type']);
        if (asset.endsWith('.js')) expect(type, asset).toMatch(/^(application|text)\/javascript/);
        if (asset.endsWith('.css')) expect(type, asset).toMatch(/^text\/css/);
      }
      // The initializer loads `./json` beside the page: the same document as OPENAPI_URL.
      const initializer = await ctx.call('GET', `${DOCS_PREFIX}/static/swagger-initializer.js`);
      expect(initializer.body).toContain("resolveUrl('./json')");
      const json = await ctx.call('GET', `${DOCS_PREFIX}/json`);
      expect(json.statusCode).toBe(200);
      expect(json.json()).toEqual((await ctx.call('GET', OPENAPI_URL)).json());
    });

    it('declares its routes public, and only those', () => {
      const docs = ctx.app.routePermissions.filter((route) => route.url.startsWith(DOCS_PREFIX));
      expect(new Set(docs.map((route) => route.url))).toEqual(DOCS_ROUTES);
      expect(docs.every((route) => route.permission === 'public')).toBe(true);
    });
  });
});
