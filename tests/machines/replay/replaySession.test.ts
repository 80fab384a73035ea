import { describe, expect, test } from 'vitest';
import { REPLAY_START, type ReplayEntry } from '../../../src/contracts/replay.ts';
import { selectView } from '../../../src/machines/app/appMachine.ts';
import { createReplayRecorder, type ReplayRecorder } from '../../../src/machines/replay/replayRecorder.ts';
import { replaySession, sameState } from '../../../src/machines/replay/replaySession.ts';
import { sanitiseStateValue } from '../../../src/machines/replay/sanitise.ts';
import { ApiError } from '../../../src/services/http/ApiError.ts';
import { type AppHarness, aliceAuth, anonymousLoad, createAppHarness, storedAlice } from '../appHarness.ts';
import { flush } from '../fakeActors.ts';

/** The dashboard as recorded: each place's actors closed (no storefront, business details, recording switch or replay open). */
const DASHBOARD = {
  dashboard: {
    crm: 'closed',
    storefront: 'closed',
    businessDetails: 'closed',
    replaySettings: 'closed',
    replayViewer: 'closed',
  },
};

const PASSWORD = 'Sup3r-Secret-Pa55!';
const EMAIL = 'carol.secret@example.com';
const BUSINESS = {
  businessName: 'Carol Secret Bakery',
  industry: 'retail' as const,
  services: 'sourdough for secret agents',
  email: 'orders@carol-secret.example',
  phone: '+44 1234 567890',
};
const SECRETS = [
  PASSWORD,
  EMAIL,
  BUSINESS.businessName,
  BUSINESS.services,
  BUSINESS.email,
  BUSINESS.phone,
  aliceAuth.token,
  aliceAuth.user.email,
];

/** The real app machine with fakes, recorded through the recorder the app uses. */
function recordedHarness(input = anonymousLoad, recorder: ReplayRecorder = createReplayRecorder()) {
  const h = createAppHarness(input, { inspect: recorder.inspect });
  const rootStates = [JSON.stringify(h.actor.getSnapshot().value)];
  h.actor.subscribe((snapshot) => rootStates.push(JSON.stringify(snapshot.value)));
  return { h, recorder, rootStates };
}

/** The recorded sessions in order (signing out ends one; what follows is the next). */
function drainSessions(recorder: ReplayRecorder): ReplayEntry[][] {
  const sessions = new Map<string, ReplayEntry[]>();
  for (let batch = recorder.nextBatch(1000); batch; batch = recorder.nextBatch(1000)) {
    sessions.set(batch.session.id, [...(sessions.get(batch.session.id) ?? []), ...batch.entries]);
    recorder.ack(batch.entries.length);
  }
  return [...sessions.values()];
}

const drain = (recorder: ReplayRecorder): ReplayEntry[] => {
  const sessions = drainSessions(recorder);
  expect(sessions).toHaveLength(1);
  return sessions[0];
};

const rootStepsOf = (entries: ReplayEntry[]) => entries.filter((entry) => entry.actor === 'app');

async function scriptedSession(h: AppHarness) {
  const send = (event: Parameters<AppHarness['actor']['send']>[0]) => h.actor.send(event);
  // A failed sign-in, then a registration.
  send({ type: 'auth.login', email: EMAIL, password: PASSWORD });
  await h.calls.fail(new ApiError(401, 'Invalid credentials'));
  send({ type: 'auth.register', email: EMAIL, password: PASSWORD, name: 'Carol' });
  await h.calls.settle(aliceAuth);
  // Setup fails once, then goes on to the generator (the `next` of the event steers the branch).
  send({ type: 'business.submit', business: BUSINESS, next: 'generator' });
  await h.calls.fail(new ApiError(400, 'Phone is not valid'));
  send({ type: 'business.submit', business: BUSINESS, next: 'generator' });
  await h.calls.settle({ ...BUSINESS, websiteId: null });
  // Generation fails on the network, then succeeds and opens the builder.
  send({ type: 'generator.generate', business: BUSINESS });
  await h.calls.fail(new ApiError(0, 'Network error'));
  send({ type: 'generator.generate', business: BUSINESS });
  await h.calls.settle({ websiteId: '42' });
  send({ type: 'view.back' });
  // The tour and the review popup (children) between dashboard moves.
  h.actor.system.get('tour')?.send({ type: 'tour.start' });
  h.actor.system.get('tour')?.send({ type: 'tour.next' });
  h.actor.system.get('review')?.send({ type: 'review.open' });
  h.actor.system.get('review')?.send({ type: 'review.rate', rating: 4 });
  h.actor.system.get('review')?.send({ type: 'review.changeText', text: PASSWORD });
  send({ type: 'website.create' });
  send({ type: 'view.back' });
  send({ type: 'website.generate' });
  send({ type: 'view.back' });
  send({ type: 'template.use', templateId: 'bakery' });
  send({ type: 'view.back' });
  send({ type: 'website.edit', websiteId: '42', mode: 'preview' });
  send({ type: 'view.back' });
  // Sign out, and back in; then the session expires.
  h.session().send({ type: 'session.logout' });
  await h.calls.settle();
  send({ type: 'auth.login', email: EMAIL, password: PASSWORD });
  await h.calls.settle(aliceAuth);
  h.session().send({ type: 'session.expired' });
  await flush();
}

