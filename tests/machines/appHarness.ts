import { type Actor, createActor, fromCallback, type InspectionEvent } from 'xstate';
import { buildPath } from '../../src/contracts/appRoutes.ts';
import type { AuthResult, User } from '../../src/contracts/auth.ts';
import { businessDetailsMachine } from '../../src/machines/account/businessDetailsMachine.ts';
import { passwordFormMachine } from '../../src/machines/account/passwordFormMachine.ts';
import { profileFormMachine } from '../../src/machines/account/profileFormMachine.ts';
import { replaySettingsMachine } from '../../src/machines/account/replaySettingsMachine.ts';
import { teamMachine } from '../../src/machines/account/teamMachine.ts';
import { adminMachine } from '../../src/machines/admin/adminMachine.ts';
import { replayPlayerMachine } from '../../src/machines/admin/replayPlayerMachine.ts';
import { type AppInput, appMachine } from '../../src/machines/app/appMachine.ts';
import { logicsLoaded } from '../../src/machines/app/lazyLogic.ts';
import { selectToastQueue } from '../../src/machines/app/toastsMachine.ts';
import { builderMachine } from '../../src/machines/builder/builderMachine.ts';
import { publishMachine } from '../../src/machines/builder/publishMachine.ts';
import { crmMachine } from '../../src/machines/crm/crmMachine.ts';
import { oauthConnectMachine } from '../../src/machines/planner/oauthConnectMachine.ts';
import { plannerEditorMachine } from '../../src/machines/planner/plannerEditorMachine.ts';
import { reviewMachine } from '../../src/machines/review/reviewMachine.ts';
import { invitationMachine } from '../../src/machines/session/invitationMachine.ts';
import type { SessionEvent } from '../../src/machines/session/sessionEvents.ts';
import { sessionMachine } from '../../src/machines/session/sessionMachine.ts';
import { cartMachine } from '../../src/machines/store/cartMachine.ts';
import { tourMachine } from '../../src/machines/tour/tourMachine.ts';
import type { StoredSession } from '../../src/services/http/browserStorage.ts';
import type { Toast } from '../../src/services/http/toast.ts';
import { FakeCalls } from './fakeActors.ts';

export const alice: User = {
  id: 'u1',
  email: 'alice@example.com',
  name: 'alice',
  role: 'user',
  plan: 0,
  status: 'trial',
  accountId: 'a1',
};
export const aliceAuth: AuthResult = { token: 'token-1', user: alice };
export const storedAlice: StoredSession = { token: 'token-1', user: alice, accountId: 'a1' };

export const anonymousLoad: AppInput = {
  session: null,
  location: { pathname: '/', search: '' },
  oauthProcessed: false,
};

/**
 * The real app machine with every effect replaced: calls park in `calls`, effects land in `effects`.
 * `inspect` observes the actor system (the session-replay recorder's tests pass it).
 */
