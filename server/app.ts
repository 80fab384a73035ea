import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { registerActivityTrail } from './activityTrail.ts';
import type { AuthUser } from './auth/authUser.ts';
import { registerPermissionGuard } from './auth/permissionGuard.ts';
import { createTokenService } from './auth/tokens.ts';
import { createInvalidationBus } from './cluster/invalidationBus.ts';
import { registerRouteInvalidation } from './cluster/routeInvalidation.ts';
import { createRateLimitStore } from './cluster/sharedRateLimits.ts';
import { type Collab, createCollab } from './collab/collabServer.ts';
import { type Config, DEFAULT_TRUST_PROXY } from './config.ts';
import type { Db } from './db/types.ts';
import { errorHandler } from './errorHandler.ts';
import { createAccountEventHub } from './events/accountEventHub.ts';
import type { JobEngine } from './jobs/jobEngine.ts';
import { emitWebhookEvent } from './jobs/webhooks.ts';
import { registerDocs, registerDocsPermission, registerOpenApi } from './openapi.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { type StripePayments, stripeGatewayOf } from './payments/stripeGateway.ts';
import type { PublishingOptions } from './publishing/publishingDeps.ts';
import { createSiteHosts } from './publishing/siteHosts.ts';
import { createSitePageCache } from './publishing/sitePageCache.ts';
import { createSystemTxtResolver, type TxtResolver } from './publishing/txtResolver.ts';
import { accountsRoutes } from './routes/accounts/accountsRoutes.ts';
import { invitationsRoutes } from './routes/accounts/invitationsRoutes.ts';
import { adminRoutes } from './routes/admin/adminRoutes.ts';
import { authRoutes } from './routes/auth/authRoutes.ts';
import { businessRoutes } from './routes/business/businessRoutes.ts';
import { campaignRoutes } from './routes/campaign/campaignRoutes.ts';
import { crmRoutes } from './routes/crm/crmRoutes.ts';
import { ecommerceOwnerRoutes } from './routes/ecommerce/ecommerceOwnerRoutes.ts';
import { ecommercePublicRoutes, type StoreRateLimits } from './routes/ecommerce/ecommercePublicRoutes.ts';
import { orderPageRoutes } from './routes/ecommerce/orderPageRoutes.ts';
import { type EventsRouteOptions, eventsRoutes } from './routes/events/eventsRoutes.ts';
import { presenceRoutes } from './routes/events/presenceRoutes.ts';
import { type OnFormSubmitted, publicFormRoutes } from './routes/forms/publicFormRoutes.ts';
import { submissionRoutes } from './routes/forms/submissionRoutes.ts';
import { healthRoutes } from './routes/health/healthRoutes.ts';
import { integrationsRoutes } from './routes/integrations/integrationsRoutes.ts';
import { stripeWebhookRoutes } from './routes/payments/stripeWebhookRoutes.ts';
import { domainRoutes } from './routes/publish/domainRoutes.ts';
import { publishRoutes } from './routes/publish/publishRoutes.ts';
import { replayAdminRoutes, replayRoutes } from './routes/replay/replayRoutes.ts';
import { reviewAdminRoutes } from './routes/review/reviewAdminRoutes.ts';
import { reviewRoutes } from './routes/review/reviewRoutes.ts';
import type { RouteDeps } from './routes/routeDeps.ts';
import { seoRoutes } from './routes/seo/seoRoutes.ts';
import { siteRoutes } from './routes/sites/siteRoutes.ts';
import { socialRoutes } from './routes/social/socialRoutes.ts';
import { uploadFilesRoutes, uploadRoutes } from './routes/upload/uploadRoutes.ts';
import { userRoutes } from './routes/user/userRoutes.ts';
import { webhooksRoutes } from './routes/webhooks/webhooksRoutes.ts';
import { generateRoutes } from './routes/website/generateRoutes.ts';
import { versionRoutes } from './routes/website/versionRoutes.ts';
import { websiteRoutes } from './routes/website/websiteRoutes.ts';
import { createWebhookOrderEvents } from './shop/defaultOrderEvents.ts';
import type { OrderEvents } from './shop/orderEvents.ts';
import { createShopOrderEvents } from './shop/shopOrderEvents.ts';
import { registerStatic, securityHeaders, sendSpaIndex, staticDirExists } from './static.ts';
import { registerTextGuard } from './textGuard.ts';
import { createValidatorCompiler, formatValidationErrors } from './validation.ts';

