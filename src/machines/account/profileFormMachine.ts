import { assign, type SnapshotFrom, setup } from 'xstate';
import type { User } from '../../contracts/auth.ts';
import { ApiError } from '../../services/http/ApiError.ts';
import type { ProfileInput } from '../../services/session/userApi.ts';
import { notProvided } from '../app/notProvided.ts';
import { showToast, tellSession } from '../app/systemActions.ts';

/** What the person has typed in the Profile form and not saved yet. */
export type ProfileDraft = { name: string; email: string };

export type ProfileFormEvent =
  | ({ type: 'profile.submit' } & ProfileInput)
  | ({ type: 'profile.edit' } & ProfileDraft)
  /** A save the form's own checks stopped (a field to fix): the server's last refusal no longer applies. */
  | { type: 'profile.stopped' };

export type ProfileFormContext = {
  /** The server's reason for refusing the last save (400/403, e.g. a wrong current password), shown by the form. */
  refusal: string | null;
  /**
   * The name and email as typed, kept here (not in the form) so that a failed save does not throw them away
   * (a move to another place asks first, and a reload brings them back: views/account/useProfileDraft.ts);
   * null once saved. The current password is never kept.
   */
  draft: ProfileDraft | null;
};

type ProfileSubmit = Extract<ProfileFormEvent, { type: 'profile.submit' }>;

/** A 400, 403 or 409 says what the person can fix (the password, a field, an email in use); other failures only toast. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 400 || error.status === 403 || error.status === 409);

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
  guards: {
    refused: ({ event }) => isRefusal((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'profileForm',
  context: { refusal: null, draft: null },
  initial: 'idle',
  on: {
    'profile.submit': { target: '.saving' },
    'profile.edit': {
      actions: assign({ draft: ({ event }) => ({ name: event.name, email: event.email }) }),
    },
    'profile.stopped': { actions: assign({ refusal: null }) },
  },
  states: {
    idle: {},
    saving: {
      tags: ['busy'],
      entry: assign({ refusal: null }),
      on: { 'profile.submit': {} },
      invoke: {
        src: 'updateProfile',
        // The current password travels only when the form asked for it (the email changes).
        // Only profile.submit enters this state.
        input: ({ event }) => {
          const submit = event as ProfileSubmit;
          return {
            name: submit.name,
            email: submit.email,
            ...(submit.currentPassword === undefined ? {} : { currentPassword: submit.currentPassword }),
          };
        },
        onDone: {
          target: 'saved',
          actions: [
            assign({ draft: null }),
            { type: 'updateSession', params: ({ event }) => ({ user: event.output }) },
            'toastSaved',
          ],
        },
        onError: [
          {
            guard: 'refused',
            target: 'failed',
            actions: [assign({ refusal: ({ event }) => (event.error as ApiError).message }), 'toastFailed'],
          },
          { target: 'failed', actions: 'toastFailed' },
        ],
      },
    },
    saved: {},
    failed: {},
  },
});

type ProfileFormSnapshot = SnapshotFrom<typeof profileFormMachine>;

export const selectProfileSaving = (snapshot: ProfileFormSnapshot): boolean => snapshot.hasTag('busy');
export const selectProfileSaved = (snapshot: ProfileFormSnapshot): boolean => snapshot.matches('saved');
/** What the server said when it refused the last save, or null. */
/** The name and email typed and not saved yet, or null. */
export const selectProfileDraft = (snapshot: ProfileFormSnapshot): ProfileDraft | null =>
  snapshot.context.draft;
export const selectProfileRefusal = (snapshot: ProfileFormSnapshot): string | null =>
  snapshot.context.refusal;
