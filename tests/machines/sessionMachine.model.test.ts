import { expect, test } from 'vitest';

import { createTestModel } from 'xstate/graph';
import { sessionMachine } from '../../src/machines/session/sessionMachine.ts';
import { alice, storedAlice } from './appHarness.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { sessionModel } from './models/session.model.ts';
import { createSessionHarness, type SessionHarness } from './sessionHarness.ts';

const coverage = trackCoverage(sessionMachine);
/** Another user of the same browser. */
const bob = { ...alice, id: 'u9', name: 'bob', email: 'bob@example.com', accountId: 'a9' };

const model = createTestModel(sessionModel, { serializeTransition: serializeEveryTransition });
const paths = model.getShortestPaths();

for (const path of paths) {
  test(`session: ${path.description}`, async () => {
    let h!: SessionHarness;
    // Facts each step establishes, checked by the state assertions that follow it.
    let expectedToken = 'token-1';
    let expectedName = 'alice';
    let expectedAccount: string | null = 'a1';
    let lastEvent = '';

    await path.test({
      events: {
        'load.stored': () => {
          h = createSessionHarness(storedAlice, coverage.inspect);
        },
        'load.empty': () => {
          h = createSessionHarness(null, coverage.inspect);
        },
        'session.login': () => {
          // Alice again after her session expired: the account she was in; otherwise her own.
          expectedAccount = lastEvent === 'expired' ? expectedAccount : 'a1';
          expectedToken = 'token-1';
          expectedName = 'alice';
          h.actor.send({ type: 'session.login', token: 'token-1', user: alice });
          expect(h.effects.at(-1)).toBe(`persist:token-1:alice:${expectedAccount}`);
        },
        'session.loginOther': () => {
          expectedAccount = 'a9';
          expectedToken = 'token-9';
          expectedName = 'bob';
          h.actor.send({ type: 'session.login', token: 'token-9', user: bob });
          expect(h.effects.at(-1)).toBe('persist:token-9:bob:a9');
        },
        'session.logout': () => h.actor.send({ type: 'session.logout' }),
        'session.expired': () => {
          lastEvent = 'expired';
          h.actor.send({ type: 'session.expired' });
        },
        'session.remoteLogout': () => {
          lastEvent = 'remote';
          h.remoteLogout();
        },
        'session.userUpdated': () => {
          expectedName = 'Alice A.';
          h.actor.send({ type: 'session.userUpdated', user: { ...alice, name: 'Alice A.' } });
        },
        'session.tokenRefreshed': () => {
          expectedToken = 'token-2';
          h.actor.send({ type: 'session.tokenRefreshed', token: 'token-2' });
        },
        'session.accountSelected': () => {
          expectedAccount = 'a2';
          h.actor.send({ type: 'session.accountSelected', accountId: 'a2' });
          expect(h.effects.at(-1)).toBe('refreshAccountData');
        },
        'call.succeed': async () => {
          lastEvent = 'logout';
          expect(await h.calls.settle()).toBe('logoutCall');
        },
        'call.fail': async () => {
          lastEvent = 'logout';
          expect(await h.calls.fail()).toBe('logoutCall');
        },
      },
      states: {
        expired: () => {
          const snapshot = h.actor.getSnapshot();
          expect(snapshot.value).toBe('anonymous');
          expect(snapshot.context).toEqual({
            token: null,
            user: null,
            accountId: null,
            expiredIn: { userId: alice.id, accountId: expectedAccount },
          });
          expect(h.watchers()).toBe(0);
          expect(h.effects.slice(-2)).toEqual(['clearStorage', 'clearCache']);
          expect(h.ended.at(-1)).toEqual({ type: 'session.ended', reason: 'expired', userId: alice.id });
          expect(h.toasts.at(-1)).toEqual({
            type: 'warning',
            title: 'Session expired',
            message: 'Please log in again',
          });
        },
        anonymous: () => {
          const snapshot = h.actor.getSnapshot();
          expect(snapshot.value).toBe('anonymous');
          expect(snapshot.context).toEqual({ token: null, user: null, accountId: null, expiredIn: null });
          expect(h.watchers()).toBe(0);
          if (lastEvent === '') return; // never signed in: nothing to clear or announce
          expect(h.effects.slice(-2)).toEqual(['clearStorage', 'clearCache']);
          // A logout, here or in another tab (an expiry is the model's `expired`): nothing is remembered.
          expect(h.ended.at(-1)).toEqual({ type: 'session.ended', reason: 'logout', userId: null });
          expect(h.toasts).toEqual([]);
        },
        authenticated: () => {
          const snapshot = h.actor.getSnapshot();
          expect(snapshot.value).toBe('authenticated');
          expect(snapshot.context.token).toBe(expectedToken);
          expect(snapshot.context.user?.name).toBe(expectedName);
          expect(snapshot.context.accountId).toBe(expectedAccount);
          expect(h.watchers()).toBe(1);
          if (h.effects.length > 0 && h.effects.at(-1) !== 'refreshAccountData') {
            expect(h.effects.at(-1)).toBe(`persist:${expectedToken}:${expectedName}:${expectedAccount}`);
          }
        },
        loggingOut: () => {
          expect(h.actor.getSnapshot().value).toBe('loggingOut');
          expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(h.calls.only()).toBe('logoutCall');
        },
      },
    });
  });
}

test('the generated session paths cover every state and transition of the model', () => {
  const { edges, states } = walked(paths, 'loading');
  expect([...declaredStates(sessionModel)].filter((s) => s !== 'sessionModel' && !states.has(s))).toEqual([]);
  expect([...declaredTransitions(sessionModel)].filter((e) => !edges.has(e))).toEqual([]);
});

testRealCoverage(coverage, 'sessionMachine');
