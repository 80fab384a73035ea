import rateLimit from '@fastify/rate-limit';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { REPLAY_LIMITS, replayApi } from '../../../src/contracts/replay.ts';
import { HttpError } from '../../errors.ts';
import { logActivity } from '../../repositories/activityLogs.ts';
import {
  appendReplayEntries,
  findReplayOptOut,
  findReplaySession,
  listReplaySessions,
  setReplayOptOut,
} from '../../repositories/replaySessions.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const RECORDING_OFF = 'Session recording is turned off for this user';
export const SESSION_TAKEN = 'This session id belongs to another session';
export const SESSION_FULL = 'This session has reached its size limit: start a new one';
export const TOO_MANY_BATCHES = 'Too many recording batches, please slow down';
export const SESSION_NOT_FOUND = 'Session not found';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The client's start time, kept within the last day and never in the future. */
function clampStart(startedAt: string): Date {
  const now = Date.now();
  const claimed = Date.parse(startedAt);
  return new Date(Math.min(now, Math.max(now - DAY_MS, Number.isNaN(claimed) ? now : claimed)));
}

/** What a signed-in user does with session replay: read and change their choice, send their steps. */
export const replayRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db, rateLimitStore }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const signedIn = { permission: 'signedIn' } as const;
  await app.register(rateLimit, { global: false, ...rateLimitStore });
  // Per user (not per address): counted after authentication, before the body is validated.
  const perUser = app.createRateLimit({
    max: REPLAY_LIMITS.batchesPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `replay:${request.user.id}`,
  });

  app.get('/api/replay/settings', { config: signedIn, schema: replayApi.getSettings }, async (request) => ({
    optOut: await findReplayOptOut(db, request.user.id),
  }));

  app.put('/api/replay/settings', { config: signedIn, schema: replayApi.putSettings }, async (request) => ({
    optOut: await db.transaction((tx) => setReplayOptOut(tx, request.user.id, request.body.optOut)),
  }));

  app.post(
    '/api/replay/sessions/:id/events',
    {
      config: signedIn,
      schema: replayApi.append,
      bodyLimit: REPLAY_LIMITS.bodyBytes,
      preValidation: async (request, reply) => {
        const result = await perUser(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', String(result.ttlInSeconds));
          throw new HttpError(429, TOO_MANY_BATCHES);
        }
      },
    },
    async (request, reply) => {
      const result = await db.transaction((tx) =>
        appendReplayEntries(tx, {
          sessionId: request.params.id,
          userId: request.user.id,
          accountId: request.accountId,
          startedAt: clampStart(request.body.startedAt),
          entries: request.body.entries,
          maxEntries: REPLAY_LIMITS.sessionEntries,
        }),
      );
      if (result === 'optedOut') throw new HttpError(403, RECORDING_OFF);
      if (result === 'notOwner') throw new HttpError(409, SESSION_TAKEN);
      if (result === 'full') throw new HttpError(413, SESSION_FULL);
      return reply.code(204).send(null);
    },
  );
};

/** Support staff's side: platform admins list sessions and open one (each opening is logged). */
export const replayAdminRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const platformAdmin = { permission: 'platformAdmin' } as const;

  app.get('/api/replay/sessions', { config: platformAdmin, schema: replayApi.list }, async (request) =>
    listReplaySessions(db, request.query),
  );

  app.get('/api/replay/sessions/:id', { config: platformAdmin, schema: replayApi.get }, async (request) => {
    const found = await findReplaySession(db, request.params.id);
    if (!found) throw new HttpError(404, SESSION_NOT_FOUND);
    await logActivity(db, {
      type: 'admin.replay_viewed',
      userId: request.user.id,
      userEmail: request.user.email,
      ip: request.ip,
      details: {
        sessionId: found.session.id,
        targetUserId: found.session.userId,
        targetEmail: found.session.userEmail,
      },
    });
    return found;
  });
};
