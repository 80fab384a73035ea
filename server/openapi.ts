import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { ACCOUNT_PERMISSIONS, isAccountPermission, type RoutePermission } from './auth/access.ts';

/** The OpenAPI document of the API, built from the routes' own JSON schemas. */
export const OPENAPI_URL = '/api/openapi.json';
/** The reference page (Swagger UI); its scripts and styles are under `${DOCS_PREFIX}/static/`. */
export const DOCS_PREFIX = '/api/docs';

/**
 * Exactly the routes @fastify/swagger-ui registers under DOCS_PREFIX (it takes no route config of its own): the
 * page (`/api/docs`, and `/api/docs/`: Fastify adds that GET twin with the same options, but its HEAD twin is
 * registered on its own), its initializer script, its copy of the document (`json`, `yaml`: the page loads
 * `./json`), the redirect of `static/index.html` and the bundled assets.
 */
export const DOCS_ROUTES: ReadonlySet<string> = new Set(
  ['', '/', '/json', '/yaml', '/static/index.html', '/static/swagger-initializer.js', '/static/*'].map(
    (path) => `${DOCS_PREFIX}${path}`,
  ),
);

const SECURITY_SCHEME = 'session';

const DESCRIPTION = `The HTTP API of the BizSite platform: accounts, website builder, publishing, store, CRM, forms,
social posts, session replay and the platform admin. Every operation shows who may call it ("Who may call", and the
\`x-permission\` extension): \`public\` (anyone), \`signedIn\` (any session), \`platformAdmin\`, or a permission of the
account role table (GET /api/permissions serves it).

**Session.** \`POST /api/auth/login\` or \`/api/auth/register\` answer a \`token\`; send it as
\`Authorization: Bearer <token>\`.

**Account.** Account routes act on the account named by the \`X-Account-Id\` header (the caller's first account when
it is missing); routes with an \`:accountId\` in their path act on that account instead.

**Errors** are \`{ "message": "…" }\` with the status: 400 (validation), 401 (no or expired session), 403 (the role
may not), 404, 409, 413, 429.

**Not in this document:** \`/api/collab\` is a WebSocket upgrade, not an HTTP route: the builder's live document
sync (Hocuspocus/Yjs protocol; the session token is sent in the first message; a Viewer's connection is
read-only). Published sites are served under \`/sites/{subdomain}/…\` and on their own hosts.`;

const ACCOUNT_ID_HEADER = {
  type: 'integer',
  minimum: 1,
  description:
    'The account the request acts on (the caller must be a member); without it, the caller’s first account.',
} as const;

/** Who may call a route, in words, for the operation's description. */
export function permissionText(permission: RoutePermission): string {
  if (permission === 'public') return 'anyone, no session needed';
  if (permission === 'signedIn') return 'any signed-in user';
  if (permission === 'platformAdmin') return 'a platform admin';
  if (isAccountPermission(permission)) {
    const { label, roles } = ACCOUNT_PERMISSIONS[permission];
    return `a member of the account whose role grants \`${permission}\` (${roles.join(', ')}): ${label}`;
  }
  return permission;
}

/** The area of an /api URL, used as its tag: /api/crm/contacts → crm. */
export function tagOf(url: string): string {
  return url.split('/')[2]?.replace(/^:.*/, '') || 'api';
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A readable, unique operation id: GET /api/crm/contacts/:id → getCrmContactsById (what clients and links name). */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .slice(2)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/).filter(Boolean),
    );
  return method.toLowerCase() + words.map(capitalized).join('');
}

/** Whether a route belongs in the document: under /api, and not one of the documentation's own routes. */
export function isDocumentedRoute(url: string): boolean {
  return url.startsWith('/api/') && url !== OPENAPI_URL && !DOCS_ROUTES.has(url);
}

type DocSchema = FastifySchema & Record<string, unknown>;
type Responses = Record<string, Record<string, unknown>>;

/** What each status means, for the answers a route's schema leaves without a description. */
const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: the work goes on in the background',
  204: 'Done; no content',
  400: 'Refused: the message names the field or the rule',
  401: 'No session, or an expired or revoked one',
  403: 'The caller’s role may not do this',
  404: 'Not found (or another account’s)',
  409: 'Conflicts with the current state',
  410: 'Gone',
  413: 'Too large',
  429: 'Too many requests: try again later',
  501: 'Not configured on this server',
  503: 'Unavailable for now',
};

const ERROR = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

