import { type Actor, createActor, fromCallback, type InspectionEvent } from 'xstate';
import type { SessionEvent } from '../../src/machines/session/sessionEvents.ts';
import { type SessionEndedEvent, sessionMachine } from '../../src/machines/session/sessionMachine.ts';
import type { StoredSession } from '../../src/services/http/browserStorage.ts';
import type { ToastInput } from '../../src/services/http/toast.ts';
import { FakeCalls } from './fakeActors.ts';

/** The real session machine, alone, with every effect recorded instead of performed. */
export function createSessionHarness(
  stored: StoredSession | null,
  inspect?: (event: InspectionEvent) => void,
) {
  const calls = new FakeCalls();
  const effects: string[] = [];
  const toasts: ToastInput[] = [];
  const ended: SessionEndedEvent[] = [];
  let storageWatchers = 0;
  let remoteLogout: (() => void) | undefined;

  const machine = sessionMachine.provide({
    actors: {
      logoutCall: calls.actor<void, void>('logoutCall'),
      storageWatcher: fromCallback<SessionEvent>(({ sendBack }) => {
        storageWatchers += 1;
        remoteLogout = () => sendBack({ type: 'session.remoteLogout' });
        return () => {
          storageWatchers -= 1;
          remoteLogout = undefined;
        };
      }),
    },
    actions: {
      persist: ({ context }) => {
        effects.push(`persist:${context.token}:${context.user?.name}:${context.accountId}`);
      },
      clearStorage: () => {
        effects.push('clearStorage');
      },
      clearCache: () => {
        effects.push('clearCache');
      },
      refreshAccountData: () => {
        effects.push('refreshAccountData');
      },
      toast: (_, params) => {
        toasts.push(params);
      },
      notifyEnded: ({ context }, params) => {
        ended.push({
          type: 'session.ended',
          reason: params.reason,
          userId: context.expiredIn?.userId ?? null,
        });
      },
    },
  });
  const actor: Actor<typeof machine> = createActor(machine, { input: { stored }, inspect });
  actor.start();
  return {
    actor,
    calls,
    effects,
    toasts,
    ended,
    watchers: () => storageWatchers,
    remoteLogout: () => {
      if (!remoteLogout) throw new Error('no storage watcher running');
      remoteLogout();
    },
  };
}

export type SessionHarness = ReturnType<typeof createSessionHarness>;
