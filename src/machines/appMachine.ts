import { type ActorRefFrom, assertEvent, assign, type SnapshotFrom, sendTo, setup } from 'xstate';
import type { AuthResult, BusinessProfile, BusinessSetupInput } from '../contracts/auth.ts';
import { ApiError, errorMessage } from '../services/ApiError.ts';
import type { LoginInput, RegisterInput } from '../services/authApi.ts';
import { STORAGE_KEYS, type StoredSession, setFlag } from '../services/browserStorage.ts';
import type { ToastInput } from '../services/toast.ts';
import { adminMachine } from './adminMachine.ts';
import { type BuilderFocus, type BuilderInput, builderMachine } from './builderMachine.ts';
import { invitationMachine } from './invitationMachine.ts';
import { notProvided } from './notProvided.ts';
import { oauthConnectMachine } from './oauthConnectMachine.ts';
import { detectOAuthCallback, type OAuthCallback, type PageLocation } from './oauthOnLoad.ts';
import { passwordFormMachine } from './passwordFormMachine.ts';
import { plannerEditorMachine } from './plannerEditorMachine.ts';
import { profileFormMachine } from './profileFormMachine.ts';
import { publishMachine } from './publishMachine.ts';
import { reviewMachine } from './reviewMachine.ts';
import { type SessionEndedEvent, sessionMachine } from './sessionMachine.ts';
import { showToast } from './systemActions.ts';
import { teamMachine } from './teamMachine.ts';
import { toastsMachine } from './toastsMachine.ts';
import { tourMachine } from './tourMachine.ts';

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
  | SessionEndedEvent;

/** The setup call's payload, and the optional logo that is uploaded beside it (spec: the call never carries it). */
export type SetupInput = BusinessSetupInput & { logo?: File };

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

/** Read once at start-up by the composition root (storage, URL), so the machine itself stays pure. */
export type AppInput = { session: StoredSession | null; location: PageLocation; oauthProcessed: boolean };

export type AppContext = {
  storedSession: StoredSession | null;
  /** An unprocessed OAuth callback of a signed-in user, handled once on load. */
  oauth: OAuthCallback | null;
  next: SetupNext;
  /** The site the builder opens: a saved id, a local draft, or a new draft. */
  builder: BuilderInput;
  /** The generator screen's failure message (spec §8), null when there is none. */
  generatorError: string | null;
  /** Which business form shows: the first setup, or the variant with a single Generate Website button. */
  setupVariant: 'setup' | 'generate';
};

/** The site of a /builder/<id> deep link (a saved id or a `draft-…` room), or null. */
export function builderTargetFromPath(pathname: string): BuilderInput | null {
  const match = /^\/builder\/([A-Za-z0-9-]{1,64})\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  const id = match[1];
  return id.startsWith('draft-')
    ? { websiteId: null, draftId: id }
    : /^\d+$/.test(id)
      ? { websiteId: id }
      : null;
}

/** The top-level views of spec §2. */
export type AppView =
  | 'boot'
  | 'oauth'
  | 'auth'
  | 'businessSetup'
  | 'flowChoice'
  | 'builder'
  | 'generator'
  | 'dashboard';

