import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { BusinessSetupInput, ReviewInput } from '../services/apiTypes.ts';
import { type LoginInput, login, logout, type RegisterInput, register } from '../services/authApi.ts';
import { setupBusiness } from '../services/businessApi.ts';
import type { Http } from '../services/http.ts';
import { facebookAdsCallback, googleAdsCallback } from '../services/oauthApi.ts';
import { queryKeys } from '../services/queryKeys.ts';
import { submitReview } from '../services/reviewApi.ts';
import {
  type ChangePasswordInput,
  changePassword,
  type ProfileInput,
  updateProfile,
} from '../services/userApi.ts';
import { appMachine } from './appMachine.ts';
import { passwordFormMachine } from './passwordFormMachine.ts';
import { profileFormMachine } from './profileFormMachine.ts';
import { reviewMachine } from './reviewMachine.ts';
import { sessionMachine } from './sessionMachine.ts';

/**
 * The app machine with its real effects: every call goes through `http`, and each write
 * refreshes the cached queries it touches.
 */
export function createLiveAppMachine(http: Http, queryClient: QueryClient) {
  return appMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: { logoutCall: fromPromise(() => logout(http)) },
        actions: {
          // The next user must never see the previous user's data.
          clearCache: () => queryClient.clear(),
          refreshAccountData: () => {
            void queryClient.invalidateQueries();
          },
        },
      }),
      review: reviewMachine.provide({
        actors: {
          submitReview: fromPromise(({ input }: { input: ReviewInput }) => submitReview(http, input)),
        },
      }),
      profileForm: profileFormMachine.provide({
        actors: {
          updateProfile: fromPromise(async ({ input }: { input: ProfileInput }) => {
            const user = await updateProfile(http, input);
            queryClient.setQueryData(queryKeys.me, user);
            return user;
          }),
        },
      }),
      passwordForm: passwordFormMachine.provide({
        actors: {
          changePassword: fromPromise(({ input }: { input: ChangePasswordInput }) =>
            changePassword(http, input),
          ),
        },
      }),
      login: fromPromise(({ input }: { input: LoginInput }) => login(http, input)),
      register: fromPromise(({ input }: { input: RegisterInput }) => register(http, input)),
      setupBusiness: fromPromise(async ({ input }: { input: BusinessSetupInput }) => {
        const profile = await setupBusiness(http, input);
        queryClient.setQueryData(queryKeys.businessProfile, profile);
        return profile;
      }),
      googleAdsCallback: fromPromise(({ input }: { input: { code: string } }) =>
        googleAdsCallback(http, input.code),
      ),
      facebookAdsCallback: fromPromise(({ input }: { input: { code: string } }) =>
        facebookAdsCallback(http, input.code),
      ),
    },
  });
}