export type BuildAppOptions = {
  config: Config;
  /** A migrated database; the caller owns it and closes it after the app. */
  db: Db;
  /** Fastify's `logger` option: false (default) for silence, true or pino options to log. */
  logger?: FastifyServerOptions['logger'];
  /** An existing pino-compatible logger instead. */
  loggerInstance?: FastifyBaseLogger;
  /** The running job engine (the caller starts and stops it); without one, nothing is queued. */
  jobs?: JobEngine | null;
  /** The published-site renderer and script (main.ts: the SSR build; tests: the source module). */
  publishing?: PublishingOptions;
  /** Called with each stored form submission (the merge wires the CRM's `form-submitted` job here). */
  onFormSubmitted?: OnFormSubmitted;
  /** Per-minute limits of the public store routes (benchmarks raise them); the defaults otherwise. */
  storeRateLimits?: StoreRateLimits;
  /** The builder's document sync: how long after the last edit a document is stored (tests shorten it). */
  collab?: { debounceMs?: number; maxDebounceMs?: number };
  /** The DNS TXT lookup that verifies custom domains (tests pass a fake); default: node:dns. */
  resolveTxt?: TxtResolver;
  /**
   * Stripe Checkout (card payments and their webhook); default: built from the configuration
   * (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), null when it names none.
   */
  stripe?: StripePayments | null;
  /** Card payments offered at checkout; default: `stripe`. */
  payments?: PaymentGateway | null;
  /**
   * The shop's order side effects; default: with a job engine, the mails (outbox), the buyer's CRM contact
   * and the webhooks; without one, the 'order.placed' webhook only.
   */
  orderEvents?: OrderEvents;
  /** The live event stream's timing (tests shorten the session re-check); the defaults otherwise. */
  liveEvents?: Pick<EventsRouteOptions, 'heartbeatMs' | 'authCheckMs'> & { flushMs?: number };
};

const BODY_LIMIT = 1024 * 1024;

/** A stored form submission becomes a CRM lead (the `form-submitted` job) and the account's webhooks. */
function formSubmittedToJobs(jobs: JobEngine, db: Db): OnFormSubmitted {
  return async (event) => {
    await jobs.send('form-submitted', event);
    await emitWebhookEvent(jobs, db, event.accountId, 'form.submitted', event);
  };
}

