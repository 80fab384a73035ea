import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { appMachine, selectView } from '../../src/machines/app/appMachine.ts';
import { detectOAuthCallback } from '../../src/machines/planner/oauthOnLoad.ts';
import { storedAlice } from './appHarness.ts';
import { FakeCalls } from './fakeActors.ts';

describe('detectOAuthCallback', () => {
  test('a code with a state parameter on a google path is a Google ads callback', () => {
    expect(
      detectOAuthCallback({ pathname: '/campaigns/Google', search: '?code=abc&state=xyz' }, false),
    ).toEqual({
      provider: 'google',
      code: 'abc',
      state: 'xyz',
    });
  });

  test('a code without state, or off a google path, is a Facebook ads callback', () => {
    expect(detectOAuthCallback({ pathname: '/google', search: '?code=abc' }, false)?.provider).toBe(
      'facebook',
    );
    expect(detectOAuthCallback({ pathname: '/', search: '?code=abc&state=xyz' }, false)?.provider).toBe(
      'facebook',
    );
  });

  test('nothing to do without a code, or once processed in this browser session', () => {
    expect(detectOAuthCallback({ pathname: '/google', search: '?state=xyz' }, false)).toBeNull();
    expect(detectOAuthCallback({ pathname: '/', search: '?code=abc' }, true)).toBeNull();
  });
});

describe('OAuth on load, with the real storage and URL actions', () => {
  function load(search: string, outcome: 'succeed' | 'fail') {
    window.history.replaceState(null, '', `/${search}`);
    const calls = new FakeCalls();
    const actor = createActor(
      appMachine.provide({
        actors: {
          googleAdsCallback: calls.actor('googleAdsCallback'),
          facebookAdsCallback: calls.actor('facebookAdsCallback'),
        },
      }),
      {
        input: {
          session: storedAlice,
          location: { pathname: window.location.pathname, search },
          oauthProcessed: false,
        },
      },
    ).start();
    const finish = () => (outcome === 'succeed' ? calls.settle() : calls.fail());
    return { actor, calls, finish };
  }

  test('Facebook: marks the code processed, connects, stores facebookAuthSuccess and cleans the URL', async () => {
    const { actor, finish } = load('?code=f1', 'succeed');
    expect(sessionStorage.getItem('oauthProcessed')).toBe('true');
    expect(actor.getSnapshot().value).toEqual({ oauth: 'facebook' });

    await finish();

    expect(selectView(actor.getSnapshot())).toBe('dashboard');
    expect(localStorage.getItem('facebookAuthSuccess')).toBe('true');
    expect(window.location.search).toBe('');
    actor.stop();
  });

  test('Facebook failure still lands on the dashboard, without the success flag', async () => {
    const { actor, finish } = load('?code=f1', 'fail');

    await finish();

    expect(selectView(actor.getSnapshot())).toBe('dashboard');
    expect(localStorage.getItem('facebookAuthSuccess')).toBeNull();
    actor.stop();
  });

  test('Google (state parameter, google path): stores googleAuthSuccess', async () => {
    window.history.replaceState(null, '', '/google-ads');
    const calls = new FakeCalls();
    const actor = createActor(
      appMachine.provide({ actors: { googleAdsCallback: calls.actor('googleAdsCallback') } }),
      {
        input: {
          session: storedAlice,
          location: { pathname: '/google-ads', search: '?code=g1&state=s' },
          oauthProcessed: false,
        },
      },
    ).start();

    expect(calls.calls).toEqual([{ name: 'googleAdsCallback', input: { code: 'g1', state: 's' } }]);
    await calls.settle();

    expect(selectView(actor.getSnapshot())).toBe('dashboard');
    expect(localStorage.getItem('googleAuthSuccess')).toBe('true');
    actor.stop();
  });

  test('an anonymous visitor with a code goes to sign in at /login and nothing is processed', () => {
    window.history.replaceState(null, '', '/?code=f1');
    const actor = createActor(appMachine, {
      input: { session: null, location: { pathname: '/', search: '?code=f1' }, oauthProcessed: false },
    }).start();

    expect(actor.getSnapshot().value).toEqual({ auth: 'idle' });
    expect(window.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('oauthProcessed')).toBeNull();
    actor.stop();
  });
});
