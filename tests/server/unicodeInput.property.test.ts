import fc from 'fast-check';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { expect, it, vi } from 'vitest';
import { describeEachDatabase, type TestContext } from './harness.ts';
import { type JsonSchema, type Known, type Path, sample, stringPaths, withText } from './schemaSamples.ts';
import { createStore, newCart } from './storeFixtures.ts';

// The route table of the app the harness builds: every Fastify instance made in this file reports its
// routes (buildApp registers them itself, so the onRoute hook must be there from the start).
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

type Part = 'body' | 'params' | 'query';
type Slot = { part: Part; path: Path; field: string };
type Route = { method: string; url: string; schema: Record<Part, JsonSchema | undefined>; slots: Slot[] };

const RUNS_PER_ROUTE = 6;
const problem = (field: string) => `${field} must not contain a NUL character or an unpaired surrogate`;
const LONE_SURROGATE = /\p{Cs}/u;
const isBad = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

// Any UTF-16 code unit (lone surrogate halves included) or any code point: full unicode and worse.
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
const anyUnit = fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), codeUnit);
const anyText = fc.string({ unit: anyUnit, maxLength: 40 });
const CRAFTED = [
  '\udc00',
  'x\udbff',
  '\udc00\ud800', // a pair in the wrong order: two lone halves
  '\uffff\ufffe',
  '😀👍🏾 Zoë 東京 مرحبا',
  'a'.repeat(70_000),
  '😀'.repeat(3_000),
];
const text = fc.oneof(
  { weight: 4, arbitrary: anyText },
  { weight: 1, arbitrary: fc.constantFrom(...CRAFTED) },
);

