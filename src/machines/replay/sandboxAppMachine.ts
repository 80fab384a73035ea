import {
  type CallbackActorLogic,
  type EventObject,
  fromCallback,
  fromPromise,
  type PromiseActorLogic,
} from 'xstate';
import { businessDetailsMachine } from '../account/businessDetailsMachine.ts';
import { passwordFormMachine } from '../account/passwordFormMachine.ts';
import { profileFormMachine } from '../account/profileFormMachine.ts';
import { replaySettingsMachine } from '../account/replaySettingsMachine.ts';
import { teamMachine } from '../account/teamMachine.ts';
import { adminMachine } from '../admin/adminMachine.ts';
import { replayPlayerMachine } from '../admin/replayPlayerMachine.ts';
import { appMachine } from '../app/appMachine.ts';
import { logicsLoaded } from '../app/lazyLogic.ts';
import { builderMachine } from '../builder/builderMachine.ts';
import { publishMachine } from '../builder/publishMachine.ts';
import { crmMachine } from '../crm/crmMachine.ts';
import { oauthConnectMachine } from '../planner/oauthConnectMachine.ts';
import { plannerEditorMachine } from '../planner/plannerEditorMachine.ts';
import { reviewMachine } from '../review/reviewMachine.ts';
import { invitationMachine } from '../session/invitationMachine.ts';
import { sessionMachine } from '../session/sessionMachine.ts';
import { tourMachine } from '../tour/tourMachine.ts';

/** A call that never answers: in the sandbox, every outcome comes from the recording. */
function inert<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

const noop = () => {};

/** A listener that listens to nothing. */
function quiet<TEvent extends EventObject, TInput>(): CallbackActorLogic<TEvent, TInput> {
  return fromCallback<TEvent, TInput>(() => noop);
}

/**
 * The real app machine and its real children, with every effect taken out: calls never answer,
 * storage, URL, popups and cache refreshes do nothing. Replaying a recording through it (or running a
 * read-only copy of the views on it) cannot reach the server, the browser's storage or the address bar.
 */
export function createSandboxAppMachine() {
  return appMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: { logoutCall: inert(), storageWatcher: quiet() },
        actions: { persist: noop, clearStorage: noop, clearCache: noop, refreshAccountData: noop },
      }),
      tour: tourMachine.provide({
        actions: { markSeen: noop, keepStep: noop, forgetStep: noop },
        guards: { hasSeenTour: () => true, wasShowing: () => false },
      }),
      review: reviewMachine.provide({ actors: { submitReview: inert() } }),
      profileForm: profileFormMachine.provide({ actors: { updateProfile: inert() } }),
      passwordForm: passwordFormMachine.provide({ actors: { changePassword: inert() } }),
      team: teamMachine.provide({
        actors: {
          createAccount: inert(),
          inviteOrAdd: inert(),
          changeRole: inert(),
          removeMember: inert(),
          revokeInvitation: inert(),
        },
        actions: { refresh: noop },
      }),
      admin: adminMachine.provide({
        actors: { updateUser: inert(), updateCredit: inert(), retryJob: inert() },
        actions: { refresh: noop },
      }),
      invitation: invitationMachine.provide({
        actors: {
          previewInvitation: inert(),
          registerWithInvitation: inert(),
          signInWithInvitation: inert(),
          acceptInvitation: inert(),
        },
        actions: { forgetToken: noop, refreshAccounts: noop },
      }),
      builder: builderMachine.provide({
        actors: { loadSite: inert(), saveSite: inert() },
        actions: { syncUrl: noop, closeSession: noop },
      }),
      publish: publishMachine.provide({
        actors: { publishSite: inert(), unpublishSite: inert(), verifyDomain: inert() },
      }),
      planner: plannerEditorMachine.provide({
        actors: { savePost: inert(), deletePost: inert(), reschedulePost: inert() },
      }),
      oauthConnect: oauthConnectMachine.provide({
        actors: { popup: quiet(), exchangeGoogle: inert() },
        actions: {
          leaveForProvider: noop,
          markFacebookPending: noop,
          markGoogleConnected: noop,
          refresh: noop,
        },
      }),
      businessDetails: businessDetailsMachine.provide({ actors: { saveDetails: inert() } }),
      replaySettings: replaySettingsMachine.provide({ actors: { saveSettings: inert() } }),
      // The pure machines where the app provides its lazily loaded ones (as before, with no calls of their own).
      crm: crmMachine,
      replayPlayer: replayPlayerMachine,
      // The store's code is not loaded in the sandbox: a Storefront preview stays as recorded, without a cart.
      cartLogic: inert(),
      // The children above are here already: they start within the step that enters their view.
      loadDashboardActors: logicsLoaded,
      loadShellActors: logicsLoaded,
      loadBuilderActors: logicsLoaded,
      loadCrm: logicsLoaded,
      loadBusinessDetails: logicsLoaded,
      loadReplaySettings: logicsLoaded,
      loadReplayPlayer: logicsLoaded,
      loadInvitation: logicsLoaded,
      generateWebsite: inert(),
      login: inert(),
      register: inert(),
      setupBusiness: inert(),
      googleAdsCallback: inert(),
      facebookAdsCallback: inert(),
      urlWatcher: quiet(),
    },
    actions: {
      writeUrl: noop,
      storeTemplate: noop,
      markOAuthProcessed: noop,
      markGoogleConnected: noop,
      markFacebookConnected: noop,
    },
  });
}

export type SandboxAppMachine = ReturnType<typeof createSandboxAppMachine>;
