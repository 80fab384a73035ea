import {
  type ActorRefFrom,
  assertEvent,
  assign,
  enqueueActions,
  fromCallback,
  not,
  raise,
  type SnapshotFrom,
  sendTo,
  setup,
  spawnChild,
  stopChild,
} from 'xstate';
import {
  type AppRoute,
  appRoute,
  buildPath,
  HOME_ROUTE,
  parseRoute,
  type RouteName,
  resolveRoute,
  type UrlLocation,
} from '../../contracts/appRoutes.ts';
import type { AuthResult } from '../../contracts/auth.ts';
import type { BusinessProfile, BusinessSetupInput } from '../../contracts/business.ts';
import { ApiError, errorMessage } from '../../services/http/ApiError.ts';
import { type HistoryMode, watchUrl, writeUrl } from '../../services/http/browserHistory.ts';
import { STORAGE_KEYS, type StoredSession, setFlag } from '../../services/http/browserStorage.ts';
import type { ToastInput } from '../../services/http/toast.ts';
import type { LoginInput, RegisterInput } from '../../services/session/authApi.ts';
import type { businessDetailsMachine } from '../account/businessDetailsMachine.ts';
import type { passwordFormMachine } from '../account/passwordFormMachine.ts';
import type { profileFormMachine } from '../account/profileFormMachine.ts';
import type { replaySettingsMachine } from '../account/replaySettingsMachine.ts';
import type { teamMachine } from '../account/teamMachine.ts';
import type { adminMachine } from '../admin/adminMachine.ts';
import type { replayPlayerMachine } from '../admin/replayPlayerMachine.ts';
import type { BuilderFocus, BuilderInput, builderMachine } from '../builder/builderMachine.ts';
import type { publishMachine } from '../builder/publishMachine.ts';
import type { crmMachine } from '../crm/crmMachine.ts';
import type { oauthConnectMachine } from '../planner/oauthConnectMachine.ts';
import { detectOAuthCallback, type OAuthCallback, type PageLocation } from '../planner/oauthOnLoad.ts';
import type { plannerEditorMachine } from '../planner/plannerEditorMachine.ts';
import type { reviewMachine } from '../review/reviewMachine.ts';
import type { invitationMachine } from '../session/invitationMachine.ts';
import { type SessionEndedEvent, sessionMachine } from '../session/sessionMachine.ts';
import type { cartMachine } from '../store/cartMachine.ts';
import type { tourMachine } from '../tour/tourMachine.ts';
import { loadLogics, notProvidedLogic } from './lazyLogic.ts';
import { notProvided } from './notProvided.ts';
import { showToast } from './systemActions.ts';
import { toastsMachine } from './toastsMachine.ts';

// The children only the dashboard's sections and the builder use: the composition root provides them as logic
// whose code loads when the app first goes there (lazyLogic.ts), tests provide the machines.
const profileForm: typeof profileFormMachine = notProvidedLogic('profileForm');
const passwordForm: typeof passwordFormMachine = notProvidedLogic('passwordForm');
const team: typeof teamMachine = notProvidedLogic('team');
const admin: typeof adminMachine = notProvidedLogic('admin');
const planner: typeof plannerEditorMachine = notProvidedLogic('planner');
const oauthConnect: typeof oauthConnectMachine = notProvidedLogic('oauthConnect');
const builder: typeof builderMachine = notProvidedLogic('builder');
const publish: typeof publishMachine = notProvidedLogic('publish');
// The dashboard shell's own children (the walkthrough, the review popup): their code loads when the app first
// shows the dashboard, beside the shell.
const tour: typeof tourMachine = notProvidedLogic('tour');
const review: typeof reviewMachine = notProvidedLogic('review');
// The children of one place (the CRM, Settings › Business details, the recording switch, a replayed session, the
// invitation page): their code loads when the app first goes there, in the place's `loading` step.
const crm: typeof crmMachine = notProvidedLogic('crm');
const businessDetails: typeof businessDetailsMachine = notProvidedLogic('businessDetails');
const replaySettings: typeof replaySettingsMachine = notProvidedLogic('replaySettings');
const replayPlayer: typeof replayPlayerMachine = notProvidedLogic('replayPlayer');
const invitation: typeof invitationMachine = notProvidedLogic('invitation');

/** Which button submitted the business setup form. */
export type SetupNext = 'builder' | 'generator';