// Percent-encodes text for a URL; a lone surrogate becomes its (invalid) generalized UTF-8 bytes.
function encodeLoose(value: string): string {
  return [...value]
    .map((char) => {
      if (!LONE_SURROGATE.test(char)) return encodeURIComponent(char);
      const code = char.charCodeAt(0);
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      return bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

function routesUnderTest(): Route[] {
  const routes: Route[] = [];
  for (const [key, options] of routeTable) {
    const [method = '', url = ''] = key.split(' ');
    if (method === 'HEAD' || url.includes('*') || !/^\/(api|sites)\//.test(url)) continue;
    // The live event stream never ends (an answer would never come); tests/server/liveEvents.test.ts covers it.
    if (method === 'GET' && url === '/api/events') continue;
    const raw = (options.schema ?? {}) as Record<string, JsonSchema | undefined>;
    const schema = { body: raw.body, params: raw.params, query: raw.querystring };
    const slots: Slot[] = [];
    for (const path of schema.body ? stringPaths(schema.body) : []) {
      slots.push({ part: 'body', path, field: path.join('.') });
    }
    for (const [, name = ''] of url.matchAll(/:(\w+)/g))
      slots.push({ part: 'params', path: [name], field: name });
    const queryNames = Object.keys(schema.query?.properties ?? {});
    // A route that reads no query string still gets one: nothing may reach the database unchecked.
    if (queryNames.length === 0 && method === 'GET') queryNames.push('probe');
    for (const name of queryNames) slots.push({ part: 'query', path: [name], field: name });
    if (slots.length > 0) routes.push({ method, url, schema, slots });
  }
  return routes;
}

type Request = { method: string; url: string; body?: unknown };

function request(route: Route, known: Known, slot: Slot, value: string): Request {
  const paramValue = (name: string) => {
    if (slot.part === 'params' && slot.path[0] === name) return value;
    const type = route.schema.params?.properties?.[name]?.type;
    return String(known[name] ?? (type === 'integer' || type === 'number' ? 999_999 : 'x'));
  };
  const path = route.url.replace(/:(\w+)/g, (_match, name: string) => encodeLoose(paramValue(name)));
  const query = {
    ...(route.schema.query ? (sample(route.schema.query, known) as Record<string, unknown>) : {}),
  };
  if (slot.part === 'query') query[String(slot.path[0])] = value;
  const search = Object.entries(query)
    .map(([name, item]) => `${name}=${encodeLoose(String(item))}`)
    .join('&');
  const url = search ? `${path}?${search}` : path;
  if (!route.schema.body) return { method: route.method, url };
  const body =
    slot.part === 'body'
      ? withText(route.schema.body, known, slot.path, value)
      : sample(route.schema.body, known);
  return { method: route.method, url, body };
}

// What a request with `value` in `slot` must get: a 400 naming the field when the text cannot be stored
// (a lone surrogate cannot be spelled in a URL: its bytes are refused, or kept literally in a query string).
function expectAnswer(slot: Slot, value: string, response: LightMyRequestResponse, label: string) {
  expect(
    response.statusCode === 501 || response.statusCode < 500,
    `${label} → ${response.statusCode} ${response.body}`,
  ).toBe(true);
  const lone = LONE_SURROGATE.test(value);
  if (slot.part === 'body' ? isBad(value) : value.includes('\u0000') && !lone) {
    expect({ status: response.statusCode, ...response.json() }, label).toEqual({
      status: 400,
      message: problem(slot.field),
    });
  } else if (slot.part === 'params' && lone) {
    expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
  }
}

describeEachDatabase('unicode input over every route (property)', (ctx: TestContext) => {
  it('answers arbitrary text in every string field, path parameter and query parameter without a 5xx', async () => {
    const counts = { requests: 0, serverErrors: 0 };
    let address = 0;
    const send = async (req: Request, token: string | null) => {
      address += 1;
      counts.requests += 1;
      const response = await ctx.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        // A fresh address per request: per-address rate limits must not stand in for the answer under test.
        remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        ...(req.body === undefined ? {} : { payload: req.body as object }),
      });
      if (response.statusCode >= 500 && response.statusCode !== 501) counts.serverErrors += 1;
      return response;
    };

    let store = await createStore(ctx);
    // The caller's own account in `:accountId`: the permission guard answers 403 for any other before the body is read.
    let known: Known = {
      storeId: store.storeId,
      cartId: (await newCart(ctx, store.storeId)).id,
      accountId: store.owner.accountId,
    };
    // Some routes change the caller (sign out, leave, demote): start again with a fresh admin when they do.
    const admin = async () => {
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/me',
        headers: { authorization: `Bearer ${store.owner.token}` },
      });
      if (me.statusCode !== 200) {
        store = await createStore(ctx);
        known = {
          storeId: store.storeId,
          cartId: (await newCart(ctx, store.storeId)).id,
          accountId: store.owner.accountId,
        };
      }
      return store.owner.token;
    };

    const routes = routesUnderTest();
    expect(routes.length).toBeGreaterThan(50);
    let slotCount = 0;
    for (const route of routes) {
      const anonymous = await send(request(route, known, route.slots[0] as Slot, 'x'), null);
      const callers = anonymous.statusCode === 401 ? [await admin()] : [await admin(), null];
      for (const token of callers) {
        const who = token ? 'admin' : 'anonymous';
        // The crafted cases, on every field: a NUL, a lone high surrogate and one more by turns.
        for (const [index, slot] of route.slots.entries()) {
          slotCount += 1;
          for (const value of ['a\u0000b', '\ud800', CRAFTED[index % CRAFTED.length] as string]) {
            const req = request(route, known, slot, value);
            expectAnswer(
              slot,
              value,
              await send(req, token),
              `${who} ${req.method} ${req.url} ${slot.field}=${JSON.stringify(value.slice(0, 20))}`,
            );
          }
        }
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...route.slots), text, async (slot, value) => {
            const req = request(route, known, slot, value);
            expectAnswer(
              slot,
              value,
              await send(req, token),
              `${who} ${req.method} ${req.url} ${slot.field}`,
            );
          }),
          { numRuns: RUNS_PER_ROUTE },
        );
      }
    }
    console.log(
      `unicode fuzz [${ctx.kind}]: ${routes.length} routes, ${slotCount} fields, ${counts.requests} requests, ${counts.serverErrors} answered 5xx`,
    );
    expect(counts.serverErrors).toBe(0);
  }, 240_000);
});