describe('session replay in the sandbox', () => {
  test('a scripted session replays through the real machine to the same state at every step', async () => {
    const { h, recorder, rootStates } = recordedHarness();
    await scriptedSession(h);
    expect(selectView(h.actor.getSnapshot())).toBe('auth');
    // Signing out and the expiry each end a session: three sessions, the later two starting mid-way.
    const sessions = drainSessions(recorder);
    expect(sessions.map((entries) => entries[0].event.type)).toEqual([
      'xstate.init',
      REPLAY_START,
      REPLAY_START,
    ]);
    const entries = sessions.flat();

    const replayedRoot = sessions.flatMap((session) => {
      const replay = replaySession(session);
      const diverged = replay.steps.filter((step) => step.replayed && !step.replayed.matches);
      expect(diverged.map((step) => [step.entry.seq, step.entry.event.type, step.entry.state])).toEqual([]);
      expect(replay.divergences).toBe(0);
      const rootSteps = rootStepsOf(session);
      const replayed = replay.steps.filter((step) => step.replayed !== null);
      expect(replayed).toHaveLength(rootSteps.length);
      for (const [index, step] of replayed.entries()) {
        expect(step.replayed?.state, `root step ${index}: ${step.entry.event.type}`).toEqual(
          rootSteps[index].state,
        );
      }
      return replayed;
    });
    // The sequence the live actor went through, every distinct state of it, is the replayed one.
    const live = rootStates.filter((state, i) => state !== rootStates[i - 1]);
    const replayed = replayedRoot
      .map((step) => JSON.stringify(step.replayed?.state))
      .filter((state, i, all) => state !== all[i - 1]);
    expect(replayed).toEqual(live);
    expect(live).toEqual(
      expect.arrayContaining([
        '{"auth":"registering"}',
        '{"generator":"generating"}',
        '"builder"',
        '"flowChoice"',
      ]),
    );
    // Children are recorded too (the tour stepped, the review was rated), and nothing typed was.
    expect(entries.some((e) => e.actor === 'tour' && e.context?.step === 1)).toBe(true);
    expect(
      entries.some((e) => e.actor === 'review' && e.event.type === 'review.rate' && e.event.rating === 4),
    ).toBe(true);
    const text = JSON.stringify(entries);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  test('the branch a call took is replayed from its recorded outcome (done vs error, status)', async () => {
    const { h, recorder } = recordedHarness();
    h.actor.send({ type: 'auth.register', email: EMAIL, password: PASSWORD, name: 'Carol' });
    await h.calls.settle(aliceAuth);
    h.actor.send({ type: 'business.submit', business: BUSINESS, next: 'generator' });
    await h.calls.settle({ ...BUSINESS, websiteId: null });
    h.actor.send({ type: 'generator.generate', business: BUSINESS });
    await h.calls.fail(new ApiError(0, 'Network error'));
    const entries = drain(recorder);
    const failed = entries.find((e) => e.event.type.startsWith('xstate.error.actor.'));
    expect(failed?.event).toEqual({
      type: expect.stringContaining('generating'),
      error: { name: 'ApiError', status: 0 },
    });
    const done = entries.find((e) => e.event.type === 'xstate.done.actor.0.app.auth.registering');
    expect(done?.event.output).toEqual({
      token: '[redacted]',
      user: {
        id: 'u1',
        email: '[redacted]',
        name: '[redacted]',
        role: 'user',
        plan: 0,
        status: 'trial',
        accountId: 'a1',
      },
    });
    const replay = replaySession(entries);
    expect(replay.divergences).toBe(0);
    const last = replay.snapshotAt(replay.steps.length - 1);
    expect(last?.value).toEqual({ generator: 'idle' });
    // The network failure's message is the one the screen showed: it comes from the status alone.
    expect(last?.context.generatorError).toBe('Network error. Please try again.');
  });

  test('a recording that starts mid-way (recording turned on at the dashboard) replays from there', async () => {
    const recorder = createReplayRecorder({ recording: false });
    const { h } = recordedHarness({ ...anonymousLoad, session: storedAlice }, recorder);
    h.actor.send({ type: 'website.create' });
    h.actor.send({ type: 'view.back' });
    recorder.setRecording(true);
    h.actor.send({ type: 'website.generate' });
    h.actor.send({ type: 'business.submit', business: BUSINESS, next: 'builder' });
    await h.calls.settle({ ...BUSINESS, websiteId: null });
    h.actor.send({ type: 'view.back' });
    const entries = drain(recorder);
    expect(entries[0]).toMatchObject({
      seq: 0,
      actor: 'app',
      event: { type: REPLAY_START },
      state: DASHBOARD,
    });
    expect(entries[0].event.children).toMatchObject({ session: 'authenticated', tour: 'hidden' });
    const replay = replaySession(entries);
    expect(replay.divergences).toBe(0);
    expect(replay.steps.at(-1)?.replayed?.state).toEqual(DASHBOARD);
  });

  test('the sandbox follows the recording even where it cannot reproduce a step (it notes it and carries on)', () => {
    const entries: ReplayEntry[] = [
      {
        seq: 0,
        at: 0,
        actor: 'app',
        source: null,
        event: { type: REPLAY_START },
        state: DASHBOARD,
        context: {},
      },
      // A step the machine cannot take from the dashboard (say, a newer app version's event).
      { seq: 1, at: 5, actor: 'app', source: null, event: { type: 'unknown.event' }, state: 'flowChoice' },
      { seq: 2, at: 9, actor: 'app', source: null, event: { type: 'flow.build' }, state: 'builder' },
    ];
    const replay = replaySession(entries);
    expect(replay.divergences).toBe(1);
    expect(replay.steps.map((step) => step.replayed?.matches)).toEqual([true, false, true]);
    expect(sameState(sanitiseStateValue(replay.snapshotAt(2)?.value), 'builder')).toBe(true);
  });

  test.each([
    ['the flow choice', 'flowChoice', {}, [['flow.build', 'builder']]],
    ['the builder of a saved site', 'builder', { builder: { websiteId: '7' } }, [['view.back', DASHBOARD]]],
    ['the generator', { generator: 'idle' }, {}, [['generator.generate', { generator: 'generating' }]]],
    [
      'a sign-in in flight',
      { auth: 'signingIn' },
      {},
      [['xstate.done.actor.0.app.auth.signingIn', DASHBOARD]],
    ],
    [
      'the first business setup',
      { businessSetup: 'editing' },
      { setupVariant: 'setup' },
      [
        ['business.submit', { businessSetup: 'submitting' }],
        ['xstate.done.actor.0.app.businessSetup.submitting', 'builder'],
      ],
    ],
    // The steering context decides: only the Generate Website variant has a way back.
    [
      'the Generate Website variant',
      { businessSetup: 'editing' },
      { setupVariant: 'generate' },
      [['view.back', DASHBOARD]],
    ],
  ] as const)('a session starting at %s replays from there', (_, state, context, steps) => {
    const entries: ReplayEntry[] = [
      { seq: 0, at: 0, actor: 'app', source: null, event: { type: REPLAY_START }, state, context },
      ...steps.map(
        ([type, next], i): ReplayEntry => ({
          seq: i + 1,
          at: i + 1,
          actor: 'app',
          source: null,
          event: type === 'business.submit' ? { type, next: 'builder' } : { type },
          state: next,
        }),
      ),
    ];
    const replay = replaySession(entries);
    expect(replay.steps.map((step) => step.replayed?.matches)).toEqual(entries.map(() => true));
  });
});