export type AppEvent =
  | ({ type: 'auth.login' } & LoginInput)
  | ({ type: 'auth.register' } & RegisterInput)
  | { type: 'business.submit'; business: BusinessSetupInput; next: SetupNext; logo?: File | null }
  | { type: 'website.create' }
  /** Generate Website on the websites list: the business form's variant (prefilled, one button). */
  | { type: 'website.generate' }
  /** Use Template in the template chooser: the choice is stored and a new site opens seeded from it. */
  | { type: 'template.use'; templateId: string }
  /** Opens the builder on a saved site (Edit on a website card). */
  | { type: 'website.edit'; websiteId: string; mode?: 'preview'; focus?: BuilderFocus }
  | { type: 'flow.build' }
  | { type: 'flow.generate' }
  /** Generate Website on the generator screen, from the business profile. */
  | { type: 'generator.generate'; business: GenerateInput }
  | { type: 'website.saved' }
  | { type: 'view.back' }
  /** Leaves the invitation page (a link that cannot be used): to sign-in, or the dashboard when signed in. */
  | { type: 'invite.leave' }
  /** Go to a place (a sidebar click, a tab, an opened record); `replace`: no Back step (a filter typed). */
  | { type: 'nav.go'; route: AppRoute; replace?: boolean }
  /** The address changed under the app (Back, Forward, a hash typed): show the place it names. */
  | { type: 'nav.popstate'; location: UrlLocation }
  /**
   * A form of the place showing holds typed changes not saved yet (`unsaved`), or no longer does: its child says
   * so (Settings › Business details). Going to another place, or signing out, then asks first (`leave.*`).
   */
  | { type: 'form.unsaved'; unsaved: boolean }
  /** The account menu's Logout: the session ends (asked first, like a move, with unsaved changes). */
  | { type: 'session.logout' }
  /** Asked before leaving a place with unsaved changes: stay there (the form keeps them)… */
  | { type: 'leave.stay' }
  /** …or leave it, losing them. */
  | { type: 'leave.confirm' }
  /** The builder knows which site it edits (a new draft's room, or the id a first save gave it). */
  | { type: 'builder.located'; siteId: string }
  /** The store's Storefront preview shows a store: its cart runs (a store of its own per store shown). */
  | { type: 'storefront.open'; storeId: string }
  | { type: 'storefront.close' }
  /** User Settings' session-recording switch is on screen (wherever the Profile tab shows it). */
  | { type: 'replaySettings.open' }
  | { type: 'replaySettings.close' }
  /** Admin › Session Replay: Open on a recorded session, and Back to sessions. */
  | { type: 'replayViewer.open'; sessionId: string }
  | { type: 'replayViewer.close' }
  /**
   * What the dashboard shell asks of its children: the header's Start tour and star buttons, and the AI
   * Assistant's new post. Delivered to the tour / review popup / content planner, or, while their code still
   * loads, kept and delivered once they run (a click or a command is never lost).
   */
  | ShellRequest
  | SessionEndedEvent;

/**
 * What the dashboard shell asks of its children: the walkthrough, the review popup, and a new post of the content
 * planner (the AI Assistant's command, with its text when given).
 */
export type ShellRequest =
  | { type: 'tour.start' }
  | { type: 'review.open' }
  | { type: 'planner.compose'; text?: string };

/** The child a shell request is for, and the event it gets (an open post is kept: the planner ignores `planner.new` then). */
const shellDelivery = (request: ShellRequest) =>
  request.type === 'planner.compose'
    ? (['planner', { type: 'planner.new', text: request.text }] as const)
    : ([request.type === 'tour.start' ? 'tour' : 'review', request] as const);

/** The setup call's payload, and the optional logo that is uploaded beside it (spec: the call never carries it). */
export type SetupInput = BusinessSetupInput & { logo?: File };

/**
 * What the setup call gives back: the profile, and where the logo went — `logoUrl` undefined when no logo was
 * chosen (the one uploaded before stays), null when it could not be uploaded (a data URL is no address).
 */
export type SetupResult = { profile: BusinessProfile; logoUrl?: string | null };

/** What the generator works from: the business profile, and the uploaded logo's URL if any. */
export type GenerateInput = BusinessSetupInput & { logo?: string };

/** Spec §8 generator messages, word for word. */
export const GENERATION_FAILED = 'Website generation failed';
export const GENERATION_NETWORK_ERROR = 'Network error. Please try again.';

/** The message the generator screen shows for a failed generation (spec §8). */
export function generationError(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return GENERATION_NETWORK_ERROR;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return errorMessage(error, GENERATION_FAILED);
  }
  return GENERATION_FAILED;
}

/**
 * Read once at start-up by the composition root (storage, URL), so the machine itself stays pure.
 * `invitationToken`: the app was opened at an invitation link (/invite#<token>).
 */
export type AppInput = {
  session: StoredSession | null;
  location: PageLocation & { hash?: string };
  oauthProcessed: boolean;
  invitationToken?: string | null;
};

export type AppContext = {
  storedSession: StoredSession | null;
  /** An unprocessed OAuth callback of a signed-in user, handled once on load. */
  oauth: OAuthCallback | null;
  next: SetupNext;
  /** The site the builder opens: a saved id, a local draft, or a new draft. */
  builder: BuilderInput;
  /** The uploaded business logo's URL (business setup), which the generator puts on the site. */
  businessLogo: string | null;
  /** The generator screen's failure message (spec §8), null when there is none. */
  generatorError: string | null;
  /** Which business form shows: the first setup, or the variant with a single Generate Website button. */
  setupVariant: 'setup' | 'generate';
  /** The invitation link the app was opened at, until its page is left. */
  invitationToken: string | null;
  /** The place showing: what the address bar says (see contracts/appRoutes.ts). */
  route: AppRoute;
  /** A place opened while signed out: sign-in returns to it. */
  returnTo: AppRoute | null;
  /** Whose place `returnTo` is (an expired session's user: another user starts afresh); null: anyone's. */
  returnFor: string | null;
  /** The store the Storefront preview shows (its cart's store), while it shows one. */
  storefrontStore: string | null;
  /** The recorded session Admin › Session Replay has open, or null (the list shows). */
  replaySessionId: string | null;
  /** The dashboard shell's children run (their code has loaded); until then their requests wait in `shellRequests`. */
  shellReady: boolean;
  /** Start tour / star clicks and new posts asked for while the shell's children loaded, delivered in order once they run. */
  shellRequests: ShellRequest[];
  /** The place showing has a form with typed changes not saved yet (its child reports it: `form.unsaved`). */
  unsavedChanges: boolean;
  /** A move to another place (or a sign-out) held while the owner is asked whether to lose the unsaved changes. */
  leaving: LeaveEvent | null;
};

/**
 * A move to another place: a link or a click (`nav.go`), Back / Forward (`nav.popstate`), or a sign-out
 * (`session.logout`, to the sign-in screen).
 */
type LeaveEvent = Extract<AppEvent, { type: 'nav.go' | 'nav.popstate' | 'session.logout' }>;

