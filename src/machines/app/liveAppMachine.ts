import { fromPromise } from 'xstate';
import type { CollabRemote } from '../../canvas/collab.ts';
import { STORAGE_KEYS } from '../../services/http/browserStorage.ts';
import type { Http } from '../../services/http/http.ts';
import type { QueryClientSource } from '../../services/http/queryClientSource.ts';
import { queryKeys } from '../../services/http/queryKeys.ts';
import type { LoginInput, RegisterInput } from '../../services/session/authApi.ts';
import { sessionMachine } from '../session/sessionMachine.ts';
import { appMachine, type GenerateInput, type SetupInput, type SetupResult } from './appMachine.ts';
import { lazyLogic, loadLogics } from './lazyLogic.ts';

// The calls' modules load with the first call that needs them (the first call loads ky too), not with the
// first screen.
const auth = () => import('../../services/session/authApi.ts');
const business = () => import('../../services/account/businessApi.ts');
const oauth = () => import('../../services/planner/oauthApi.ts');
const websites = () => import('../../services/builder/websiteApi.ts');

/**
 * The app machine with its real effects: every call goes through `http`, and each write
 * refreshes the cached queries it touches (the cache's code loads with the first child or view that needs
 * it). `storeFetch`: how the Storefront preview's cart reaches the shoppers' store API (by default the same
 * client as the preview's category queries).
 */
export function createLiveAppMachine(
  http: Http,
  queries: QueryClientSource,
  collabRemote: () => CollabRemote | null = () => null,
  storeFetch?: typeof fetch,
  // Runs before the sign-out call revokes the token (the session recording sends what it holds).
  beforeSignOut: () => Promise<void> = () => Promise.resolve(),
) {
  // A child's code and the query cache's load together.
  const withCache = <M>(module: Promise<M>) => Promise.all([module, queries.load()]);
  // The sections' and the builder's children, with their calls: their code loads when the app first goes there.
  const dashboardChildren = () => withCache(import('./liveDashboardChildren.ts'));
  const builderChildren = () => withCache(import('./liveBuilderChildren.ts'));
  const profileForm = lazyLogic(async () => {
    const [live, queryClient] = await dashboardChildren();
    return live.createLiveProfileForm(http, queryClient);
  });
  const passwordForm = lazyLogic(async () => (await dashboardChildren())[0].createLivePasswordForm(http));
  const team = lazyLogic(async () => {
    const [live, queryClient] = await dashboardChildren();
    return live.createLiveTeamMachine(http, queryClient);
  });
  const admin = lazyLogic(async () => {
    const [live, queryClient] = await dashboardChildren();
    return live.createLiveAdminMachine(http, queryClient);
  });
  const planner = lazyLogic(async () => {
    const [live, queryClient] = await dashboardChildren();
    return live.createLivePlannerMachine(http, queryClient);
  });
  const oauthConnect = lazyLogic(async () => {
    const [live, queryClient] = await dashboardChildren();
    return live.createLiveOAuthConnectMachine(http, queryClient);
  });
  const builder = lazyLogic(async () => {
    const [live, queryClient] = await builderChildren();
    return live.createLiveBuilderMachine(http, queryClient, collabRemote);
  });
  const publish = lazyLogic(async () => {
    const [live, queryClient] = await builderChildren();
    return live.createLivePublishMachine(http, queryClient);
  });
  // The dashboard shell's children: their code loads when the app first shows the dashboard.
  const shellChildren = () => import('./liveShellChildren.ts');
  const tour = lazyLogic(async () => (await shellChildren()).tourMachine);
  const review = lazyLogic(async () => (await shellChildren()).createLiveReviewMachine(http));
  // The children of one place: their code loads when the app first goes there (through one module of loaders).
  const places = () => import('./livePlaceChildren.ts');
  const crm = lazyLogic(async () => {
    const [{ createLiveCrmMachine }, queryClient] = await withCache(places().then((p) => p.crm()));
    return createLiveCrmMachine(http, queryClient);
  });
  const businessDetails = lazyLogic(async () => {
    const [{ createLiveBusinessDetailsMachine }, queryClient] = await withCache(
      places().then((p) => p.businessDetails()),
    );
    return createLiveBusinessDetailsMachine(http, queryClient);
  });
  const replaySettings = lazyLogic(async () => {
    const [{ createLiveReplaySettingsMachine }, queryClient] = await withCache(
      places().then((p) => p.replaySettings()),
    );
    return createLiveReplaySettingsMachine(http, queryClient);
  });
  const replayPlayer = lazyLogic(async () => (await (await places()).replayPlayer()).replayPlayerMachine);
  const invitation = lazyLogic(async () => {
    const [{ createLiveInvitationMachine }, queryClient] = await withCache(
      places().then((p) => p.invitation()),
    );
    return createLiveInvitationMachine(http, queryClient);
  });
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
        actors: {
          logoutCall: fromPromise(async () => {
            await beforeSignOut();
            await (await auth()).logout(http);
          }),
        },
        actions: {
          // The next user must never see the previous user's data.
          clearCache: () => queries.current()?.clear(),
          refreshAccountData: () => {
            void queries.current()?.invalidateQueries();
          },
        },
      }),
      tour,
      review,
      loadShellActors: loadLogics(tour, review),
      generateWebsite: fromPromise(async ({ input }: { input: GenerateInput }) => {
        const { freeSiteName, generateWebsite, saveWebsite } = await websites();
        const site = await generateWebsite(http, input);
        const saved = await saveWebsite(http, {
          name: await freeSiteName(http, site.name),
          htmlContent: site.html,
          pagesData: JSON.stringify(site.pages),
          pages: site.pages,
          yjsState: '',
        });
        // Spec §3 lists it among browser-stored values: written for compatibility; the id travels as output.
        localStorage.setItem(STORAGE_KEYS.generatedWebsiteId, saved.id);
        void queries.current()?.invalidateQueries({ queryKey: queryKeys.websites });
        return { websiteId: saved.id };
      }),
      invitation,
      loadInvitation: loadLogics(invitation),
      crm,
      loadCrm: loadLogics(crm),
      // Loaded with the store's code, when a Storefront preview opens.
      cartLogic: fromPromise(async () => {
        const [{ liveCartMachine }, { createStoreClient }, { storeClient }] = await Promise.all([
          import('../store/liveCartMachine.ts'),
          import('../../services/store/storeClient.ts'),
          import('../../services/store/storeQueries.ts'),
        ]);
        return liveCartMachine(storeFetch ? createStoreClient(undefined, storeFetch) : storeClient());
      }),
      businessDetails,
      loadBusinessDetails: loadLogics(businessDetails),
      replaySettings,
      loadReplaySettings: loadLogics(replaySettings),
      replayPlayer,
      loadReplayPlayer: loadLogics(replayPlayer),
      login: fromPromise(async ({ input }: { input: LoginInput }) => (await auth()).login(http, input)),
      register: fromPromise(async ({ input }: { input: RegisterInput }) =>
        (await auth()).register(http, input),
      ),
      setupBusiness: fromPromise(async ({ input }: { input: SetupInput }): Promise<SetupResult> => {
        const { logo, ...fields } = input;
        const profile = await (await business()).setupBusiness(http, fields);
        (await queries.load()).setQueryData(queryKeys.businessProfile, profile);
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
