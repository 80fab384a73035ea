import { createMachine } from 'xstate';

// Effect-free model of the session (spec §4): anonymous ↔ authenticated, logout through the server. An expired
// session is signed out too, but remembers the account its user was in: the same user signing in goes back to it,
// another user starts in their own.
export const sessionModel = createMachine({
  id: 'sessionModel',
  initial: 'loading',
  states: {
    loading: { on: { 'load.stored': 'authenticated', 'load.empty': 'anonymous' } },
    anonymous: { on: { 'session.login': 'authenticated' } },
    expired: { on: { 'session.login': 'authenticated', 'session.loginOther': 'authenticated' } },
    authenticated: {
      on: {
        'session.logout': 'loggingOut',
        'session.expired': 'expired',
        'session.remoteLogout': 'anonymous',
        'session.userUpdated': 'authenticated',
        'session.tokenRefreshed': 'authenticated',
        'session.accountSelected': 'authenticated',
      },
    },
    loggingOut: { on: { 'call.succeed': 'anonymous', 'call.fail': 'anonymous' } },
  },
});
