import { type ActorRefFrom, assertEvent, assign, type SnapshotFrom, sendTo, setup } from 'xstate';
import { errorMessage } from '../services/ApiError.ts';
import type { AuthResult, BusinessProfile, BusinessSetupInput } from '../services/apiTypes.ts';
import type { LoginInput, RegisterInput } from '../services/authApi.ts';
import { STORAGE_KEYS, type StoredSession, setFlag } from '../services/browserStorage.ts';
import type { ToastInput } from '../services/toast.ts';
import { notProvided } from './notProvided.ts';
import { detectOAuthCallback, type OAuthCallback, type PageLocation } from './oauthOnLoad.ts';
import { passwordFormMachine } from './passwordFormMachine.ts';
import { profileFormMachine } from './profileFormMachine.ts';
import { reviewMachine } from './reviewMachine.ts';
import { type SessionEndedEvent, sessionMachine } from './sessionMachine.ts';
import { showToast } from './systemActions.ts';
import { toastsMachine } from './toastsMachine.ts';
import { tourMachine } from './tourMachine.ts';

/** Which button submitted the business setup form. */
export type SetupNext = 'builder' | 'generator';

export type AppEvent =
  | ({ type: 'auth.login' } & LoginInput)
  | ({ type: 'auth.register' } & RegisterInput)
  | { type: 'business.submit'; business: BusinessSetupInput; next: SetupNext }
  | { type: 'website.create' }
  | { type: 'flow.build' }
  | { type: 'flow.generate' }
  | { type: 'website.saved' }
  | { type: 'view.back' }
  | SessionEndedEvent;

/** Read once at start-up by the composition root (storage, URL), so the machine itself stays pure. */
export type AppInput = { session: StoredSession | null; location: PageLocation; oauthProcessed: boolean };

export type AppContext = {
  storedSession: StoredSession | null;
  /** An unprocessed OAuth callback of a signed-in user, handled once on load. */
  oauth: OAuthCallback | null;
  next: SetupNext;
};

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
    },
  },
  actors: {
    session: sessionMachine,
    toasts: toastsMachine,
    tour: tourMachine,
    review: reviewMachine,
    profileForm: profileFormMachine,
    passwordForm: passwordFormMachine,
    login: notProvided<AuthResult, LoginInput>('login'),
    register: notProvided<AuthResult, RegisterInput>('register'),
    setupBusiness: notProvided<BusinessProfile, BusinessSetupInput>('setupBusiness'),
    googleAdsCallback: notProvided<void, { code: string }>('googleAdsCallback'),
    facebookAdsCallback: notProvided<void, { code: string }>('facebookAdsCallback'),
  },
  actions: {
    startSession: sendTo('session', (_, params: AuthResult) => ({
      type: 'session.login' as const,
      ...params,
    })),
    toast: (args, params: ToastInput) => showToast(args, params),
    /** The auth view lives at /login; the other views at / (dropping a processed OAuth code). */
    syncUrl: (_, params: { view: 'auth' | 'app' }) => {
      const { pathname, search } = window.location;
      if (params.view === 'auth') {
        if (pathname !== '/login') window.history.replaceState(null, '', '/login');
      } else if (pathname === '/login' || new URLSearchParams(search).has('code')) {
        window.history.replaceState(null, '', '/');
      }
    },
    markOAuthProcessed: () => setFlag(STORAGE_KEYS.oauthProcessed, sessionStorage),
    markGoogleConnected: () => setFlag(STORAGE_KEYS.googleAuthSuccess),
    markFacebookConnected: () => setFlag(STORAGE_KEYS.facebookAuthSuccess),
  },
  guards: {
    googleCallback: ({ context }) => context.oauth?.provider === 'google',
    facebookCallback: ({ context }) => context.oauth?.provider === 'facebook',
    authenticatedOnLoad: ({ context }) => context.storedSession !== null,
    nextIsBuilder: ({ context }) => context.next === 'builder',
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    storedSession: input.session,
    // The callbacks are authenticated calls: without a session there is nothing to connect.
    oauth: input.session ? detectOAuthCallback(input.location, input.oauthProcessed) : null,
    next: 'builder',
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
            input: ({ context }) => ({ code: context.oauth?.code ?? '' }),
            onDone: { target: '#app.dashboard', actions: 'markGoogleConnected' },
            // Spec §8: a Google failure just returns to the dashboard.
            onError: { target: '#app.dashboard' },
          },
        },
        facebook: {
          invoke: {
            src: 'facebookAdsCallback',
            input: ({ context }) => ({ code: context.oauth?.code ?? '' }),
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
      initial: 'editing',
      states: {
        editing: {
          on: {
            'business.submit': {
              target: 'submitting',
              actions: assign(({ event }) => ({ next: event.next })),
            },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'setupBusiness',
            input: ({ event }) => {
              assertEvent(event, 'business.submit');
              return event.business;
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
      ],
      on: { 'website.create': { target: 'flowChoice' } },
    },
    flowChoice: {
      on: {
        'flow.build': { target: 'builder' },
        'flow.generate': { target: 'generator' },
        'view.back': { target: 'dashboard' },
      },
    },
    builder: {
      on: { 'website.saved': { target: 'dashboard' }, 'view.back': { target: 'dashboard' } },
    },
    generator: {
      on: { 'website.saved': { target: 'dashboard' }, 'view.back': { target: 'dashboard' } },
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
