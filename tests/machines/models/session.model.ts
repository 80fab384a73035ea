import { createMachine } from 'xstate';

// Effect-free model of the session (spec §4): anonymous ↔ authenticated, logout through the server.
export const sessionModel = createMachine({
  id: 'sessionModel',
  initial: 'loading',
  states: {
    loading: { on: { 'load.stored': 'authenticated', 'load.empty': 'anonymous' } },
    anonymous: { on: { 'session.login': 'authenticated' } },
    authenticated: {
      on: {
        'session.logout': 'loggingOut',
        'session.expired': 'anonymous',
        'session.remoteLogout': 'anonymous',
        'session.userUpdated': 'authenticated',
        'session.tokenRefreshed': 'authenticated',
        'session.accountSelected': 'authenticated',
      },
    },
    loggingOut: { on: { 'call.succeed': 'anonymous', 'call.fail': 'anonymous' } },
  },
});
