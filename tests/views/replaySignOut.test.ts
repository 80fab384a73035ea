import { expect, test, vi } from 'vitest';
import { createAppSystem } from '../../src/views/createAppSystem.ts';
import { dashboardInput, dashboardRoutes, fakeServer } from './renderApp.tsx';

test('signing out sends the recorded steps while the token still works, then revokes it (no batch comes back 401)', async () => {
  const log: string[] = [];
  let revoked = false;
  const server = fakeServer({
    ...dashboardRoutes(),
    'GET /api/replay/settings': { body: { optOut: false } },
    'POST /api/auth/logout': () => {
      log.push('logout');
      revoked = true;
      return { status: 204 };
    },
  });
  // The recording's batches (their path holds the session id) take a while, as on a real network.
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (!new URL(request.url).pathname.startsWith('/api/replay/sessions/')) return server.fetch(request);
    const refused = revoked;
    log.push(refused ? 'batch refused' : 'batch sent');
    await new Promise((resolve) => setTimeout(resolve, 50));
    log.push('batch answered');
    return new Response(refused ? JSON.stringify({ message: 'Unauthorized' }) : null, {
      status: refused ? 401 : 204,
      headers: { 'content-type': 'application/json' },
    });
  };
  const system = createAppSystem({
    fetch: fetch as typeof globalThis.fetch,
    input: dashboardInput(),
    replay: true,
  });
  system.actor.start();
  try {
    const shipper = await system.replay;
    await vi.waitFor(() => expect(shipper?.preference()).toBe('on'));
    system.actor.send({ type: 'website.create' });
    system.actor.send({ type: 'view.back' });
    system.actor.getSnapshot().children.session?.send({ type: 'session.logout' });
    await vi.waitFor(() => expect(log).toContain('logout'));
    expect(log.slice(-3)).toEqual(['batch sent', 'batch answered', 'logout']);
    expect(log).not.toContain('batch refused');
  } finally {
    system.actor.stop();
  }
});
