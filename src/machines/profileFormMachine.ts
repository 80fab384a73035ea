import { type SnapshotFrom, setup } from 'xstate';
import type { User } from '../services/apiTypes.ts';
import type { ProfileInput } from '../services/userApi.ts';
import { notProvided } from './notProvided.ts';
import { showToast, tellSession } from './systemActions.ts';

export type ProfileFormEvent = { type: 'profile.submit' } & ProfileInput;

export type ProfileFormContext = Record<string, never>;

/** Saves the User Settings profile (systemId `profileForm`) and hands the result to the session. */
export const profileFormMachine = setup({
  types: { context: {} as ProfileFormContext, events: {} as ProfileFormEvent },
  actors: {
    /** PUT /api/user/profile. */
    updateProfile: notProvided<User, ProfileInput>('updateProfile'),
  },
  actions: {
    updateSession: (args, params: { user: User }) =>
      tellSession(args, { type: 'session.userUpdated', user: params.user }),
    toastSaved: (args) => showToast(args, { type: 'success', title: 'Profile updated successfully' }),
    toastFailed: (args) => showToast(args, { type: 'error', title: 'Failed to update profile' }),
  },
}).createMachine({
  id: 'profileForm',
  context: {},
  initial: 'idle',
  on: { 'profile.submit': { target: '.saving' } },
  states: {
    idle: {},
    saving: {
      tags: ['busy'],
      on: { 'profile.submit': {} },
      invoke: {
        src: 'updateProfile',
        input: ({ event }) => ({ name: event.name, email: event.email }),
        onDone: {
          target: 'saved',
          actions: [{ type: 'updateSession', params: ({ event }) => ({ user: event.output }) }, 'toastSaved'],
        },
        onError: { target: 'failed', actions: 'toastFailed' },
      },
    },
    saved: {},
    failed: {},
  },
});

type ProfileFormSnapshot = SnapshotFrom<typeof profileFormMachine>;

export const selectProfileSaving = (snapshot: ProfileFormSnapshot): boolean => snapshot.hasTag('busy');
export const selectProfileSaved = (snapshot: ProfileFormSnapshot): boolean => snapshot.matches('saved');
