import { fromPromise } from 'xstate';
import type { CollabRemote } from '../../canvas/collab.ts';
import type { Http } from '../../services/http/http.ts';
import type { QueryClientSource } from '../../services/http/queryClientSource.ts';
import type { LoginInput, RegisterInput } from '../../services/session/authApi.ts';
import { sessionMachine } from '../session/sessionMachine.ts';
import { appMachine, type GenerateInput, type SetupInput } from './appMachine.ts';
import { lazyLogic, loadLogics, once } from './lazyLogic.ts';

// The calls' module loads with the first call (the first call loads ky too), not with the first screen.
const calls = () => import('./liveAppCalls.ts');

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
  // The sections' and the builder's children, with their calls: their code loads when the app first goes there
  // (made once for all of them; a failed load is tried again by the next child that needs it).
  // The dashboard's module holds the shell's children too (the tour, the review popup): one import site.
  const dashboardModule = () => import('./liveDashboardChildren.ts');
  const dashboard = once(async () => (await dashboardModule()).dashboardChildren(http, queries));
  const builders = once(async () =>
    (await import('./liveBuilderChildren.ts')).builderChildren(http, queries, collabRemote),
  );
  const profileForm = lazyLogic(async () => (await dashboard()).profileForm);
  const passwordForm = lazyLogic(async () => (await dashboard()).passwordForm);
  const team = lazyLogic(async () => (await dashboard()).team);
  const admin = lazyLogic(async () => (await dashboard()).admin);
  const planner = lazyLogic(async () => (await dashboard()).planner);
  const oauthConnect = lazyLogic(async () => (await dashboard()).oauthConnect);
  const builder = lazyLogic(async () => (await builders()).builder);
  const publish = lazyLogic(async () => (await builders()).publish);
  // The dashboard shell's children: their code loads when the app first shows the dashboard.
  const tour = lazyLogic(async () => (await dashboardModule()).tourMachine);
  const review = lazyLogic(async () => (await dashboardModule()).createLiveReviewMachine(http, queries));
  // The children of one place: their code loads when the app first goes there (through one module of loaders).
  const places = () => import('./livePlaceChildren.ts');
  const crm = lazyLogic(async () => (await places()).crm(http, queries));
  const businessDetails = lazyLogic(async () => (await places()).businessDetails(http, queries));
  const replaySettings = lazyLogic(async () => (await places()).replaySettings(http, queries));
  const replayPlayer = lazyLogic(async () => (await places()).replayPlayer());
  const invitation = lazyLogic(async () => (await places()).invitation(http, queries));
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
      loadDashboardActors: loadLogics(profileForm, passwordForm, team, admin, oauthConnect),
      loadBuilderActors: loadLogics(builder, publish),
      session: sessionMachine.provide({
        actors: {
          logoutCall: fromPromise(async () => {
            await beforeSignOut();
            await (await calls()).logout(http);
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
      loadShellActors: loadLogics(tour, review, planner),
      generateWebsite: fromPromise(async ({ input }: { input: GenerateInput }) =>
        (await calls()).generateAndSave(http, queries, input),
      ),
      invitation,
      loadInvitation: loadLogics(invitation),
      crm,
      loadCrm: loadLogics(crm),
      // Loaded with the store's code, when a Storefront preview opens.
      cartLogic: fromPromise(async () => (await places()).cart(storeFetch)),
      businessDetails,
      loadBusinessDetails: loadLogics(businessDetails),
      replaySettings,
      loadReplaySettings: loadLogics(replaySettings),
      replayPlayer,
      loadReplayPlayer: loadLogics(replayPlayer),
      login: fromPromise(async ({ input }: { input: LoginInput }) => (await calls()).login(http, input)),
      register: fromPromise(async ({ input }: { input: RegisterInput }) =>
        (await calls()).register(http, input),
      ),
      setupBusiness: fromPromise(async ({ input }: { input: SetupInput }) =>
        (await calls()).setupWithLogo(http, queries, input),
      ),
      googleAdsCallback: fromPromise(async ({ input }: { input: { code: string; state: string } }) =>
        (await calls()).googleAdsCallback(http, input.code, input.state),
      ),
      facebookAdsCallback: fromPromise(async ({ input }: { input: { code: string; state: string } }) =>
        (await calls()).facebookAdsCallback(http, input.code, input.state),
      ),
    },
  });
}