/** The Storefront preview's shopper: the owner trying their own store. */
export const PREVIEW_CUSTOMER = 'dashboard-preview';

/**
 * The cart's logic, loaded when a Storefront preview first opens (the store's code is no part of the first
 * screen) and spawned with systemId `cart`.
 */
export type CartLogic = typeof cartMachine;
export type CartActorRef = ActorRefFrom<CartLogic>;

/** The site a builder place opens (a saved id or a `draft-…` room), or null for any other place. */
export function builderTargetOf(route: AppRoute): BuilderInput | null {
  if (route.name !== 'builder') return null;
  const id = route.params.siteId;
  // `?preview=<device>`: the builder opens in its preview (a reload or a link comes back to it).
  const mode = route.params.preview ? { mode: 'preview' as const } : {};
  return id.startsWith('draft-') ? { websiteId: null, draftId: id, ...mode } : { websiteId: id, ...mode };
}

/** The site of a /builder/<id> deep link (a saved id or a `draft-…` room), or null. */
export function builderTargetFromPath(pathname: string): BuilderInput | null {
  const route = parseRoute({ pathname, search: '' });
  return route ? builderTargetOf(route) : null;
}

/** Places shown outside the dashboard: each is a view of its own. */
const VIEW_ROUTES: readonly RouteName[] = [
  'login',
  'invite',
  'builder',
  'flowChoice',
  'generator',
  'businessSetup',
  'generateSetup',
];
/** Whether a place is one of the dashboard's (a section, a tab, an opened record). */
export const isDashboardRoute = (route: AppRoute): boolean => !VIEW_ROUTES.includes(route.name);
/** Whether a place is one of the CRM module's (its sections and opened contacts; its Integrations page is the app's). */
export const isCrmRoute = (route: AppRoute): boolean =>
  route.name === 'crmContact' || (route.name === 'crm' && route.params.section !== 'integrations');

const routeOfNav = (event: AppEvent): AppRoute =>
  event.type === 'nav.go'
    ? event.route
    : event.type === 'nav.popstate'
      ? resolveRoute(event.location)
      : loginUrl.route;
/**
 * Where a sign-in goes: the kept place, unless it is another user's (an expired session's), else home. A replayed
 * session's sign-in carries no output (`userId` unknown): only a place kept for anyone counts there.
 */
const placeAfterSignIn = (context: AppContext, userId?: string): AppRoute =>
  context.returnTo && (context.returnFor ?? userId) === userId ? context.returnTo : HOME_ROUTE;

const siteRoute = (siteId: string): AppRoute => appRoute('builder', { siteId });
/** The place a website card opens: its preview (on the desktop frame) or its page in the builder. */
const editRoute = (event: { websiteId: string; mode?: 'preview' }): AppRoute =>
  event.mode === 'preview'
    ? appRoute('builder', { siteId: event.websiteId, preview: 'desktop' })
    : siteRoute(event.websiteId);
/** The place of the site the builder opened: the address it was opened at (with its History dialog or
 * version, `?history=1&version=…`) when that is this site's, else the site's own, still on the preview's
 * device when it showed one (a draft's first save). */
const locatedRoute = (current: AppRoute, siteId: string): AppRoute =>
  current.name !== 'builder'
    ? siteRoute(siteId)
    : current.params.siteId === siteId
      ? current
      : appRoute('builder', { siteId, preview: current.params.preview });
const loginUrl = { route: appRoute('login'), mode: 'replace' as const };
/** The shell's requests: delivered while its children run, kept while their code loads. */
const shellRequest = [
  { guard: 'shellReady', actions: 'deliverShellRequest' },
  { actions: 'keepShellRequest' },
] as const;
/** Shows a place and makes it a Back step: the two actions every move to a new place takes. */
const pushPlace = (route: AppRoute) => [
  { type: 'setRoute' as const, params: { route } },
  { type: 'writeUrl' as const, params: { route, mode: 'push' as const } },
];
/** The address bar follows a `nav.*` event (a Back step for `nav.go`, none for Back/Forward itself). */
const writeNavUrl = {
  type: 'writeUrl' as const,
  params: ({ event }: { event: AppEvent }) => ({ route: routeOfNav(event), mode: modeOfNav(event) }),
};
const modeOfNav = (event: AppEvent): HistoryMode =>
  event.type === 'nav.go' && !event.replace ? 'push' : 'replace';
/**
 * The one rule for typed changes not saved yet: a move to another place, or a sign-out, waits for the owner's
 * answer (`leave.*`). Taken before any other `nav.*` (or `session.logout`) transition of the dashboard.
 */
const askBeforeLeaving = { guard: 'leavesUnsaved', actions: 'holdLeave' } as const;

/** The top-level views of spec §2. */
export type AppView =
  | 'boot'
  | 'oauth'
  | 'auth'
  | 'businessSetup'
  | 'flowChoice'
  | 'builder'
  | 'generator'
  | 'dashboard'
  | 'invite';

const setupDone: ToastInput = { type: 'success', title: 'Business profile created!' };
/** The code of a view's children could not be fetched (offline, or a new version deployed): going there again retries. */
const codeNotLoaded: ToastInput = {
  type: 'error',
  title: 'Something went wrong.',
  message: 'Please try again',
};

/**
 * A place's child whose code loads when the app first goes there: `loading` runs the load (a failed one toasts;
 * going there again retries), `running` invokes the child under its systemId.
 */