/** The whole HTTP application: plugins, then routes. Tests drive it with `app.inject`. */
export async function buildApp({
  config,
  db,
  logger = false,
  loggerInstance,
  jobs = null,
  publishing = { renderer: null, siteScript: null },
  onFormSubmitted = jobs ? formSubmittedToJobs(jobs, db) : undefined,
  storeRateLimits,
  collab: collabTiming,
  resolveTxt = createSystemTxtResolver(),
  stripe = stripeGatewayOf(config),
  payments = stripe,
  orderEvents = jobs ? createShopOrderEvents({ db, jobs, config }) : createWebhookOrderEvents(jobs, db),
  liveEvents = {},
}: BuildAppOptions): Promise<FastifyInstance> {
  // Caches of every process sharing the database forget together (README "Several processes").
  const bus = createInvalidationBus({
    sender: db.kind === 'postgres' ? db : null,
    notifications: db.notifications ?? null,
    pglite: db.pglite ?? null,
    log: { warn: (data, message) => app.log.warn(data, message) },
  });
  // The accounts' live event streams, fed by the database's announcements on that bus (migration 0019).
  const hub = createAccountEventHub(bus, { flushMs: liveEvents.flushMs });
  const hosts = await createSiteHosts(db, config.publicSiteDomain ?? null, bus);
  const app = Fastify({
    // Requests to a published site's own host ({sub}.PUBLIC_SITE_DOMAIN, a custom domain) → /sites/{sub}/….
    rewriteUrl: (request) => hosts.rewrite(request.url ?? '/', request.headers.host),
    ...(loggerInstance ? { loggerInstance } : { logger }),
    bodyLimit: BODY_LIMIT,
    // A reverse proxy's X-Forwarded-For reaches request.ip only from a proxy on this host or one TRUST_PROXY names.
    trustProxy: [...(config.trustProxy ?? DEFAULT_TRUST_PROXY)],
    schemaErrorFormatter: formatValidationErrors,
    // A path that is not UTF-8 once decoded (`%ED%A0%80`, a lone surrogate) gets the one error handler's {message}.
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply),
    // One line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(createValidatorCompiler());
  app.setErrorHandler(errorHandler);
  // Before any route: NUL and lone surrogates in params, query, headers and body → 400 for every route.
  registerTextGuard(app);

  const tokens = createTokenService(config.jwtSecret);
  // Just before the guard: the API reference's own routes (@fastify/swagger-ui declares none) are public.
  registerDocsPermission(app);
  // First of all hooks and routes: every route registered after it must declare its permission.
  registerPermissionGuard(app, { db, tokens });
  registerActivityTrail(app, db);
  // Before the routes, which it collects as they are registered: the OpenAPI document of their schemas.
  await registerOpenApi(app);
  // Initial values give every request the same shape; the guard sets them before a route reads them.
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('accountId', null);
  app.decorateRequest('accountRole', null);

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  app.addHook('onSend', async (request, reply, payload) => {
    securityHeaders(reply);
    // API answers are per user: no browser, proxy or service-worker cache may keep them, unless the route says
    // otherwise (an uploaded image is public and never changes).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  const staticDir = config.staticDir !== null && staticDirExists(config.staticDir) ? config.staticDir : null;
  if (staticDir) await registerStatic(app, staticDir);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // /api/* is JSON; a missing /assets/* file must not come back as HTML a cache would keep.
    const isClientRoute = !/^\/(api|assets)(\/|$)/.test(pathname);
    if (staticDir && isClientRoute && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendSpaIndex(reply);
    }
    return reply.code(404).send({ message: 'Not found' });
  });

  const database = config.databaseUrl ?? config.dataDir;
  // Rate limits count for every process of the deployment (Redis), or for this one.
  const rateLimits = await createRateLimitStore({
    redisUrl: config.redisUrl ?? null,
    database,
    log: app.log.child({ module: 'rate-limits' }),
  });
  app.addHook('onClose', async () => rateLimits.close());
  const deps: RouteDeps = {
    db,
    tokens,
    config,
    jobs,
    payments,
    orderEvents,
    rateLimitStore: rateLimits.options,
  };
  const collab = mountCollab(app, {
    db,
    tokens,
    log: app.log.child({ module: 'collab' }),
    redisUrl: config.redisUrl ?? null,
    database,
    ...collabTiming,
  });
  const publishingDeps = {
    ...deps,
    ...publishing,
    pageCache: createSitePageCache(db, bus),
    hosts,
    publicSiteDomain: config.publicSiteDomain ?? null,
    resolveTxt,
    // Every publish takes a version of the site as it is published.
    versions: { db, collab, retention: config.versionRetention },
  };
  app.addHook('onClose', async () => {
    hosts.close();
    hub.close();
    await bus.close();
  });
  // The daily re-check may stop serving a domain: this process routes by it no more at once.
  const stopListening = jobs?.onDomainsChanged(() => void hosts.reload().catch(() => {}));
  if (stopListening) app.addHook('onClose', async () => stopListening());
  // Routes declare the caches their success makes stale (`config.invalidates`); one hook forgets them.
  registerRouteInvalidation(app, {
    'site-pages': () => publishingDeps.pageCache.forgetAll(),
    'site-hosts': () => hosts.reload(),
  });
  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(accountsRoutes, deps);
  await app.register(businessRoutes, deps);
  await app.register(reviewRoutes, deps);
  await app.register(reviewAdminRoutes, deps);
  await app.register(invitationsRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(campaignRoutes, deps);
  await app.register(websiteRoutes, { ...deps, collab });
  await app.register(versionRoutes, { ...deps, collab });
  await app.register(uploadRoutes, deps);
  await app.register(uploadFilesRoutes, deps);
  await app.register(generateRoutes, publishingDeps);
  await app.register(publishRoutes, publishingDeps);
  await app.register(domainRoutes, publishingDeps);
  await app.register(siteRoutes, publishingDeps);
  await app.register(publicFormRoutes, { ...publishingDeps, onFormSubmitted });
  await app.register(submissionRoutes, deps);
  await app.register(ecommercePublicRoutes, {
    ...deps,
    ...(storeRateLimits ? { limits: storeRateLimits } : {}),
  });
  await app.register(ecommerceOwnerRoutes, deps);
  await app.register(orderPageRoutes, deps);
  await app.register(crmRoutes, deps);
  await app.register(integrationsRoutes, deps);
  await app.register(webhooksRoutes, deps);
  await app.register(stripeWebhookRoutes, { ...deps, stripe });
  await app.register(socialRoutes, deps);
  await app.register(seoRoutes, deps);
  await app.register(replayRoutes, deps);
  await app.register(replayAdminRoutes, deps);
  await app.register(eventsRoutes, {
    ...deps,
    hub,
    heartbeatMs: liveEvents.heartbeatMs,
    authCheckMs: liveEvents.authCheckMs,
  });
  await app.register(presenceRoutes, deps);
  // GET /api/openapi.json and the reference page at /api/docs.
  await registerDocs(app);

  await app.ready();
  return app;
}

/**
 * The builder's document sync on the app's own HTTP server (WebSocket upgrades of /api/collab). On close, open
 * connections go first (preClose); once in-flight requests are done, every open document is stored (onClose),
 * before the caller closes the database.
 */
function mountCollab(app: FastifyInstance, options: Parameters<typeof createCollab>[0]): Collab {
  const collab = createCollab(options);
  app.server.on('upgrade', collab.handleUpgrade);
  app.decorate('collab', collab);
  app.addHook('preClose', async () => collab.stopAccepting());
  app.addHook('onClose', async () => {
    app.server.off('upgrade', collab.handleUpgrade);
    await collab.close();
  });
  return collab;
}
