import { setup } from 'xstate';
import { errorMessage } from '../services/ApiError.ts';
import type { AcceptedInvitation } from '../services/accountsApi.ts';
import { forgetPendingInvitation, readPendingInvitation } from '../services/invitationLink.ts';
import { notProvided } from './notProvided.ts';
import { showToast, tellSession } from './systemActions.ts';

export const INVITATION_FAILED = 'The invitation could not be accepted';

/**
 * Accepts the invitation link the app was opened with (systemId `invitation`, invoked with the
 * dashboard): once signed in, the token kept for this tab is sent once, then forgotten whatever the
 * answer. On success the joined account becomes the current one.
 */
export const invitationMachine = setup({
  actors: {
    /** POST /api/invitations/accept. */
    acceptInvitation: notProvided<AcceptedInvitation, { token: string }>('acceptInvitation'),
  },
  actions: {
    /** Drops the kept token. */
    forgetToken: () => forgetPendingInvitation(),
    /** Refetches the account list (provided by the app). */
    refreshAccounts: () => {},
    switchAccount: (args, params: { accountId: string }) =>
      tellSession(args, { type: 'session.accountSelected', accountId: params.accountId }),
    toastJoined: (args, params: { accountName: string }) =>
      showToast(args, { type: 'success', title: `You joined ${params.accountName}` }),
    toastFailed: (args, params: { error: unknown }) =>
      showToast(args, {
        type: 'error',
        title: INVITATION_FAILED,
        message: errorMessage(params.error, 'Please ask for a new invitation'),
      }),
  },
  guards: {
    hasToken: () => readPendingInvitation() !== null,
  },
}).createMachine({
  id: 'invitation',
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'accepting' }, { target: 'done' }],
    },
    accepting: {
      invoke: {
        src: 'acceptInvitation',
        input: () => ({ token: readPendingInvitation() ?? '' }),
        onDone: {
          target: 'done',
          actions: [
            'forgetToken',
            'refreshAccounts',
            { type: 'switchAccount', params: ({ event }) => ({ accountId: event.output.accountId }) },
            { type: 'toastJoined', params: ({ event }) => ({ accountName: event.output.accountName }) },
          ],
        },
        onError: {
          target: 'done',
          actions: ['forgetToken', { type: 'toastFailed', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    done: { type: 'final' },
  },
});