function loadThenRun<const Load extends string, const Child extends string>(load: Load, child: Child) {
  return {
    initial: 'loading' as const,
    states: {
      loading: {
        invoke: {
          id: `${child}Actor` as const,
          src: load,
          onDone: { target: 'running' as const },
          onError: { actions: { type: 'toast' as const, params: codeNotLoaded } },
        },
      },
      running: { invoke: { id: child, systemId: child, src: child } },
    },
  };
}
const keepLogo = {
  type: 'keepLogo' as const,
  // A replayed session's done event carries no output (replay keeps no addresses): the logo then stays as it was.
  params: ({ event }: { event: { output: SetupResult | undefined } }) => ({ logoUrl: event.output?.logoUrl }),
};

/** The root machine: which view is showing, and the flows between views (spec §4). */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    children: {} as {
      session: 'session';
      toasts: 'toasts';
      tour: 'tour';
      review: 'review';
      profileForm: 'profileForm';
      passwordForm: 'passwordForm';
      team: 'team';
      admin: 'admin';
      invitation: 'invitation';
      builder: 'builder';
      publish: 'publish';
      planner: 'planner';
      oauthConnect: 'oauthConnect';
      crm: 'crm';
      businessDetails: 'businessDetails';
      replaySettings: 'replaySettings';
      replayPlayer: 'replayPlayer';
    },
  },
  actors: {
    session: sessionMachine,
    toasts: toastsMachine,
    tour,
    review,
    /** Loads the code of the dashboard shell's children (the tour, the review popup, the content planner). */
    loadShellActors: loadLogics(tour, review, planner),
    profileForm,
    passwordForm,
    team,
    admin,
    invitation,
    loadInvitation: loadLogics(invitation),
    builder,
    publish,
    generateWebsite: notProvided<{ websiteId: string }, GenerateInput>('generateWebsite'),
    planner,
    oauthConnect,
    /** Loads the code of the dashboard's children (the sections' forms, team, admin, connections). */
    loadDashboardActors: loadLogics(profileForm, passwordForm, team, admin, oauthConnect),
    /** Loads the code of the builder's children (the builder, publishing). */
    loadBuilderActors: loadLogics(builder, publish),
    crm,
    loadCrm: loadLogics(crm),
    cartLogic: notProvided<CartLogic, void>('cartLogic'),
    businessDetails,
    loadBusinessDetails: loadLogics(businessDetails),
    replaySettings,
    loadReplaySettings: loadLogics(replaySettings),
    replayPlayer,
    loadReplayPlayer: loadLogics(replayPlayer),
    login: notProvided<AuthResult, LoginInput>('login'),
    register: notProvided<AuthResult, RegisterInput>('register'),
    setupBusiness: notProvided<SetupResult, SetupInput>('setupBusiness'),
    googleAdsCallback: notProvided<void, { code: string; state: string }>('googleAdsCallback'),
    facebookAdsCallback: notProvided<void, { code: string; state: string }>('facebookAdsCallback'),
    /** Back and Forward (and a typed hash) become `nav.popstate`. */
    urlWatcher: fromCallback<AppEvent>(({ sendBack }) =>
      watchUrl((location) => sendBack({ type: 'nav.popstate', location })),
    ),
  },
  actions: {
    startSession: sendTo('session', (_, params: AuthResult) => ({
      type: 'session.login' as const,
      ...params,
    })),
    toast: (args, params: ToastInput) => showToast(args, params),
    /** The address bar shows the place: 'push' makes a Back step, 'replace' does not. */
    writeUrl: (_, params: { route: AppRoute; mode: HistoryMode }) =>
      writeUrl(buildPath(params.route), params.mode),
    setRoute: assign((_, params: { route: AppRoute }) => ({ route: params.route })),
    /** The place a `nav.*` event names becomes the one showing… */
    showNavRoute: assign(({ event }) => ({ route: routeOfNav(event) })),
    /** Signed out: the place asked for is kept for after sign-in (never /login itself). */
    rememberNavRoute: assign(({ event }) => {
      const route = routeOfNav(event);
      return { returnTo: route.name === 'login' ? null : route, returnFor: null };
    }),
    /** The logo setup uploaded travels to the generator in context (a setup without one keeps the last). */
    keepLogo: assign(({ context }, params: { logoUrl: string | null | undefined }) => ({
      businessLogo: params.logoUrl === undefined ? context.businessLogo : params.logoUrl,
    })),
    /** Spec §3 lists `selectedTemplate` among browser-stored values: written, never read (it travels as input). */
    storeTemplate: (_, params: { templateId: string }) =>
      localStorage.setItem(STORAGE_KEYS.selectedTemplate, params.templateId),
    /** A shell request to the child it is for (they run). */
    deliverShellRequest: sendTo(
      ({ event }) => shellDelivery(event as ShellRequest)[0],
      ({ event }) => shellDelivery(event as ShellRequest)[1],
    ),
    /** A shell request kept until the shell's children run. */
    keepShellRequest: assign({
      shellRequests: ({ context, event }) => [...context.shellRequests, event as ShellRequest],
    }),
    /** A move to another place waits while the owner is asked (after Back/Forward the address shows it already). */
    holdLeave: assign({ leaving: ({ event }) => event as LeaveEvent }),
    forgetUnsaved: assign({ unsavedChanges: false, leaving: null }),
    keepStorefrontStore: assign(({ event }) => {
      assertEvent(event, 'storefront.open');
      return { storefrontStore: event.storeId };
    }),
    markOAuthProcessed: () => setFlag(STORAGE_KEYS.oauthProcessed, sessionStorage),
    markGoogleConnected: () => setFlag(STORAGE_KEYS.googleAuthSuccess),
    markFacebookConnected: () => setFlag(STORAGE_KEYS.facebookAuthSuccess),
  },
  guards: {
    googleCallback: ({ context }) => context.oauth?.provider === 'google',
    facebookCallback: ({ context }) => context.oauth?.provider === 'facebook',
    authenticatedOnLoad: ({ context }) => context.storedSession !== null,
    shellReady: ({ context }) => context.shellReady,
    invitationLink: ({ context }) => context.invitationToken !== null,
    nextIsBuilder: ({ context }) => context.next === 'builder',
    isVariant: ({ context }) => context.setupVariant === 'generate',
    routeIs: ({ context }, params: { name: RouteName }) => context.route.name === params.name,
    atCrm: ({ context }) => isCrmRoute(context.route),
    atBusinessDetails: ({ context }) =>
      context.route.name === 'settings' && context.route.params.tab === 'business',
    atSessionReplay: ({ context }) => context.route.name === 'admin' && context.route.params.tab === 'replay',
    otherStore: ({ context, event }) =>
      event.type === 'storefront.open' && event.storeId !== context.storefrontStore,
    toDashboardPlace: ({ event }) => isDashboardRoute(routeOfNav(event)),
    leaveHeld: ({ context }) => context.leaving !== null,
    leavingAfterBack: ({ context }) => context.leaving?.type === 'nav.popstate',
    /** Going to another place (not the same address; a sign-out goes to /login) while a form here has unsaved changes. */
    leavesUnsaved: ({ context, event }) =>
      context.unsavedChanges && buildPath(routeOfNav(event)) !== buildPath(context.route),
    sameBuilderSite: ({ context, event }) => {
      const next = routeOfNav(event);
      return (
        next.name === 'builder' &&
        context.route.name === 'builder' &&
        next.params.siteId === context.route.params.siteId
      );
    },
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => {
    const route = resolveRoute(input.location);
    return {
      storedSession: input.session,
      // The callbacks are authenticated calls: without a session there is nothing to connect.
      oauth: input.session ? detectOAuthCallback(input.location, input.oauthProcessed) : null,
      next: 'builder',
      builder: { websiteId: null },
      businessLogo: null,
      generatorError: null,
      setupVariant: 'setup',
      route,
      // A place opened while signed out is where sign-in goes next.
      returnTo: input.session || route.name === 'login' || route.name === 'invite' ? null : route,
      returnFor: null,
      invitationToken: input.invitationToken ?? null,
      storefrontStore: null,
      replaySessionId: null,
      shellReady: false,
      shellRequests: [],
      unsavedChanges: false,
      leaving: null,
    };
  },
  invoke: [
    { id: 'toasts', systemId: 'toasts', src: 'toasts' },
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      input: ({ context }) => ({ stored: context.storedSession }),
    },
    { id: 'urlWatcher', src: 'urlWatcher' },
  ],
  on: {
    'session.ended': {
      target: '.auth',
      // An expired session comes back to where it was; a logout starts afresh. The next user's logo is theirs.
      actions: assign(({ context, event }) => ({
        returnTo: event.reason === 'expired' ? context.route : null,
        returnFor: event.userId,
        businessLogo: null,
      })),
    },
    // A place outside the current view: the view that shows it takes over.
    'nav.go': { target: '.routing', actions: ['showNavRoute', writeNavUrl] },
    'nav.popstate': { target: '.routing', actions: ['showNavRoute', writeNavUrl] },
  },
  initial: 'boot',
  states: {
    boot: {
      always: [
        { guard: 'googleCallback', target: 'oauth.google' },
        { guard: 'facebookCallback', target: 'oauth.facebook' },
        { guard: 'invitationLink', target: 'invite' },
        {
          guard: 'authenticatedOnLoad',
          target: 'routing',
          // The address as the table writes it (an old link's form, a processed code dropped).
          actions: { type: 'writeUrl', params: ({ context }) => ({ route: context.route, mode: 'replace' }) },
        },
        { target: 'auth' },
      ],
    },
    /** Shows the view of `context.route` (after load, sign-in, Back/Forward or a link). */
    routing: {
      always: [
        {
          guard: { type: 'routeIs', params: { name: 'builder' } },
          target: 'builder',
          actions: assign(({ context }) => ({
            builder: builderTargetOf(context.route) ?? { websiteId: null },
          })),
        },
        { guard: { type: 'routeIs', params: { name: 'flowChoice' } }, target: 'flowChoice' },
        { guard: { type: 'routeIs', params: { name: 'generator' } }, target: 'generator' },
        { guard: { type: 'routeIs', params: { name: 'businessSetup' } }, target: 'businessSetup' },
        {
          guard: { type: 'routeIs', params: { name: 'generateSetup' } },
          target: 'businessSetup',
          actions: assign({ setupVariant: 'generate' as const }),
        },
        {
          // Signed in, /login is no place to be, nor /invite once its link is used or left.
          guard: ({ context }) => context.route.name === 'login' || context.route.name === 'invite',
          target: 'dashboard',
          actions: [
            { type: 'setRoute', params: { route: HOME_ROUTE } },
            { type: 'writeUrl', params: { route: HOME_ROUTE, mode: 'replace' } },
          ],
        },
        { target: 'dashboard' },
      ],
    },
    oauth: {
      tags: ['busy'],
      entry: 'markOAuthProcessed',
      exit: { type: 'writeUrl', params: ({ context }) => ({ route: context.route, mode: 'replace' }) },
      initial: 'google',
      states: {
        google: {
          invoke: {
            src: 'googleAdsCallback',
            input: ({ context }) => ({ code: context.oauth?.code ?? '', state: context.oauth?.state ?? '' }),
            onDone: { target: '#app.dashboard', actions: 'markGoogleConnected' },
            // Spec §8: a Google failure just returns to the dashboard.
            onError: { target: '#app.dashboard' },
          },
        },
        facebook: {
          invoke: {
            src: 'facebookAdsCallback',
            input: ({ context }) => ({ code: context.oauth?.code ?? '', state: context.oauth?.state ?? '' }),
            onDone: {
              target: '#app.dashboard',
              actions: [
                'markFacebookConnected',
                { type: 'toast', params: { type: 'success', title: 'Facebook connected!' } },
              ],
            },
            onError: {
              target: '#app.dashboard',
              actions: {
                type: 'toast',
                params: { type: 'error', title: 'Facebook connection failed', message: 'Please try again' },
              },
            },
          },
        },
      },
    },
    auth: {
      entry: [
        { type: 'setRoute', params: { route: appRoute('login') } },
        { type: 'writeUrl', params: { route: appRoute('login'), mode: 'replace' } },
      ],
      on: {
        // Signed out, every place waits behind the sign-in screen, which remembers it.
        'nav.go': { actions: ['rememberNavRoute', { type: 'writeUrl', params: loginUrl }] },
        'nav.popstate': { actions: ['rememberNavRoute', { type: 'writeUrl', params: loginUrl }] },
      },
      initial: 'idle',
      states: {
        idle: {
          on: { 'auth.login': { target: 'signingIn' }, 'auth.register': { target: 'registering' } },
        },
        signingIn: {
          tags: ['busy'],
          invoke: {
            src: 'login',
            input: ({ event }) => {
              assertEvent(event, 'auth.login');
              return { email: event.email, password: event.password };
            },
            onDone: {
              target: '#app.routing',
              actions: [
                { type: 'startSession', params: ({ event }) => event.output },
                { type: 'toast', params: { type: 'success', title: 'Welcome back!' } },
                // Back to the place that asked for sign-in (an expired session's: for its user only), or the
                // websites list.
                assign(({ context, event }) => ({
                  route: placeAfterSignIn(context, event.output?.user.id),
                  returnTo: null,
                  returnFor: null,
                })),
                { type: 'writeUrl', params: ({ context }) => ({ route: context.route, mode: 'replace' }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'toast', params: ({ event }) => authFailed(event.error) },
            },
          },
        },
        registering: {
          tags: ['busy'],
          invoke: {
            src: 'register',
            input: ({ event }) => {
              assertEvent(event, 'auth.register');
              return { email: event.email, password: event.password, name: event.name };
            },
            onDone: {
              target: '#app.businessSetup',
              actions: [
                { type: 'startSession', params: ({ event }) => event.output },
                { type: 'toast', params: { type: 'success', title: 'Account created!' } },
                { type: 'setRoute', params: { route: appRoute('businessSetup') } },
                { type: 'writeUrl', params: { route: appRoute('businessSetup'), mode: 'replace' } },
                assign({ returnTo: null }),
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'toast', params: ({ event }) => authFailed(event.error) },
            },
          },
        },
      },
    },
    // The invitation landing page (/invite#<token>): joining is part of creating the account or signing in,
    // and lands in the joined account's dashboard — never in business setup, which is for a business of one's own.
    invite: {
      exit: assign({ invitationToken: null }),
      on: { 'invite.leave': { target: 'boot' } },
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'invitationActor',
            src: 'loadInvitation',
            onDone: { target: 'running' },
            onError: { actions: { type: 'toast', params: codeNotLoaded } },
          },
        },
        running: {
          invoke: {
            id: 'invitation',
            systemId: 'invitation',
            src: 'invitation',
            input: ({ context }) => ({
              token: context.invitationToken ?? '',
              signedInEmail: context.storedSession?.user.email ?? null,
            }),
            // Joined: the dashboard, at its home (the /invite address is no place to stay).
            onDone: {
              target: '#app.routing',
              actions: [
                { type: 'setRoute', params: { route: HOME_ROUTE } },
                { type: 'writeUrl', params: { route: HOME_ROUTE, mode: 'replace' } },
              ],
            },
          },
        },
      },
    },
    businessSetup: {
      exit: assign({ setupVariant: 'setup' as const }),
      initial: 'editing',
      states: {
        editing: {
          on: {
            'business.submit': {
              target: 'submitting',
              actions: assign(({ event }) => ({ next: event.next })),
            },
            'view.back': { guard: 'isVariant', target: '#app.dashboard', actions: pushPlace(HOME_ROUTE) },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'setupBusiness',
            input: ({ event }) => {
              assertEvent(event, 'business.submit');
              return event.logo ? { ...event.business, logo: event.logo } : event.business;
            },
            onDone: [
              {
                guard: 'nextIsBuilder',
                target: '#app.builder',
                actions: [keepLogo, { type: 'toast', params: setupDone }],
              },
              {
                target: '#app.generator',
                actions: [
                  keepLogo,
                  { type: 'toast', params: setupDone },
                  ...pushPlace(appRoute('generator')),
                ],
              },
            ],
            onError: {
              target: 'editing',
              actions: {
                type: 'toast',
                params: ({ event }) => ({
                  type: 'error',
                  title: 'Business setup failed',
                  message: errorMessage(event.error, 'Please try again'),
                }),
              },
            },
          },
        },
      },
    },
    dashboard: {
      invoke: [
        {
          id: 'shellActors',
          src: 'loadShellActors',
          // Their code is there: they start as invoked children would have (and stop on exit).
          onDone: {
            actions: [
              spawnChild('tour', { id: 'tour', systemId: 'tour' }),
              spawnChild('review', { id: 'review', systemId: 'review' }),
              spawnChild('planner', { id: 'planner', systemId: 'planner' }),
              // The clicks and commands made while they loaded, in order.
              enqueueActions(({ context, enqueue }) => {
                for (const request of context.shellRequests) {
                  const [to, delivered] = shellDelivery(request);
                  enqueue.sendTo(to, delivered);
                }
              }),
              assign({ shellReady: true, shellRequests: [] }),
            ],
          },
          // The code could not load: the toast says so, and the waiting clicks are not pending forever.
          onError: { actions: [{ type: 'toast', params: codeNotLoaded }, assign({ shellRequests: [] })] },
        },
        {
          id: 'dashboardActors',
          src: 'loadDashboardActors',
          // Their code is there: they start as invoked children would have (and stop on exit).
          onDone: {
            actions: [
              spawnChild('profileForm', { id: 'profileForm', systemId: 'profileForm' }),
              spawnChild('passwordForm', { id: 'passwordForm', systemId: 'passwordForm' }),
              spawnChild('team', { id: 'team', systemId: 'team' }),
              spawnChild('admin', { id: 'admin', systemId: 'admin' }),
              spawnChild('oauthConnect', { id: 'oauthConnect', systemId: 'oauthConnect' }),
            ],
          },
          // The code could not load: the toast says so.
          onError: { actions: { type: 'toast', params: codeNotLoaded } },
        },
      ],
      exit: [
        assign({ shellReady: false, shellRequests: [], unsavedChanges: false, leaving: null }),
        stopChild('tour'),
        stopChild('review'),
        stopChild('profileForm'),
        stopChild('passwordForm'),
        stopChild('team'),
        stopChild('admin'),
        stopChild('planner'),
        stopChild('oauthConnect'),
      ],
      // The actors of one place run only while it shows, so no other place loads their data.
      type: 'parallel',
      states: {
        // The CRM runs (and loads its lists) only while one of its places shows; moving between its sections
        // keeps it, leaving them stops it.
        crm: {
          initial: 'closed',
          states: {
            closed: { always: { guard: 'atCrm', target: 'open' } },
            open: {
              always: { guard: not('atCrm'), target: 'closed' },
              ...loadThenRun('loadCrm', 'crm'),
            },
          },
        },
        storefront: {
          initial: 'closed',
          states: {
            closed: { on: { 'storefront.open': { target: 'open', actions: 'keepStorefrontStore' } } },
            open: {
              // Stopped with the preview (a spawned actor outlives its state otherwise).
              exit: [stopChild('cart'), assign({ storefrontStore: null })],
              on: {
                // Another store: a cart of its own (the same store again keeps the cart as it is).
                'storefront.open': {
                  guard: 'otherStore',
                  target: 'open',
                  reenter: true,
                  actions: 'keepStorefrontStore',
                },
                'storefront.close': { target: 'closed' },
              },
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    src: 'cartLogic',
                    // The loaded logic runs as the preview's cart, for the store it shows.
                    onDone: {
                      target: 'running',
                      actions: enqueueActions(({ enqueue, context, event }) => {
                        // It arrives with the event (not among `actors`): the typed children map cannot name it.
                        enqueue.spawnChild(event.output, {
                          id: 'cart',
                          systemId: 'cart',
                          input: { storeId: context.storefrontStore ?? '', customerId: PREVIEW_CUSTOMER },
                        } as never);
                      }),
                    },
                    onError: { target: 'failed' },
                  },
                },
                running: {},
                // The store's code could not be loaded (offline): the preview keeps waiting until reopened.
                failed: {},
              },
            },
          },
        },
        businessDetails: {
          initial: 'closed',
          states: {
            closed: { always: { guard: 'atBusinessDetails', target: 'open' } },
            open: {
              always: { guard: not('atBusinessDetails'), target: 'closed' },
              // Its form is gone with it: nothing is left unsaved.
              exit: 'forgetUnsaved',
              ...loadThenRun('loadBusinessDetails', 'businessDetails'),
            },
          },
        },
        replaySettings: {
          initial: 'closed',
          states: {
            closed: { on: { 'replaySettings.open': { target: 'open' } } },
            open: {
              on: { 'replaySettings.close': { target: 'closed' } },
              ...loadThenRun('loadReplaySettings', 'replaySettings'),
            },
          },
        },
        replayViewer: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'replayViewer.open': {
                  guard: 'atSessionReplay',
                  target: 'open',
                  actions: assign(({ event }) => ({ replaySessionId: event.sessionId })),
                },
              },
            },
            open: {
              ...loadThenRun('loadReplayPlayer', 'replayPlayer'),
              exit: assign({ replaySessionId: null }),
              // Back to the list, or another place: the list shows next time, as it did when the tab was left.
              on: { 'replayViewer.close': { target: 'closed' } },
              always: { guard: not('atSessionReplay'), target: 'closed' },
            },
          },
        },
      },
      on: {
        'tour.start': shellRequest,
        'review.open': shellRequest,
        'planner.compose': shellRequest,
        // Another section, tab or record: the dashboard (and its tour, forms, …) stays. With typed changes not
        // saved yet, the owner is asked first (anywhere else, too: a place outside the dashboard).
        'nav.go': [askBeforeLeaving, { guard: 'toDashboardPlace', actions: ['showNavRoute', writeNavUrl] }],
        'nav.popstate': [
          askBeforeLeaving,
          { guard: 'toDashboardPlace', actions: ['showNavRoute', writeNavUrl] },
        ],
        // Logout (the account menu): the session ends, once the owner agrees to lose typed changes.
        'session.logout': [askBeforeLeaving, { actions: sendTo('session', ({ event }) => event) }],
        'form.unsaved': { actions: assign({ unsavedChanges: ({ event }) => event.unsaved }) },
        // Stay: the form keeps what was typed; after Back, the address shows this place again.
        'leave.stay': [
          {
            guard: 'leavingAfterBack',
            actions: [
              { type: 'writeUrl', params: ({ context }) => ({ route: context.route, mode: 'push' }) },
              assign({ leaving: null }),
            ],
          },
          { actions: assign({ leaving: null }) },
        ],
        // Leave: the held move (or sign-out) goes ahead (raised again, the changes forgotten before it is taken).
        'leave.confirm': {
          guard: 'leaveHeld',
          actions: [raise(({ context }) => context.leaving as LeaveEvent), 'forgetUnsaved'],
        },
        'website.create': {
          target: 'flowChoice',
          actions: [assign({ builder: { websiteId: null } }), ...pushPlace(appRoute('flowChoice'))],
        },
        'website.generate': {
          target: 'businessSetup',
          actions: [assign({ setupVariant: 'generate' }), ...pushPlace(appRoute('generateSetup'))],
        },
        'template.use': {
          target: 'builder',
          actions: [
            { type: 'storeTemplate', params: ({ event }) => ({ templateId: event.templateId }) },
            assign(({ event }) => ({ builder: { websiteId: null, templateId: event.templateId } })),
          ],
        },
        'website.edit': {
          target: 'builder',
          actions: [
            assign(({ event }) => ({
              builder: { websiteId: event.websiteId, mode: event.mode, focus: event.focus },
            })),
            { type: 'writeUrl', params: ({ event }) => ({ route: editRoute(event), mode: 'push' }) },
            { type: 'setRoute', params: ({ event }) => ({ route: editRoute(event) }) },
          ],
        },
      },
    },
    flowChoice: {
      on: {
        'flow.build': { target: 'builder' },
        'flow.generate': { target: 'generator', actions: pushPlace(appRoute('generator')) },
        'view.back': { target: 'dashboard', actions: pushPlace(HOME_ROUTE) },
      },
    },
    builder: {
      invoke: {
        id: 'builderActors',
        src: 'loadBuilderActors',
        onDone: {
          actions: [
            spawnChild('builder', {
              id: 'builder',
              systemId: 'builder',
              input: ({ context }) => context.builder,
            }),
            spawnChild('publish', { id: 'publish', systemId: 'publish' }),
          ],
        },
        onError: { actions: { type: 'toast', params: codeNotLoaded } },
      },
      exit: [stopChild('builder'), stopChild('publish'), assign({ builder: { websiteId: null } })],
      on: {
        // A new draft's room, or the id its first save gave it: a Back step only when arriving.
        'builder.located': {
          actions: [
            {
              type: 'writeUrl',
              params: ({ context, event }) => ({
                route: locatedRoute(context.route, event.siteId),
                mode: context.route.name === 'builder' ? 'replace' : 'push',
              }),
            },
            {
              type: 'setRoute',
              params: ({ context, event }) => ({ route: locatedRoute(context.route, event.siteId) }),
            },
          ],
        },
        // The same site (only the query changed, e.g. a dialog of its own): the builder stays.
        // Back within the same site (the History dialog's steps): the builder stays open, the place follows.
        'nav.popstate': { guard: 'sameBuilderSite', actions: 'showNavRoute' },
        'website.saved': { target: 'dashboard', actions: pushPlace(HOME_ROUTE) },
        'view.back': { target: 'dashboard', actions: pushPlace(HOME_ROUTE) },
      },
    },
    generator: {
      entry: assign({ generatorError: null }),
      on: {
        'website.saved': { target: 'dashboard', actions: pushPlace(HOME_ROUTE) },
        'view.back': { target: 'dashboard', actions: pushPlace(HOME_ROUTE) },
      },
      initial: 'idle',
      states: {
        idle: { on: { 'generator.generate': { target: 'generating' } } },
        generating: {
          tags: ['busy'],
          entry: assign({ generatorError: null }),
          invoke: {
            src: 'generateWebsite',
            input: ({ context, event }) => {
              assertEvent(event, 'generator.generate');
              return context.businessLogo
                ? { ...event.business, logo: context.businessLogo }
                : event.business;
            },
            // The generated site is saved, then opens in the builder.
            onDone: {
              target: '#app.builder',
              actions: [
                assign(({ event }) => ({ builder: { websiteId: event.output.websiteId } })),
                {
                  type: 'writeUrl',
                  params: ({ event }) => ({ route: siteRoute(event.output.websiteId), mode: 'push' }),
                },
                { type: 'setRoute', params: ({ event }) => ({ route: siteRoute(event.output.websiteId) }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({ generatorError: generationError(event.error) })),
            },
          },
        },
      },
    },
  },
});

