import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { CollabRemote } from '../canvas/collab.ts';
import type { ReviewInput } from '../contracts/review.ts';
import type { LoginInput, RegisterInput } from '../services/authApi.ts';
import { STORAGE_KEYS } from '../services/browserStorage.ts';
import type { Http } from '../services/http.ts';
import { queryKeys } from '../services/queryKeys.ts';
import { appMachine, type GenerateInput, type SetupInput, type SetupResult } from './appMachine.ts';
import { lazyLogic, loadLogics } from './lazyLogic.ts';
import { createLiveBusinessDetailsMachine } from './liveBusinessDetailsMachine.ts';
import { createLiveCrmMachine } from './liveCrmMachine.ts';
import { createLiveInvitationMachine } from './liveInvitationMachine.ts';
import { createLiveReplaySettingsMachine } from './liveReplaySettingsMachine.ts';
import { reviewMachine } from './reviewMachine.ts';
import { sessionMachine } from './sessionMachine.ts';

// The calls' modules load with the first call that needs them (the first call loads ky too), not with the
// first screen.
const auth = () => import('../services/authApi.ts');
const business = () => import('../services/businessApi.ts');
const oauth = () => import('../services/oauthApi.ts');
const reviews = () => import('../services/reviewApi.ts');
const websites = () => import('../services/websiteApi.ts');

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
  // The sections' and the builder's children, with their calls: their code loads when the app first goes there.
  const profileForm = lazyLogic(async () =>
    (await import('./liveAccountForms.ts')).createLiveProfileForm(http, queryClient),
  );
  const passwordForm = lazyLogic(async () =>
    (await import('./liveAccountForms.ts')).createLivePasswordForm(http),
  );
  const team = lazyLogic(async () =>
    (await import('./liveTeamMachines.ts')).createLiveTeamMachine(http, queryClient),
  );
  const admin = lazyLogic(async () =>
    (await import('./liveTeamMachines.ts')).createLiveAdminMachine(http, queryClient),
  );
  const planner = lazyLogic(async () =>
    (await import('./livePlannerMachines.ts')).createLivePlannerMachine(http, queryClient),
  );
  const oauthConnect = lazyLogic(async () =>
    (await import('./livePlannerMachines.ts')).createLiveOAuthConnectMachine(http, queryClient),
  );
  const builder = lazyLogic(async () =>
    (await import('./liveBuilderMachine.ts')).createLiveBuilderMachine(http, queryClient, collabRemote),
  );
  const publish = lazyLogic(async () =>
    (await import('./livePublishMachine.ts')).createLivePublishMachine(http, queryClient),
  );
  return appMachine.provide({
    actors: {
      profileForm,
      passwordForm,
      team,
      admin,
      planner,
      oauthConnect,
      builder,
      publish,
      loadDashboardActors: loadLogics(profileForm, passwordForm, team, admin, planner, oauthConnect),
      loadBuilderActors: loadLogics(builder, publish),
      session: sessionMachine.provide({
        actors: { logoutCall: fromPromise(async () => (await auth()).logout(http)) },
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
          submitReview: fromPromise(async ({ input }: { input: ReviewInput }) =>
            (await reviews()).submitReview(http, input),
          ),
        },
      }),
      generateWebsite: fromPromise(async ({ input }: { input: GenerateInput }) => {
        const { generateWebsite, saveWebsite } = await websites();
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
      invitation: createLiveInvitationMachine(http, queryClient),
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
      login: fromPromise(async ({ input }: { input: LoginInput }) => (await auth()).login(http, input)),
      register: fromPromise(async ({ input }: { input: RegisterInput }) =>
        (await auth()).register(http, input),
      ),
      setupBusiness: fromPromise(async ({ input }: { input: SetupInput }): Promise<SetupResult> => {
        const { logo, ...fields } = input;
        const profile = await (await business()).setupBusiness(http, fields);
        queryClient.setQueryData(queryKeys.businessProfile, profile);
        if (!logo) return { profile };
        // The logo goes up through the upload route (a data URL if that fails, spec §7); the generator uses
        // an uploaded one. A data URL is not passed on: generation takes an address, not the file itself.
        const url = await (await websites()).uploadImage(http, logo);
        return { profile, logoUrl: url.startsWith('data:') ? null : url };
      }),
      googleAdsCallback: fromPromise(async ({ input }: { input: { code: string; state: string } }) =>
        (await oauth()).googleAdsCallback(http, input.code, input.state),
      ),
      facebookAdsCallback: fromPromise(async ({ input }: { input: { code: string; state: string } }) =>
        (await oauth()).facebookAdsCallback(http, input.code, input.state),
      ),
    },
  });
}