export function createAppHarness(
  input: AppInput,
  options: { inspect?: (event: InspectionEvent) => void } = {},
) {
  const calls = new FakeCalls();
  const effects: string[] = [];
  const record = (name: string) => () => {
    effects.push(name);
  };
  let remoteLogout: (() => void) | undefined;

  const session = sessionMachine.provide({
    actors: {
      logoutCall: calls.actor<void, void>('logoutCall'),
      storageWatcher: fromCallback<SessionEvent>(({ sendBack }) => {
        remoteLogout = () => sendBack({ type: 'session.remoteLogout' });
        return () => {
          remoteLogout = undefined;
        };
      }),
    },
    actions: {
      persist: record('persist'),
      clearStorage: record('clearStorage'),
      clearCache: record('clearCache'),
      refreshAccountData: record('refreshAccountData'),
    },
  });

  // What the `cartLogic` call resolves to: the cart, with its own calls parked in `calls` too.
  const cartLogic = cartMachine.provide({
    actors: {
      loadProducts: calls.actor('loadProducts'),
      loadCart: calls.actor('loadCart'),
      createCart: calls.actor('createCart'),
      addItem: calls.actor('addItem'),
      updateItem: calls.actor('updateItem'),
      removeItem: calls.actor('removeItem'),
      loadCheckoutOptions: calls.actor('loadCheckoutOptions'),
      placeOrder: calls.actor('placeOrder'),
      redirectToPayment: calls.actor('redirectToPayment'),
    },
  });

  const machine = appMachine.provide({
    actors: {
      session,
      tour: tourMachine.provide({
        guards: { hasSeenTour: () => true, wasShowing: () => false },
        actions: { markSeen: record('markSeen'), keepStep: () => {}, forgetStep: () => {} },
      }),
      review: reviewMachine.provide({ actors: { submitReview: calls.actor('submitReview') } }),
      profileForm: profileFormMachine.provide({ actors: { updateProfile: calls.actor('updateProfile') } }),
      passwordForm: passwordFormMachine.provide({
        actors: { changePassword: calls.actor('changePassword') },
      }),
      team: teamMachine.provide({
        actors: {
          createAccount: calls.actor('createAccount'),
          inviteOrAdd: calls.actor('inviteOrAdd'),
          changeRole: calls.actor('changeRole'),
          removeMember: calls.actor('removeMember'),
          revokeInvitation: calls.actor('revokeInvitation'),
        },
        actions: {
          refresh: (_, params) => {
            effects.push(`refresh:${params.accountId ?? 'accounts'}`);
          },
        },
      }),
      admin: adminMachine.provide({
        actors: {
          updateUser: calls.actor('updateUser'),
          updateCredit: calls.actor('updateCredit'),
          retryJob: calls.actor('retryJob'),
        },
        actions: {
          refresh: (_, params) => {
            effects.push(`refresh:admin.${params.data}`);
          },
        },
      }),
      invitation: invitationMachine.provide({
        actors: {
          previewInvitation: calls.actor('previewInvitation'),
          registerWithInvitation: calls.actor('registerWithInvitation'),
          signInWithInvitation: calls.actor('signInWithInvitation'),
          acceptInvitation: calls.actor('acceptInvitation'),
        },
        actions: { forgetToken: record('forgetInvitation'), refreshAccounts: record('refreshAccounts') },
      }),
      cartLogic: calls.actor('cartLogic'),
      businessDetails: businessDetailsMachine.provide({
        actors: { saveDetails: calls.actor('saveDetails') },
      }),
      replaySettings: replaySettingsMachine.provide({
        actors: { saveSettings: calls.actor('saveSettings') },
      }),
      // The children are these machines, already here: they start within the step that enters the view.
      // The pure machines where the app provides its lazily loaded ones (their effects are not called here).
      planner: plannerEditorMachine,
      oauthConnect: oauthConnectMachine,
      builder: builderMachine,
      publish: publishMachine,
      crm: crmMachine,
      replayPlayer: replayPlayerMachine,
      loadDashboardActors: logicsLoaded,
      loadShellActors: logicsLoaded,
      loadBuilderActors: logicsLoaded,
      loadCrm: logicsLoaded,
      loadBusinessDetails: logicsLoaded,
      loadReplaySettings: logicsLoaded,
      loadReplayPlayer: logicsLoaded,
      loadInvitation: logicsLoaded,
      login: calls.actor('login'),
      register: calls.actor('register'),
      setupBusiness: calls.actor('setupBusiness'),
      generateWebsite: calls.actor('generateWebsite'),
      googleAdsCallback: calls.actor('googleAdsCallback'),
      facebookAdsCallback: calls.actor('facebookAdsCallback'),
      // Back/Forward are sent as `nav.popstate` by the tests themselves.
      urlWatcher: fromCallback(() => {}),
    },
    actions: {
      writeUrl: (_, params) => {
        effects.push(`url:${params.mode}:${buildPath(params.route)}`);
      },
      markOAuthProcessed: record('markOAuthProcessed'),
      storeTemplate: (_, params) => {
        effects.push(`storeTemplate:${params.templateId}`);
      },
      markGoogleConnected: record('markGoogleConnected'),
      markFacebookConnected: record('markFacebookConnected'),
    },
  });

  const actor: Actor<typeof machine> = createActor(machine, { input, inspect: options.inspect });
  actor.start();

  return {
    actor,
    calls,
    cartLogic,
    effects,
    /** The addresses the app wrote, in order (`push:/crm/contacts`, `replace:/login`). */
    urls: () => effects.filter((e) => e.startsWith('url:')).map((e) => e.slice(4)),
    session: () => actor.getSnapshot().children.session!,
    toasts: (): Toast[] => {
      const toasts = actor.system.get('toasts');
      return toasts ? selectToastQueue(toasts.getSnapshot()) : [];
    },
    lastToastTitle(): string | undefined {
      return this.toasts().at(-1)?.title;
    },
    remoteLogout: () => {
      if (!remoteLogout) throw new Error('no storage watcher running');
      remoteLogout();
    },
  };
}

export type AppHarness = ReturnType<typeof createAppHarness>;
