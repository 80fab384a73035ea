import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { Http } from '../../services/http/http.ts';
import { queryKeys } from '../../services/http/queryKeys.ts';
import {
  type ChangePasswordInput,
  changePassword,
  type ProfileInput,
  updateProfile,
} from '../../services/session/userApi.ts';
import { passwordFormMachine } from './passwordFormMachine.ts';
import { profileFormMachine } from './profileFormMachine.ts';

/** User Settings' form with its call: the saved user replaces the cached one. */
export function createLiveProfileForm(http: Http, queryClient: QueryClient) {
  return profileFormMachine.provide({
    actors: {
      updateProfile: fromPromise(async ({ input }: { input: ProfileInput }) => {
        const user = await updateProfile(http, input);
        queryClient.setQueryData(queryKeys.me, user);
        return user;
      }),
    },
  });
}

/** Password Change's form with its call. */
export function createLivePasswordForm(http: Http) {
  return passwordFormMachine.provide({
    actors: {
      changePassword: fromPromise(({ input }: { input: ChangePasswordInput }) => changePassword(http, input)),
    },
  });
}