function authFailed(error: unknown): ToastInput {
  return {
    type: 'error',
    title: 'Authentication failed',
    message: errorMessage(error, 'Please check your credentials'),
  };
}

export type AppSnapshot = SnapshotFrom<typeof appMachine>;
export type AppActorRef = ActorRefFrom<typeof appMachine>;

/** The top-level view showing. */
export const selectView = (snapshot: AppSnapshot): AppView =>
  (typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]) as AppView;
/** A call of the current view is in flight (sign-in, setup, OAuth). */
export const selectIsBusy = (snapshot: AppSnapshot): boolean => snapshot.hasTag('busy');
// The selectors only views loaded on demand use are in appSelectors.ts (not part of the first screen).
export const selectSessionRef = (snapshot: AppSnapshot) => snapshot.children.session;
export const selectTourRef = (snapshot: AppSnapshot) => snapshot.children.tour;
/** The place showing (what the address bar says). */
export const selectRoute = (snapshot: AppSnapshot) => snapshot.context.route;
/** Signed out at a place of its own (a link, not home; not an expiry, which says so itself): sign-in says why. */
export const selectSignInAsked = ({ context: { returnTo, returnFor } }: AppSnapshot) =>
  !returnFor && returnTo !== null && returnTo.name !== HOME_ROUTE.name;
