import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { createAuthenticate } from './auth/authenticate.ts';
import type { AuthUser } from './auth/authUser.ts';
import { createTokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Db } from './db/types.ts';
import { errorHandler } from './errorHandler.ts';
import { accountsRoutes } from './routes/accounts/accountsRoutes.ts';
import { authRoutes } from './routes/auth/authRoutes.ts';
import { businessRoutes } from './routes/business/businessRoutes.ts';
import { campaignRoutes } from './routes/campaign/campaignRoutes.ts';
import { healthRoutes } from './routes/health/healthRoutes.ts';
import { reviewRoutes } from './routes/review/reviewRoutes.ts';
import type { RouteDeps } from './routes/routeDeps.ts';
import { userRoutes } from './routes/user/userRoutes.ts';
import { registerStatic, securityHeaders, sendSpaIndex, staticDirExists } from './static.ts';
import { createValidatorCompiler, formatValidationErrors } from './validation.ts';

export type BuildAppOptions = {
  config: Config;
  /** A migrated database; the caller owns it and closes it after the app. */
  db: Db;
  /** Fastify's `logger` option: false (default) for silence, true or pino options to log. */
  logger?: FastifyServerOptions['logger'];
  /** An existing pino-compatible logger instead. */
  loggerInstance?: FastifyBaseLogger;
};

const BODY_LIMIT = 1024 * 1024;

/** The whole HTTP application: plugins, then routes. Tests drive it with `app.inject`. */
export async function buildApp({
  config,
  db,
  logger = false,
  loggerInstance,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger }),
    bodyLimit: BODY_LIMIT,
    // Lets a reverse proxy's X-Forwarded-For reach request.ip only when it is on this host.
    trustProxy: 'loopback',
    schemaErrorFormatter: formatValidationErrors,
    // One line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(createValidatorCompiler());
  app.setErrorHandler(errorHandler);

  const tokens = createTokenService(config.jwtSecret);
  app.decorate('authenticate', createAuthenticate(db, tokens));
  // Initial values give every request the same shape; authenticate sets both before a route reads them.
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('accountId', null);

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
    // API answers are per user: no browser, proxy or service-worker cache may keep them.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
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

  const deps: RouteDeps = { db, tokens, config };
  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(accountsRoutes, deps);
  await app.register(businessRoutes, deps);
  await app.register(reviewRoutes, deps);
  await app.register(campaignRoutes, deps);

  await app.ready();
  return app;
}
