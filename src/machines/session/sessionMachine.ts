import { assign, fromCallback, type SnapshotFrom, sendParent, setup } from 'xstate';
import type { User } from '../../contracts/auth.ts';
import {
  clearStoredSession,
  STORAGE_KEYS,
  type StoredSession,
  writeStoredSession,
} from '../../services/http/browserStorage.ts';
import type { ToastInput } from '../../services/http/toast.ts';
import { notProvided } from '../app/notProvided.ts';
import { showToast } from '../app/systemActions.ts';
import type { SessionEvent } from './sessionEvents.ts';

export type SessionEndReason = 'logout' | 'expired';

/**
 * What the session tells its parent (the app machine) when it ends; `userId`: whose session expired (their place
 * is kept for them), null after a logout.
 */
export type SessionEndedEvent = { type: 'session.ended'; reason: SessionEndReason; userId: string | null };

export type SessionInput = { stored: StoredSession | null };

/** The account a user was working in when their session expired. */
export type ExpiredPlace = { userId: string; accountId: string };

export type SessionContext = {
  token: string | null;
  user: User | null;
  accountId: string | null;
  /**
   * Kept from an expired session while signed out: signing in again as the same user goes back to the account
   * they had chosen (another user, or after a logout, starts in their own account).
   */
  expiredIn: ExpiredPlace | null;
};

const signedOut: SessionContext = { token: null, user: null, accountId: null, expiredIn: null };

/** The account a signing-in user starts in: the one their expired session was in, or their own. */
const accountOnLogin = (expiredIn: ExpiredPlace | null, user: User): string | null =>
  expiredIn && expiredIn.userId === user.id ? expiredIn.accountId : user.accountId;

/** Who is signed in (systemId `session`); token, user and current account live in localStorage. */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** POST /api/auth/logout. */
    logoutCall: notProvided<void, void>('logoutCall'),
    /** Listens for the `token` key being removed by another tab. */
    storageWatcher: fromCallback<SessionEvent>(({ sendBack }) => {
      const handleStorage = (event: StorageEvent) => {
        const cleared = event.key === null || (event.key === STORAGE_KEYS.token && event.newValue === null);
        if (cleared) sendBack({ type: 'session.remoteLogout' });
      };
      window.addEventListener('storage', handleStorage);
      return () => window.removeEventListener('storage', handleStorage);
    }),
  },
  actions: {
    persist: ({ context }) => {
      if (context.token && context.user) {
        writeStoredSession({ token: context.token, user: context.user, accountId: context.accountId });
      }
    },
    clearStorage: () => clearStoredSession(),
    /** Drops cached server data of the signed-out user (provided by the app). */
    clearCache: () => {},
    /** Refetches account-scoped server data after an account switch (provided by the app). */
    refreshAccountData: () => {},
    toast: (args, params: ToastInput) => showToast(args, params),
    notifyEnded: sendParent(
      ({ context }, params: { reason: SessionEndReason }): SessionEndedEvent => ({
        type: 'session.ended',
        reason: params.reason,
        userId: context.expiredIn?.userId ?? null,
      }),
    ),
    forget: assign(() => signedOut),
    /** Signs out, remembering which account this user was in for when they sign in again. */
    forgetKeepingAccount: assign(({ context: { user, accountId } }) => ({
      ...signedOut,
      expiredIn: user && accountId ? { userId: user.id, accountId } : null,
    })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...signedOut, ...input.stored }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasToken', target: 'authenticated' }, { target: 'anonymous' }],
    },
    anonymous: {
      on: {
        'session.login': {
          target: 'authenticated',
          actions: [
            assign(({ event, context }) => ({
              token: event.token,
              user: event.user,
              accountId: accountOnLogin(context.expiredIn, event.user),
              expiredIn: null,
            })),
            'persist',
          ],
        },
      },
    },
    authenticated: {
      invoke: { id: 'storageWatcher', src: 'storageWatcher' },
      on: {
        'session.logout': { target: 'loggingOut' },
        'session.expired': {
          target: 'anonymous',
          actions: [
            'forgetKeepingAccount',
            'clearStorage',
            'clearCache',
            {
              type: 'toast',
              params: { type: 'warning', title: 'Session expired', message: 'Please log in again' },
            },
            { type: 'notifyEnded', params: { reason: 'expired' } },
          ],
        },
        'session.remoteLogout': {
          target: 'anonymous',
          actions: [
            'forget',
            'clearStorage',
            'clearCache',
            { type: 'notifyEnded', params: { reason: 'logout' } },
          ],
        },
        'session.userUpdated': { actions: [assign(({ event }) => ({ user: event.user })), 'persist'] },
        'session.tokenRefreshed': { actions: [assign(({ event }) => ({ token: event.token })), 'persist'] },
        'session.accountSelected': {
          actions: [assign(({ event }) => ({ accountId: event.accountId })), 'persist', 'refreshAccountData'],
        },
      },
    },
    loggingOut: {
      tags: ['busy'],
      // Storage is cleared whatever the server answers: the user asked to leave.
      invoke: {
        src: 'logoutCall',
        onDone: {
          target: 'anonymous',
          actions: [
            'forget',
            'clearStorage',
            'clearCache',
            { type: 'notifyEnded', params: { reason: 'logout' } },
          ],
        },
        onError: {
          target: 'anonymous',
          actions: [
            'forget',
            'clearStorage',
            'clearCache',
            { type: 'notifyEnded', params: { reason: 'logout' } },
          ],
        },
      },
    },
  },
});

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectIsAuthenticated = (snapshot: SessionSnapshot | undefined): boolean =>
  snapshot?.matches('authenticated') ?? false;
export const selectUser = (snapshot: SessionSnapshot | undefined): User | null =>
  snapshot?.context.user ?? null;
export const selectToken = (snapshot: SessionSnapshot | undefined): string | null =>
  snapshot?.context.token ?? null;
export const selectAccountId = (snapshot: SessionSnapshot | undefined): string | null =>
  snapshot?.context.accountId ?? null;
export const selectIsAdmin = (snapshot: SessionSnapshot | undefined): boolean =>
  snapshot?.context.user?.role === 'admin';
