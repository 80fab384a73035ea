import { describe, expect, test } from 'vitest';
import { REPLAY_START } from '../../../src/contracts/replay.ts';
import { createReplayRecorder } from '../../../src/machines/replay/replayRecorder.ts';
import { RingBuffer } from '../../../src/machines/replay/ringBuffer.ts';
import { aliceAuth, anonymousLoad, createAppHarness, storedAlice } from '../appHarness.ts';

describe('RingBuffer', () => {
  test('keeps at most its capacity, dropping the oldest first and counting them', () => {
    const ring = new RingBuffer<number>(3);
    for (let i = 1; i <= 5; i++) ring.push(i);
    expect(ring.size).toBe(3);
    expect(ring.peek()).toEqual([3, 4, 5]);
    expect(ring.dropped).toBe(2);
    ring.shift(2);
    expect(ring.peek()).toEqual([5]);
    ring.push(6);
    ring.push(7);
    ring.push(8);
    expect(ring.peek(2)).toEqual([6, 7]);
    ring.remove((n) => n % 2 === 0);
    expect(ring.peek()).toEqual([7]);
    expect(() => new RingBuffer(0)).toThrow();
  });
});

describe('the replay recorder', () => {
  test('records root and child steps in order, within its bound; batches are of one session, oldest first', () => {
    let clock = 1000;
    const recorder = createReplayRecorder({ capacity: 5, now: () => clock });
    const h = createAppHarness({ ...anonymousLoad, session: storedAlice }, { inspect: recorder.inspect });
    expect(recorder.size).toBe(5);
    const first = recorder.nextBatch(100);
    expect(first?.session.owner).toBe('u1');
    clock += 250;
    for (let i = 0; i < 20; i++) {
      h.actor.send({ type: 'website.create' });
      h.actor.send({ type: 'view.back' });
    }
    // Bounded: only the last 5 steps are kept, and the sequence shows what was dropped.
    expect(recorder.size).toBe(5);
    expect(recorder.dropped).toBeGreaterThan(35);
    const batch = recorder.nextBatch(2);
    expect(batch?.entries.map((e) => e.at)).toEqual([250, 250]);
    const [a, b] = batch?.entries ?? [];
    expect(b.seq).toBe(a.seq + 1);
    recorder.ack(2);
    expect(recorder.nextBatch(100)?.entries[0].seq).toBe(b.seq + 1);
    expect(recorder.size).toBe(3);
  });

  test('each child is recorded under its systemId; contexts are sent only when they change', () => {
    const recorder = createReplayRecorder();
    const h = createAppHarness({ ...anonymousLoad, session: storedAlice }, { inspect: recorder.inspect });
    h.actor.system.get('tour')?.send({ type: 'tour.start' });
    h.actor.system.get('tour')?.send({ type: 'tour.next' });
    h.actor.system.get('tour')?.send({ type: 'tour.previous' });
    h.actor.system.get('tour')?.send({ type: 'tour.previous' });
    const entries = recorder.nextBatch(1000)?.entries ?? [];
    const actors = new Set(entries.map((e) => e.actor));
    expect([...actors]).toEqual(
      expect.arrayContaining(['app', 'session', 'toasts', 'tour', 'review', 'team']),
    );
    const tour = entries.filter((e) => e.actor === 'tour');
    expect(tour.map((e) => [e.event.type, e.state, e.context])).toEqual([
      ['xstate.init', 'hidden', { step: 0 }],
      ['tour.start', 'visible', undefined],
      ['tour.next', 'visible', { step: 1 }],
      ['tour.previous', 'visible', { step: 0 }],
      ['tour.previous', 'visible', undefined],
    ]);
    expect(tour[1].source).toBeNull();
    const init = entries.find((e) => e.actor === 'session' && e.event.type === 'xstate.init');
    expect(init?.source).toBe('app');
  });

  test('sign-in adopts the anonymous session; sign-out ends it and the next starts from the current state', async () => {
    const recorder = createReplayRecorder();
    const users: (string | null)[] = [];
    recorder.listen({ onUser: (user) => users.push(user) });
    const h = createAppHarness(anonymousLoad, { inspect: recorder.inspect });
    const anonymous = recorder.current();
    expect(anonymous.owner).toBeNull();
    h.actor.send({ type: 'auth.login', email: 'a@example.com', password: 'pw-123456' });
    await h.calls.settle(aliceAuth);
    expect(recorder.current()).toEqual({ ...anonymous, owner: 'u1' });
    h.session().send({ type: 'session.logout' });
    await h.calls.settle();
    expect(users).toEqual([null, 'u1', null]);
    const next = recorder.current();
    expect(next.id).not.toBe(anonymous.id);
    expect(next.owner).toBeNull();

    // The old session ends with the sign-out (the root back on the sign-in screen, the session anonymous).
    const firstBatch = recorder.nextBatch(1000);
    expect(firstBatch?.session.id).toBe(anonymous.id);
    expect(firstBatch?.entries.at(-1)).toMatchObject({ actor: 'session', state: 'anonymous' });
    expect(firstBatch?.entries).toContainEqual(
      expect.objectContaining({
        actor: 'app',
        source: 'session',
        event: { type: 'session.ended', reason: 'logout', userId: null },
        state: { auth: 'idle' },
      }),
    );
    recorder.ack(firstBatch?.entries.length ?? 0);
    const second = recorder.nextBatch(1000);
    expect(second?.session.id).toBe(next.id);
    expect(second?.entries[0]).toMatchObject({
      seq: 0,
      event: { type: REPLAY_START, children: { session: 'anonymous', toasts: expect.anything() } },
      state: { auth: 'idle' },
    });
  });

  test('turned off, it forgets what it holds and records nothing; turned on, it starts a new session', () => {
    const recorder = createReplayRecorder();
    const h = createAppHarness({ ...anonymousLoad, session: storedAlice }, { inspect: recorder.inspect });
    expect(recorder.size).toBeGreaterThan(0);
    recorder.setRecording(false);
    expect(recorder.size).toBe(0);
    h.actor.send({ type: 'website.create' });
    expect(recorder.size).toBe(0);
    expect(recorder.nextBatch(10)).toBeNull();
    recorder.setRecording(true);
    expect(recorder.nextBatch(10)?.entries).toEqual([
      expect.objectContaining({
        seq: 0,
        event: expect.objectContaining({ type: REPLAY_START }),
        state: 'flowChoice',
      }),
    ]);
  });

  test('a session reaching its size starts another; a failing step never reaches the app', () => {
    const recorder = createReplayRecorder({ sessionEntries: 10 });
    const h = createAppHarness({ ...anonymousLoad, session: storedAlice }, { inspect: recorder.inspect });
    for (let i = 0; i < 10; i++) h.actor.send({ type: 'website.create' });
    const ids = new Set<string>();
    for (let batch = recorder.nextBatch(1000); batch; batch = recorder.nextBatch(1000)) {
      ids.add(batch.session.id);
      expect(batch.entries.length).toBeLessThanOrEqual(10);
      recorder.ack(batch.entries.length);
    }
    expect(ids.size).toBeGreaterThan(1);
    // An inspection event the recorder cannot read is counted and skipped.
    const before = recorder.dropped;
    recorder.inspect({ type: '@xstate.snapshot', snapshot: { value: 'x' }, actorRef: null } as never);
    expect(recorder.dropped).toBe(before + 1);
  });
});

describe('the Storefront preview’s cart', () => {
  test('spawned by the app, it is recorded under its systemId with the app’s steps; the root stays `app`', async () => {
    const recorder = createReplayRecorder();
    const h = createAppHarness({ ...anonymousLoad, session: storedAlice }, { inspect: recorder.inspect });
    h.actor.send({ type: 'storefront.open', storeId: 's1' });
    await h.calls.settle(h.cartLogic);
    h.actor.system.get('cart')?.send({ type: 'cart.filter', categoryId: 3 });
    h.actor.send({ type: 'storefront.close' });
    const entries = recorder.nextBatch(1000)?.entries ?? [];
    expect(entries.filter((e) => e.event.type === 'xstate.init' && e.actor === 'app')).toHaveLength(1);
    expect(entries.find((e) => e.actor === 'app' && e.event.type === 'storefront.open')).toMatchObject({
      event: { type: 'storefront.open', storeId: 's1' },
      context: { storefrontStore: 's1' },
    });
    expect(entries.find((e) => e.actor === 'cart' && e.event.type === 'cart.filter')).toMatchObject({
      event: { type: 'cart.filter', categoryId: 3 },
      context: { storeId: 's1', categoryId: 3 },
    });
  });
});
