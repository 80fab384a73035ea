import { type SnapshotFrom, setup } from 'xstate';
import { isUnchangedPassword } from '../../contracts/passwordChange.ts';
import type { ChangePasswordInput, ChangePasswordResult } from '../../services/session/userApi.ts';
import { notProvided } from '../app/notProvided.ts';
import { showToast, tellSession } from '../app/systemActions.ts';

export type PasswordFormEvent = { type: 'password.submit' } & ChangePasswordInput;

export type PasswordFormContext = Record<string, never>;

/**
 * Changes the password (systemId `passwordForm`). The server revokes older tokens and returns a
 * new one, which goes to the session at once, or the next call would end the session. A new password
 * equal to the current one is refused here (`sameAsCurrent`) and never sent: the server would refuse it.
 */
export const passwordFormMachine = setup({
  types: { context: {} as PasswordFormContext, events: {} as PasswordFormEvent },
  actors: {
    /** POST /api/user/change-password. */
    changePassword: notProvided<ChangePasswordResult, ChangePasswordInput>('changePassword'),
  },
  actions: {
    keepToken: (args, params: { token: string }) =>
      tellSession(args, { type: 'session.tokenRefreshed', token: params.token }),
    toastChanged: (args) => showToast(args, { type: 'success', title: 'Password changed successfully' }),
    toastFailed: (args) =>
      showToast(args, {
        type: 'error',
        title: 'Failed to change password. Please check your current password.',
      }),
  },
  guards: {
    unchanged: ({ event }) => isUnchangedPassword(event.currentPassword, event.newPassword),
  },
}).createMachine({
  id: 'passwordForm',
  context: {},
  initial: 'idle',
  on: {
    'password.submit': [{ guard: 'unchanged', target: '.sameAsCurrent' }, { target: '.saving' }],
  },
  states: {
    idle: {},
    // The form shows why beside the new password; nothing was sent.
    sameAsCurrent: {},
    saving: {
      tags: ['busy'],
      on: { 'password.submit': {} },
      invoke: {
        src: 'changePassword',
        input: ({ event }) => ({ currentPassword: event.currentPassword, newPassword: event.newPassword }),
        onDone: {
          target: 'changed',
          actions: [
            { type: 'keepToken', params: ({ event }) => ({ token: event.output.token }) },
            'toastChanged',
          ],
        },
        onError: { target: 'failed', actions: 'toastFailed' },
      },
    },
    changed: {},
    failed: {},
  },
});

type PasswordFormSnapshot = SnapshotFrom<typeof passwordFormMachine>;

export const selectPasswordSaving = (snapshot: PasswordFormSnapshot): boolean => snapshot.hasTag('busy');
export const selectPasswordChanged = (snapshot: PasswordFormSnapshot): boolean => snapshot.matches('changed');
