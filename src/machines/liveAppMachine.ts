import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { CollabRemote } from '../canvas/collab.ts';
import type { ReviewInput } from '../contracts/review.ts';
import { type LoginInput, login, logout, type RegisterInput, register } from '../services/authApi.ts';
import { STORAGE_KEYS } from '../services/browserStorage.ts';
import { setupBusiness } from '../services/businessApi.ts';
import type { Http } from '../services/http.ts';
import { facebookAdsCallback, googleAdsCallback } from '../services/oauthApi.ts';
import { publishWebsite, unpublishWebsite } from '../services/publishApi.ts';
import { queryKeys } from '../services/queryKeys.ts';
import { submitReview } from '../services/reviewApi.ts';
import {
  type ChangePasswordInput,
  changePassword,
  type ProfileInput,
  updateProfile,
} from '../services/userApi.ts';
import { generateWebsite, saveWebsite, uploadImage } from '../services/websiteApi.ts';
import { appMachine, type GenerateInput, type SetupInput, type SetupResult } from './appMachine.ts';
import { createLiveBuilderMachine } from './liveBuilderMachine.ts';
import { createLiveBusinessDetailsMachine } from './liveBusinessDetailsMachine.ts';
import { createLiveCrmMachine } from './liveCrmMachine.ts';
import { createVerifyDomain } from './liveDomainActors.ts';
import { createLiveOAuthConnectMachine, createLivePlannerMachine } from './livePlannerMachines.ts';
import { createLiveReplaySettingsMachine } from './liveReplaySettingsMachine.ts';
import {
  createLiveAdminMachine,
  createLiveInvitationMachine,
  createLiveTeamMachine,
} from './liveTeamMachines.ts';
import { passwordFormMachine } from './passwordFormMachine.ts';
import { profileFormMachine } from './profileFormMachine.ts';
import { type PublishRequest, publishMachine } from './publishMachine.ts';
import { reviewMachine } from './reviewMachine.ts';
import { sessionMachine } from './sessionMachine.ts';

/**
 * The app machine with its real effects: every call goes through `http`, and each write
 * refreshes the cached queries it touches. `storeFetch`: how the Storefront preview's cart reaches the
 * shoppers' store API (by default the same client as the preview's category queries).
 */
export function createLiveAppMachine(
  http: Http,
  queryClient: QueryClient,
  collabRemote: () => CollabRemote | null = () => null,
  storeFetch?: typeof fetch,
) {
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
      builder: createLiveBuilderMachine(http, queryClient, collabRemote),
      publish: publishMachine.provide({
        actors: {
          publishSite: fromPromise(async ({ input }: { input: PublishRequest }) => {
            const result = await publishWebsite(http, input.websiteId, {
              subdomain: input.subdomain,
              ...(input.customDomain ? { customDomain: input.customDomain } : {}),
            });
            // Also refreshes the website's custom domain (publish may have claimed one): its key is under websites.
            void queryClient.invalidateQueries({ queryKey: queryKeys.websites });
            return result;
          }),
          unpublishSite: fromPromise(async ({ input }: { input: { websiteId: string } }) => {
            await unpublishWebsite(http, input.websiteId);
            void queryClient.invalidateQueries({ queryKey: queryKeys.websites });
          }),
          verifyDomain: createVerifyDomain(http, queryClient),
        },
      }),
      generateWebsite: fromPromise(async ({ input }: { input: GenerateInput }) => {
        const site = await generateWebsite(http, input);
        const saved = await saveWebsite(http, {
          name: site.name,
          htmlContent: site.html,
          pagesData: JSON.stringify(site.pages),
          pages: site.pages,
          yjsState: '',
        });
        // Spec §3 lists it among browser-stored values: written for compatibility; the id travels as output.
        localStorage.setItem(STORAGE_KEYS.generatedWebsiteId, saved.id);
        void queryClient.invalidateQueries({ queryKey: queryKeys.websites });
        return { websiteId: saved.id };
      }),
      team: createLiveTeamMachine(http, queryClient),
      admin: createLiveAdminMachine(http, queryClient),
      invitation: createLiveInvitationMachine(http, queryClient),
      planner: createLivePlannerMachine(http, queryClient),
      oauthConnect: createLiveOAuthConnectMachine(http, queryClient),
      crm: createLiveCrmMachine(http, queryClient),
      // Loaded with the store's code, when a Storefront preview opens.
      cartLogic: fromPromise(async () => {
        const [{ liveCartMachine }, { createStoreClient }, { storeClient }] = await Promise.all([
          import('./liveCartMachine.ts'),
          import('../services/storeClient.ts'),
          import('../services/storeQueries.ts'),
        ]);
        return liveCartMachine(storeFetch ? createStoreClient(undefined, storeFetch) : storeClient());
      }),
      businessDetails: createLiveBusinessDetailsMachine(http, queryClient),
      replaySettings: createLiveReplaySettingsMachine(http, queryClient),
      login: fromPromise(({ input }: { input: LoginInput }) => login(http, input)),
      register: fromPromise(({ input }: { input: RegisterInput }) => register(http, input)),
      setupBusiness: fromPromise(async ({ input }: { input: SetupInput }): Promise<SetupResult> => {
        const { logo, ...business } = input;
        const profile = await setupBusiness(http, business);
        queryClient.setQueryData(queryKeys.businessProfile, profile);
        if (!logo) return { profile };
        // The logo goes up through the upload route (a data URL if that fails, spec §7); the generator uses
        // an uploaded one. A data URL is not passed on: generation takes an address, not the file itself.
        const url = await uploadImage(http, logo);
        return { profile, logoUrl: url.startsWith('data:') ? null : url };
      }),
      googleAdsCallback: fromPromise(({ input }: { input: { code: string; state: string } }) =>
        googleAdsCallback(http, input.code, input.state),
      ),
      facebookAdsCallback: fromPromise(({ input }: { input: { code: string; state: string } }) =>
        facebookAdsCallback(http, input.code, input.state),
      ),
    },
  });
}
