import { afterEach, describe, expect, test, vi } from 'vitest';
import { REPLAY_LIMITS, type ReplayEntry } from '../../src/contracts/replay.ts';
import { createReplayRecorder } from '../../src/machines/replay/replayRecorder.ts';
import { type ReplayShipper, startReplayShipper } from '../../src/machines/replay/replayShipper.ts';
import { STORAGE_KEYS } from '../../src/services/http/browserStorage.ts';
import { createHttp } from '../../src/services/http/http.ts';
import { createQueryClient } from '../../src/services/http/queryClient.ts';
import { replayQueryKeys } from '../../src/services/replay/replayQueries.ts';
import { anonymousLoad, createAppHarness, storedAlice } from '../machines/appHarness.ts';
import { fakeServer, type Routes } from '../views/renderApp.tsx';

type Posted = { url: string; body: { startedAt: string; entries: ReplayEntry[] } };

const running: ReplayShipper[] = [];
afterEach(() => {
  for (const shipper of running.splice(0)) shipper.stop();
});

function setup(routes: Routes, options: { signedIn?: boolean; now?: () => number } = {}) {
  const posted: Posted[] = [];
  const server = fakeServer({
    'POST /api/replay/sessions/:id/events': { status: 204 },
    ...routes,
  });
  // Routes with an id: match the prefix, record the body.
  const fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (request.method === 'POST' && path.startsWith('/api/replay/sessions/')) {
      posted.push({ url: path, body: await request.clone().json() });
      const route = routes['POST /api/replay/sessions/:id/events'];
      const reply = typeof route === 'function' ? await route(request) : (route ?? { status: 204 });
      const status = reply.status ?? 204;
      return new Response(status === 204 ? null : JSON.stringify(reply.body ?? { message: 'x' }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }
    return server.fetch(input);
  };
  const onUnauthorized = vi.fn();
  const notify = vi.fn();
  const http = createHttp({
    getToken: () => 'token-1',
    getAccountId: () => 'a1',
    onUnauthorized,
    notify,
    fetch: fetch as typeof globalThis.fetch,
    baseUrl: 'http://localhost',
  });
  const queryClient = createQueryClient();
  const recorder = createReplayRecorder({ recording: !localStorage.getItem(STORAGE_KEYS.replayOptOut) });
  const h = createAppHarness(
    options.signedIn === false ? anonymousLoad : { ...anonymousLoad, session: storedAlice },
    {
      inspect: recorder.inspect,
    },
  );
  const shipper = startReplayShipper({ recorder, http, queryClient, intervalMs: 60_000, now: options.now });
  running.push(shipper);
  return { h, recorder, shipper, posted, queryClient, onUnauthorized, notify, requests: server.requests };
}

const settingsRoute = (optOut: boolean): Routes => ({ 'GET /api/replay/settings': { body: { optOut } } });

describe('the replay shipper', () => {
  test('sends the signed-in user’s steps in batches of at most 100, in order, quietly', async () => {
    const t = setup(settingsRoute(false));
    await vi.waitFor(() => expect(t.shipper.preference()).toBe('on'));
    for (let i = 0; i < 80; i++) {
      t.h.actor.send({ type: 'website.create' });
      t.h.actor.send({ type: 'view.back' });
    }
    await t.shipper.flush();
    expect(t.recorder.size).toBe(0);
    expect(t.posted.length).toBeGreaterThanOrEqual(2);
    const sessionId = t.recorder.current().id;
    for (const post of t.posted) {
      expect(post.url).toBe(`/api/replay/sessions/${sessionId}/events`);
      expect(post.body.entries.length).toBeLessThanOrEqual(REPLAY_LIMITS.batchSize);
      expect(JSON.stringify(post.body).length).toBeLessThanOrEqual(REPLAY_LIMITS.bodyBytes);
    }
    const seqs = t.posted.flatMap((post) => post.body.entries.map((entry) => entry.seq));
    expect(seqs).toEqual(seqs.map((_, i) => i));
    expect(JSON.stringify(t.posted)).not.toContain('token-1');
    expect(t.notify).not.toHaveBeenCalled();
  });

  test('a user who turned recording off: nothing is kept or sent, and this browser remembers it', async () => {
    const t = setup(settingsRoute(true));
    await vi.waitFor(() => expect(t.shipper.preference()).toBe('off'));
    expect(t.recorder.recording).toBe(false);
    expect(t.recorder.size).toBe(0);
    t.h.actor.send({ type: 'website.create' });
    await t.shipper.flush();
    expect(t.posted).toEqual([]);
    expect(t.recorder.size).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.replayOptOut)).toBe('true');

    // The switch in User Settings writes the cached choice: recording starts again at once.
    t.queryClient.setQueryData(replayQueryKeys.settings, { optOut: false });
    expect(t.recorder.recording).toBe(true);
    await t.shipper.flush();
    expect(t.posted[0].body.entries[0]).toMatchObject({
      seq: 0,
      event: { type: 'replay.start' },
      state: 'flowChoice',
    });
    expect(localStorage.getItem(STORAGE_KEYS.replayOptOut)).toBeNull();
    // And off again: what was waiting is forgotten.
    t.h.actor.send({ type: 'view.back' });
    t.queryClient.setQueryData(replayQueryKeys.settings, { optOut: true });
    expect(t.recorder.size).toBe(0);
  });

  test('steps from before sign-in wait, then go out as the user’s once they have said yes', async () => {
    const t = setup(settingsRoute(false), { signedIn: false });
    t.h.actor.send({ type: 'auth.login', email: 'alice@example.com', password: 'Pa55word-typed' });
    await t.shipper.flush();
    expect(t.posted).toEqual([]);
    await t.h.calls.settle({ token: 'token-1', user: storedAlice.user });
    await vi.waitFor(() => expect(t.shipper.preference()).toBe('on'));
    await t.shipper.flush();
    const sent = t.posted.flatMap((post) => post.body.entries);
    expect(sent[0]).toMatchObject({ seq: 0, event: { type: 'xstate.init' } });
    expect(sent.find((entry) => entry.event.type === 'auth.login')?.event).toEqual({
      type: 'auth.login',
      email: '[redacted]',
      password: '[redacted]',
    });
    expect(JSON.stringify(t.posted)).not.toContain('Pa55word-typed');
  });

  test('a refusal: 403 reads the choice again, 429 waits, 413 halves the batch; none toasts or signs out', async () => {
    let clock = 0;
    let answer = 429;
    const t = setup(
      { ...settingsRoute(false), 'POST /api/replay/sessions/:id/events': () => ({ status: answer }) },
      { now: () => clock },
    );
    await vi.waitFor(() => expect(t.shipper.preference()).toBe('on'));
    await t.shipper.flush();
    expect(t.posted).toHaveLength(1);
    await t.shipper.flush();
    expect(t.posted).toHaveLength(1); // waiting after the 429
    clock += 31_000;
    answer = 413;
    for (let i = 0; i < 60; i++) t.h.actor.send({ type: 'website.create' });
    await t.shipper.flush();
    const sizes = t.posted.slice(1).map((post) => post.body.entries.length);
    expect(sizes.slice(0, 3)).toEqual([
      sizes[0],
      Math.floor(sizes[0] / 2),
      Math.floor(Math.floor(sizes[0] / 2) / 2),
    ]);
    answer = 403;
    t.h.actor.send({ type: 'view.back' });
    const before = t.requests.filter((r) => r.url.endsWith('/api/replay/settings')).length;
    await t.shipper.flush();
    await vi.waitFor(() =>
      expect(t.requests.filter((r) => r.url.endsWith('/api/replay/settings')).length).toBeGreaterThan(before),
    );
    // The choice still says yes: it waits instead of asking again in a loop.
    await vi.waitFor(() => expect(t.shipper.preference()).toBe('on'));
    const posts = t.posted.length;
    await t.shipper.flush();
    expect(t.posted).toHaveLength(posts);
    expect(t.onUnauthorized).not.toHaveBeenCalled();
    expect(t.notify).not.toHaveBeenCalled();
  });
});
