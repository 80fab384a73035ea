import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type LiveEvent, liveEventsApi } from '../../../src/contracts/liveEvents.ts';
import { createAuthenticate, requireAccountId } from '../../auth/authenticate.ts';
import type { AccountEventHub } from '../../events/accountEventHub.ts';
import type { RouteDeps } from '../routeDeps.ts';

export type EventsRouteOptions = RouteDeps & {
  hub: AccountEventHub;
  /** A comment line this often keeps proxies and the browser from dropping an idle stream. */
  heartbeatMs?: number;
  /**
   * How often open streams are checked against a change of the rows behind authentication: a signed-out,
   * revoked or removed session loses its stream within this time (the client's reconnect then gets the 401).
   */
  authCheckMs?: number;
};

type Stream = { request: FastifyRequest; end: () => void; write: (text: string) => void };

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * GET /api/events: the account's live event stream (server-sent events, read with fetch streaming since the
 * bearer token and the account header travel as headers). Every member of the account may listen; each event
 * says what changed (`{kind, id?}`), never the data, which the client then reads through the usual routes.
 */
export const eventsRoutes: FastifyPluginAsync<EventsRouteOptions> = async (
  app,
  { db, tokens, hub, heartbeatMs = 20_000, authCheckMs = 5000 },
) => {
  const authenticate = createAuthenticate(db, tokens);
  const streams = new Set<Stream>();

  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': ping\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  // Sessions are re-checked only when the rows behind them may have changed (a write, another process's).
  let checkedGeneration = db.authRowsGeneration();
  let checking = false;
  const authCheck = setInterval(() => {
    const generation = db.authRowsGeneration();
    if (checking || generation === checkedGeneration || streams.size === 0) return;
    checking = true;
    checkedGeneration = generation;
    void Promise.all(
      [...streams].map(async (stream) => {
        try {
          await authenticate(stream.request);
        } catch {
          stream.end();
        }
      }),
    ).finally(() => {
      checking = false;
    });
  }, authCheckMs);
  authCheck.unref();

  // Streams never finish by themselves: closing the app (SIGTERM) ends them first, so it stays prompt.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    clearInterval(authCheck);
    for (const stream of streams) stream.end();
  });

  app.get(
    '/api/events',
    {
      config: { permission: 'account.view' },
      schema: liveEventsApi.stream,
    },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      // HEAD (Fastify's twin of every GET): the headers only, no stream to keep open.
      if (request.method === 'HEAD') return reply.type('text/event-stream; charset=utf-8').send('');
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      let open = true;
      let unsubscribe = () => {};
      const stream: Stream = {
        request,
        write: (text) => {
          if (open) response.write(text);
        },
        end: () => {
          if (!open) return;
          open = false;
          unsubscribe();
          streams.delete(stream);
          response.end();
        },
      };
      streams.add(stream);
      unsubscribe = hub.subscribe({
        // Read on every event: the session's re-check keeps request.user up to date.
        get scope() {
          return { accountId, platformAdmin: request.user.role === 'admin' };
        },
        send: (events: LiveEvent[]) => stream.write(frame('change', { events })),
      });
      // The response's close, not the request's (that one fires once the request has been read).
      response.on('close', stream.end);
      stream.write(`retry: 2000\n${frame('ready', { accountId })}`);
    },
  );
};