const setupDone: ToastInput = { type: 'success', title: 'Business profile created!' };

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
    },
  },
  actors: {
    session: sessionMachine,
    toasts: toastsMachine,
    tour: tourMachine,
    review: reviewMachine,
    profileForm: profileFormMachine,
    passwordForm: passwordFormMachine,
    team: teamMachine,
    admin: adminMachine,
    invitation: invitationMachine,
    builder: builderMachine,
    publish: publishMachine,
    generateWebsite: notProvided<{ websiteId: string }, GenerateInput>('generateWebsite'),
    planner: plannerEditorMachine,
    oauthConnect: oauthConnectMachine,
    login: notProvided<AuthResult, LoginInput>('login'),
    register: notProvided<AuthResult, RegisterInput>('register'),
    setupBusiness: notProvided<BusinessProfile, SetupInput>('setupBusiness'),
    googleAdsCallback: notProvided<void, { code: string; state: string }>('googleAdsCallback'),
    facebookAdsCallback: notProvided<void, { code: string; state: string }>('facebookAdsCallback'),
  },
  actions: {
    startSession: sendTo('session', (_, params: AuthResult) => ({
      type: 'session.login' as const,
      ...params,
    })),
    toast: (args, params: ToastInput) => showToast(args, params),
    /**
     * The auth view lives at /login; the builder at /builder/<id> (kept by the builder machine, which
     * knows the id); the other views at / (dropping a processed OAuth code or a builder path).
     */
    syncUrl: (_, params: { view: 'auth' | 'app' }) => {
      const { pathname, search } = window.location;
      if (params.view === 'auth') {
        if (pathname !== '/login') window.history.replaceState(null, '', '/login');
      } else if (
        pathname === '/login' ||
        pathname.startsWith('/builder/') ||
        new URLSearchParams(search).has('code')
      ) {
        window.history.replaceState(null, '', '/');
      }
    },
    storeTemplate: (_, params: { templateId: string }) =>
      localStorage.setItem(STORAGE_KEYS.selectedTemplate, params.templateId),
    markOAuthProcessed: () => setFlag(STORAGE_KEYS.oauthProcessed, sessionStorage),
    markGoogleConnected: () => setFlag(STORAGE_KEYS.googleAuthSuccess),
    markFacebookConnected: () => setFlag(STORAGE_KEYS.facebookAuthSuccess),
  },
  guards: {
    googleCallback: ({ context }) => context.oauth?.provider === 'google',
    facebookCallback: ({ context }) => context.oauth?.provider === 'facebook',
    authenticatedOnLoad: ({ context }) => context.storedSession !== null,
    nextIsBuilder: ({ context }) => context.next === 'builder',
    isVariant: ({ context }) => context.setupVariant === 'generate',
    builderDeepLink: ({ context }) =>
      context.storedSession !== null &&
      (context.builder.websiteId !== null || context.builder.draftId !== undefined),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    storedSession: input.session,
    // The callbacks are authenticated calls: without a session there is nothing to connect.
    oauth: input.session ? detectOAuthCallback(input.location, input.oauthProcessed) : null,
    next: 'builder',
    builder: (input.session ? builderTargetFromPath(input.location.pathname) : null) ?? { websiteId: null },
    generatorError: null,
    setupVariant: 'setup',
  }),
  invoke: [
    { id: 'toasts', systemId: 'toasts', src: 'toasts' },
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      input: ({ context }) => ({ stored: context.storedSession }),
    },
  ],
  on: {
    'session.ended': { target: '.auth' },
  },
  initial: 'boot',
  states: {
    boot: {
      always: [
        { guard: 'googleCallback', target: 'oauth.google' },
        { guard: 'facebookCallback', target: 'oauth.facebook' },
        { guard: 'builderDeepLink', target: 'builder' },
        {
          guard: 'authenticatedOnLoad',
          target: 'dashboard',
          actions: { type: 'syncUrl', params: { view: 'app' } },
        },
        { target: 'auth' },
      ],
    },
    oauth: {
      tags: ['busy'],
      entry: 'markOAuthProcessed',
      exit: { type: 'syncUrl', params: { view: 'app' } },
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
      entry: { type: 'syncUrl', params: { view: 'auth' } },
      exit: { type: 'syncUrl', params: { view: 'app' } },
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
              target: '#app.dashboard',
              actions: [
                { type: 'startSession', params: ({ event }) => event.output },
                { type: 'toast', params: { type: 'success', title: 'Welcome back!' } },
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
            'view.back': { guard: 'isVariant', target: '#app.dashboard' },
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
                actions: { type: 'toast', params: setupDone },
              },
              { target: '#app.generator', actions: { type: 'toast', params: setupDone } },
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
        { id: 'tour', systemId: 'tour', src: 'tour' },
        { id: 'review', systemId: 'review', src: 'review' },
        { id: 'profileForm', systemId: 'profileForm', src: 'profileForm' },
        { id: 'passwordForm', systemId: 'passwordForm', src: 'passwordForm' },
        { id: 'team', systemId: 'team', src: 'team' },
        { id: 'admin', systemId: 'admin', src: 'admin' },
        { id: 'invitation', systemId: 'invitation', src: 'invitation' },
        { id: 'planner', systemId: 'planner', src: 'planner' },
        { id: 'oauthConnect', systemId: 'oauthConnect', src: 'oauthConnect' },
      ],
      on: {
        'website.create': { target: 'flowChoice', actions: assign({ builder: { websiteId: null } }) },
        'website.generate': { target: 'businessSetup', actions: assign({ setupVariant: 'generate' }) },
        'template.use': {
          target: 'builder',
          actions: [
            { type: 'storeTemplate', params: ({ event }) => ({ templateId: event.templateId }) },
            assign({ builder: { websiteId: null } }),
          ],
        },
        'website.edit': {
          target: 'builder',
          actions: assign(({ event }) => ({
            builder: { websiteId: event.websiteId, mode: event.mode, focus: event.focus },
          })),
        },
      },
    },
    flowChoice: {
      on: {
        'flow.build': { target: 'builder' },
        'flow.generate': { target: 'generator' },
        'view.back': { target: 'dashboard' },
      },
    },
    builder: {
      invoke: [
        { id: 'builder', systemId: 'builder', src: 'builder', input: ({ context }) => context.builder },
        { id: 'publish', systemId: 'publish', src: 'publish' },
      ],
      exit: [{ type: 'syncUrl', params: { view: 'app' } }, assign({ builder: { websiteId: null } })],
      on: { 'website.saved': { target: 'dashboard' }, 'view.back': { target: 'dashboard' } },
    },
    generator: {
      entry: assign({ generatorError: null }),
      on: { 'website.saved': { target: 'dashboard' }, 'view.back': { target: 'dashboard' } },
      initial: 'idle',
      states: {
        idle: { on: { 'generator.generate': { target: 'generating' } } },
        generating: {
          tags: ['busy'],
          entry: assign({ generatorError: null }),
          invoke: {
            src: 'generateWebsite',
            input: ({ event }) => {
              assertEvent(event, 'generator.generate');
              return event.business;
            },
            // The generated site is saved, then opens in the builder.
            onDone: {
              target: '#app.builder',
              actions: assign(({ event }) => ({ builder: { websiteId: event.output.websiteId } })),
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
export const selectSessionRef = (snapshot: AppSnapshot) => snapshot.children.session;
export const selectToastsRef = (snapshot: AppSnapshot) => snapshot.children.toasts;
export const selectTourRef = (snapshot: AppSnapshot) => snapshot.children.tour;
export const selectReviewRef = (snapshot: AppSnapshot) => snapshot.children.review;
export const selectProfileFormRef = (snapshot: AppSnapshot) => snapshot.children.profileForm;
export const selectPasswordFormRef = (snapshot: AppSnapshot) => snapshot.children.passwordForm;
export const selectTeamRef = (snapshot: AppSnapshot) => snapshot.children.team;
export const selectAdminRef = (snapshot: AppSnapshot) => snapshot.children.admin;
export const selectBuilderRef = (snapshot: AppSnapshot) => snapshot.children.builder;
export const selectPublishRef = (snapshot: AppSnapshot) => snapshot.children.publish;
export const selectGeneratorError = (snapshot: AppSnapshot) => snapshot.context.generatorError;
export const selectSetupVariant = (snapshot: AppSnapshot) => snapshot.context.setupVariant;
export const selectPlannerRef = (snapshot: AppSnapshot) => snapshot.children.planner;
export const selectOAuthConnectRef = (snapshot: AppSnapshot) => snapshot.children.oauthConnect;
