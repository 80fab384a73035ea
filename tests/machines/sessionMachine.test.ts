import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../src/machines/session/sessionMachine.ts';
import { selectTourProgress, tourMachine } from '../../src/machines/tour/tourMachine.ts';
import { readStoredSession } from '../../src/services/http/browserStorage.ts';
import { alice, storedAlice } from './appHarness.ts';
import { flush } from './fakeActors.ts';

function startSession(logout: 'succeed' | 'fail' = 'succeed') {
  const machine = sessionMachine.provide({
    actors: {
      logoutCall: fromPromise(async () => {
        if (logout === 'fail') throw new Error('offline');
      }),
    },
    // Alone there is no parent to tell.
    actions: { notifyEnded: () => {} },
  });
  return createActor(machine, { input: { stored: readStoredSession() } }).start();
}

describe('sessionMachine with the real storage', () => {
  test('login keeps token, user and current account in localStorage', () => {
    const actor = startSession();

    actor.send({ type: 'session.login', token: 'token-1', user: alice });

    expect(localStorage.getItem('token')).toBe('token-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(alice);
    expect(localStorage.getItem('currentAccountId')).toBe('a1');
  });

  test('a stored session is restored as authenticated', () => {
    localStorage.setItem('token', storedAlice.token);
    localStorage.setItem('user', JSON.stringify(storedAlice.user));

    expect(startSession().getSnapshot().value).toBe('authenticated');
  });

  test('logout clears storage even when the server call fails', async () => {
    const actor = startSession('fail');
    actor.send({ type: 'session.login', token: 'token-1', user: alice });

    actor.send({ type: 'session.logout' });
    await flush();

    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('currentAccountId')).toBeNull();
  });

  test('another tab removing the token signs this tab out', () => {
    const actor = startSession();
    actor.send({ type: 'session.login', token: 'token-1', user: alice });

    window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'token-1', newValue: null }));

    expect(actor.getSnapshot().value).toBe('anonymous');
  });

  test('other storage changes leave the session alone', () => {
    const actor = startSession();
    actor.send({ type: 'session.login', token: 'token-1', user: alice });

    window.dispatchEvent(new StorageEvent('storage', { key: 'hasSeenWalkthrough', newValue: 'true' }));

    expect(actor.getSnapshot().value).toBe('authenticated');
  });

  test('choosing an account stores it as currentAccountId', () => {
    const actor = startSession();
    actor.send({ type: 'session.login', token: 'token-1', user: alice });

    actor.send({ type: 'session.accountSelected', accountId: 'a2' });

    expect(localStorage.getItem('currentAccountId')).toBe('a2');
  });

  test('signing in again after an expiry returns to the account chosen before it, for that user only', () => {
    const actor = startSession();
    actor.send({ type: 'session.login', token: 'token-1', user: alice });
    actor.send({ type: 'session.accountSelected', accountId: 'a2' });
    actor.send({ type: 'session.expired' });
    expect(localStorage.getItem('currentAccountId')).toBeNull();

    actor.send({ type: 'session.login', token: 'token-2', user: alice });
    expect([actor.getSnapshot().context.accountId, localStorage.getItem('currentAccountId')]).toEqual([
      'a2',
      'a2',
    ]);

    // Another user after the next expiry: their own account.
    actor.send({ type: 'session.expired' });
    actor.send({ type: 'session.login', token: 'token-3', user: { ...alice, id: 'u9', accountId: 'a9' } });
    expect(localStorage.getItem('currentAccountId')).toBe('a9');
  });

  test.each([
    ['a logout', (actor: ReturnType<typeof startSession>) => actor.send({ type: 'session.logout' })],
    [
      'a logout in another tab',
      () =>
        window.dispatchEvent(
          new StorageEvent('storage', { key: 'token', oldValue: 'token-1', newValue: null }),
        ),
    ],
  ])(
    '%s forgets the walkthrough’s kept step: the next user of the tab starts it at step 1',
    async (_, signOut) => {
      const actor = startSession();
      actor.send({ type: 'session.login', token: 'token-1', user: alice });
      const tour = createActor(tourMachine).start();
      tour.send({ type: 'tour.next' });
      tour.send({ type: 'tour.next' });
      expect(selectTourProgress(tour.getSnapshot())).toBe('3 of 6');
      expect(sessionStorage.getItem('walkthroughStep')).toBe('2');
      tour.stop();

      signOut(actor);
      await flush();

      expect(actor.getSnapshot().value).toBe('anonymous');
      expect(sessionStorage.getItem('walkthroughStep')).toBeNull();
      actor.send({
        type: 'session.login',
        token: 'token-2',
        user: { ...alice, id: 'u9', email: 'cleo@example.com' },
      });
      expect(selectTourProgress(createActor(tourMachine).start().getSnapshot())).toBe('1 of 6');
    },
  );

  test('after a logout the same user starts in their own account again', async () => {
    const actor = startSession();
    actor.send({ type: 'session.login', token: 'token-1', user: alice });
    actor.send({ type: 'session.accountSelected', accountId: 'a2' });
    actor.send({ type: 'session.logout' });
    await flush();

    actor.send({ type: 'session.login', token: 'token-2', user: alice });
    expect(localStorage.getItem('currentAccountId')).toBe('a1');
  });
});