/**
 * The route's answers with a description each, plus the refusals every route of its kind can give though its own
 * schema need not list them: 400 for what its schemas validate (and an account route's account), 401 without a
 * session, 403 for a role or platform check.
 */
function documentedResponses(own: DocSchema, permission: RoutePermission): Responses {
  const responses: Responses = {};
  // @fastify/swagger takes `x-response-description` for the answer's description and keeps it out of its schema.
  const described = (status: string, schema: Record<string, unknown>) =>
    schema.description ? schema : { ...schema, 'x-response-description': STATUS_TEXT[status] ?? 'Answer' };
  const refusal = (status: string) => described(status, ERROR);
  const validates =
    own.params || own.querystring || (own.body && (own.body as { type?: unknown }).type !== 'null');
  // An account route also refuses a malformed X-Account-Id, or a caller with no account at all.
  if (validates || isAccountPermission(permission)) responses[400] = refusal('400');
  if (permission !== 'public') responses[401] = refusal('401');
  if (permission !== 'public' && permission !== 'signedIn') responses[403] = refusal('403');
  for (const [status, schema] of Object.entries((own.response ?? {}) as Responses)) {
    responses[status] = described(status, schema);
  }
  return responses;
}

/** The route's schema as the document shows it (the route keeps its own: this is a copy). */
function documented(
  schema: DocSchema | undefined,
  method: string,
  url: string,
  permission: RoutePermission,
): DocSchema {
  const own = schema ?? {};
  const who = `**Who may call:** ${permissionText(permission)}.`;
  const { 'x-multipart': multipart, ...rest } = own;
  const doc: DocSchema = {
    ...rest,
    operationId: own.operationId ?? operationIdOf(method, url),
    tags: (own.tags as string[] | undefined) ?? [tagOf(url)],
    description: own.description ? `${String(own.description)}\n\n${who}` : who,
    'x-permission': permission,
    response: documentedResponses(own, permission),
  };
  if (permission === 'public') doc.security = [];
  // A route that takes no body (`schemas.noBody`) has no requestBody; a multipart upload shows its parts.
  if ((own.body as { type?: unknown } | undefined)?.type === 'null') delete doc.body;
  if (multipart) doc.body = multipart;
  // Account routes that take their account from the header (not from an :accountId in the path).
  if (isAccountPermission(permission) && !url.includes(':accountId')) {
    const headers = (own.headers ?? { type: 'object', properties: {} }) as {
      properties?: Record<string, unknown>;
    };
    doc.headers = { ...headers, properties: { ...headers.properties, 'x-account-id': ACCOUNT_ID_HEADER } };
  }
  return doc;
}

/**
 * Before the permission guard: the documentation's own routes (DOCS_ROUTES, and no other) are public. Registered
 * ahead of the guard because the guard refuses an /api route without a permission at registration.
 */
export function registerDocsPermission(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (DOCS_ROUTES.has(route.url) && route.config?.permission === undefined) {
      route.config = { ...route.config, permission: 'public' };
    }
  });
}

/**
 * @fastify/swagger, before the routes (it collects them as they are registered): OpenAPI 3.1 (JSON Schema
 * 2020-12, so `type: ['string', 'null']` stays as it is), the session's bearer scheme, each operation's permission
 * and area tag; routes outside /api (published sites, the client's files) are left out.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'BizSite API', version: packageVersion(), description: DESCRIPTION },
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The session token from POST /api/auth/login or /api/auth/register.',
          },
        },
      },
      security: [{ [SECURITY_SCHEME]: [] }],
    },
    transform: ({ schema, url, route }) => {
      // CORS preflights are the browser's, not operations of the API.
      if (!isDocumentedRoute(url) || route.method === 'OPTIONS')
        return { schema: { ...schema, hide: true }, url };
      const permission = route.config?.permission as RoutePermission;
      // Every route of the app has one method (an operation id names one).
      const method = String([route.method].flat()[0]);
      return { schema: documented(schema as DocSchema | undefined, method, url, permission), url };
    },
  });
}

/** The document at OPENAPI_URL and the reference page at DOCS_PREFIX, both public. After registerOpenApi. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_URL, { config: { permission: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The list is long (and rendered as it scrolls): the filter finds an area by its tag.
    uiConfig: { deepLinking: true, filter: true, persistAuthorization: false },
    theme: { title: 'BizSite API reference' },
  });
}

// Read at run time: the server imports only contracts, canvas and its own modules (tests/architecture).
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
