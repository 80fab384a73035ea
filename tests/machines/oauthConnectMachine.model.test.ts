import { expect, test, vi } from 'vitest';
import { type Actor, createActor, fromCallback, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  oauthConnectMachine,
  POPUP_BLOCKED,
  selectOAuthBusy,
  selectOAuthError,
} from '../../src/machines/planner/oauthConnectMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { FakeCalls } from './fakeActors.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { connectModel } from './models/oauthConnect.model.ts';

const coverage = trackCoverage(oauthConnectMachine);

const model = createTestModel(connectModel, { serializeTransition: serializeEveryTransition });
const paths = model.getShortestPaths();

for (const path of paths) {
  test(`oauth connect: ${path.description}`, async () => {
    const calls = new FakeCalls();
    const opened: string[] = [];
    const effects: string[] = [];
    let popupOpen = false;
    const actor: Actor<typeof oauthConnectMachine> = createActor(
      oauthConnectMachine.provide({
        actors: {
          popup: fromCallback(({ input }: { input: { url: string } }) => {
            opened.push(input.url);
            popupOpen = true;
            return () => {
              popupOpen = false;
            };
          }),
          exchangeGoogle: calls.actor('exchangeGoogle'),
        },
        actions: {
          leaveForProvider: (_, params: { url: string }) => effects.push(`leave ${params.url}`),
          markFacebookPending: () => effects.push('redirectToFacebookCampaigns'),
          markGoogleConnected: () => effects.push('googleAuthSuccess'),
          refresh: () => effects.push('refresh'),
        },
      }),
      { inspect: coverage.inspect },
    ).start();

    await path.test({
      events: {
        'connect.google': () =>
          actor.send({ type: 'oauth.connect', provider: 'google', authorizeUrl: 'https://g.example/auth' }),
        'connect.facebook': () =>
          actor.send({
            type: 'oauth.connect',
            provider: 'facebook',
            authorizeUrl: 'https://fb.example/dialog',
          }),
        'popup.code': () => actor.send({ type: 'oauth.code', code: 'the-code', state: 'the-state' }),
        'popup.error': () => actor.send({ type: 'oauth.error', error: 'access_denied' }),
        'popup.closed': () => actor.send({ type: 'oauth.cancel' }),
        'call.succeed': async () => {
          expect(await calls.settle()).toBe('exchangeGoogle');
        },
        'call.fail': async () => {
          expect(
            await calls.fail(new ApiError(400, 'Google Ads did not accept the authorization code')),
          ).toBe('exchangeGoogle');
        },
      },
      states: {
        idle: () => {
          expect(actor.getSnapshot().matches('idle')).toBe(true);
          expect(popupOpen).toBe(false);
          expect(selectOAuthError(actor.getSnapshot())).toBeNull();
        },
        awaiting: () => {
          expect(selectOAuthBusy(actor.getSnapshot())).toBe(true);
          expect(popupOpen).toBe(true);
          expect(opened.at(-1)).toBe('https://g.example/auth');
        },
        exchanging: () => {
          expect(selectOAuthBusy(actor.getSnapshot())).toBe(true);
          expect(popupOpen).toBe(false);
          expect(calls.calls.at(-1)).toEqual({
            name: 'exchangeGoogle',
            input: { code: 'the-code', state: 'the-state' },
          });
        },
        connected: () => {
          expect(actor.getSnapshot().matches('idle')).toBe(true);
          expect(effects.slice(-2)).toEqual(['googleAuthSuccess', 'refresh']);
        },
        failed: () => {
          expect(actor.getSnapshot().matches('idle')).toBe(true);
          expect(selectOAuthError(actor.getSnapshot())).toMatch(/access_denied|did not accept/);
          expect(effects).not.toContain('googleAuthSuccess');
        },
        redirecting: () => {
          expect(selectOAuthBusy(actor.getSnapshot())).toBe(true);
          expect(effects.slice(-2)).toEqual([
            'redirectToFacebookCampaigns',
            'leave https://fb.example/dialog',
          ]);
        },
      },
    });
  });
}

test('the generated connect paths cover every state and transition of the model', () => {
  const { edges, states } = walked(paths, 'idle');
  expect([...declaredStates(connectModel)].filter((s) => s !== 'connectModel' && !states.has(s))).toEqual([]);
  expect([...declaredTransitions(connectModel)].filter((e) => !edges.has(e))).toEqual([]);
});

test('a blocked popup (window.open gives null) returns to idle and says how to fix it', () => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  try {
    const actor = createActor(oauthConnectMachine).start();
    actor.send({ type: 'oauth.connect', provider: 'google', authorizeUrl: 'https://g.example/auth' });
    expect(open).toHaveBeenCalledWith('https://g.example/auth', 'oauth', expect.any(String));
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(selectOAuthError(actor.getSnapshot())).toBe(POPUP_BLOCKED);
  } finally {
    open.mockRestore();
  }
});

test('a popup that closes as it posts its code still connects: its message may arrive after the window reads closed', async () => {
  vi.useFakeTimers();
  // The callback page posts, then closes itself: the opener can see `closed` before it handles the message.
  const open = vi.spyOn(window, 'open').mockReturnValue({ closed: true } as Window);
  try {
    const exchanged: string[] = [];
    const actor = createActor(
      oauthConnectMachine.provide({
        actors: {
          exchangeGoogle: fromPromise(async ({ input }: { input: { code: string; state: string } }) => {
            exchanged.push(input.code);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'oauth.connect', provider: 'google', authorizeUrl: 'https://g.example/auth' });
    await vi.advanceTimersByTimeAsync(550);
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { type: 'OAUTH_SUCCESS', code: 'late-code', state: 's' },
      }),
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(exchanged).toEqual(['late-code']);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(selectOAuthError(actor.getSnapshot())).toBe(null);
  } finally {
    open.mockRestore();
    vi.useRealTimers();
  }
});

test('a popup closed without a message returns to idle, with nothing to say', async () => {
  vi.useFakeTimers();
  const open = vi.spyOn(window, 'open').mockReturnValue({ closed: true } as Window);
  try {
    const actor = createActor(oauthConnectMachine).start();
    actor.send({ type: 'oauth.connect', provider: 'google', authorizeUrl: 'https://g.example/auth' });
    expect(selectOAuthBusy(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(selectOAuthBusy(actor.getSnapshot())).toBe(false);
    expect(selectOAuthError(actor.getSnapshot())).toBe(null);
  } finally {
    open.mockRestore();
    vi.useRealTimers();
  }
});

testRealCoverage(coverage, 'oauthConnectMachine');
