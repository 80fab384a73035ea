import { assign, fromCallback, type SnapshotFrom, setup } from 'xstate';
import { errorMessage } from '../../services/http/ApiError.ts';
import { STORAGE_KEYS, setFlag } from '../../services/http/browserStorage.ts';
import type { ToastInput } from '../../services/http/toast.ts';
import { readOAuthPopupMessage } from '../../services/planner/oauthMessages.ts';
import { notProvided } from '../app/notProvided.ts';
import { showToast } from '../app/systemActions.ts';

export type OAuthConnectProvider = 'google' | 'facebook';

export type OAuthConnectEvent =
  /** Connect clicked: Google opens a popup; Facebook leaves for the provider (spec §2: back with ?code). */
  | { type: 'oauth.connect'; provider: OAuthConnectProvider; authorizeUrl: string }
  /** From the popup (postMessage, origin-checked) or its absence. */
  | { type: 'oauth.code'; code: string; state: string }
  | { type: 'oauth.error'; error: string }
  | { type: 'oauth.cancel' };

export type OAuthConnectContext = { error: string | null };

export const POPUP_BLOCKED = 'The sign-in window was blocked: allow popups for this site and try again';
const googleConnected: ToastInput = { type: 'success', title: 'Google Ads connected!' };

/**
 * Connecting an ad platform from Integrations. Google: a popup to the provider, whose
 * /google-callback page posts the code back; the code is exchanged by the server. Facebook: the
 * window goes to the provider and comes back to the app with ?code (the app machine's OAuth view).
 */
export const oauthConnectMachine = setup({
  types: { context: {} as OAuthConnectContext, events: {} as OAuthConnectEvent },
  actors: {
    /** Opens the popup and relays its message; reports oauth.cancel when it cannot open or is closed. */
    popup: fromCallback<OAuthConnectEvent, { url: string }>(({ sendBack, input }) => {
      const popup = window.open(input.url, 'oauth', 'width=520,height=640');
      if (!popup) {
        sendBack({ type: 'oauth.error', error: POPUP_BLOCKED });
        return () => {};
      }
      const onMessage = (event: MessageEvent) => {
        const message = readOAuthPopupMessage(event);
        if (message?.type === 'OAUTH_SUCCESS') {
          sendBack({ type: 'oauth.code', code: message.code, state: message.state });
        } else if (message?.type === 'OAUTH_ERROR') sendBack({ type: 'oauth.error', error: message.error });
      };
      window.addEventListener('message', onMessage);
      // The callback page posts its code and then closes itself: this window can read `closed` before it has
      // handled the message (a busy tab runs the timer first). A window seen closed gets one more tick.
      let seenClosed = false;
      const closed = window.setInterval(() => {
        if (!popup.closed) return;
        if (seenClosed) sendBack({ type: 'oauth.cancel' });
        seenClosed = true;
      }, 500);
      return () => {
        window.removeEventListener('message', onMessage);
        window.clearInterval(closed);
      };
    }),
    /** POST /api/campaign/google-oauth/callback. */
    exchangeGoogle: notProvided<void, { code: string; state: string }>('exchangeGoogle'),
  },
  actions: {
    /** Leaves the app for Facebook's consent page; it returns to the app's root with ?code. */
    leaveForProvider: (_, params: { url: string }) => window.location.assign(params.url),
    markFacebookPending: () => setFlag(STORAGE_KEYS.redirectToFacebookCampaigns),
    markGoogleConnected: () => setFlag(STORAGE_KEYS.googleAuthSuccess),
    toast: (args, params: ToastInput) => showToast(args, params),
    /** Refreshes the catalogue (provided by the live machine). */
    refresh: () => {},
  },
  guards: {
    isGoogle: ({ event }) => event.type === 'oauth.connect' && event.provider === 'google',
  },
}).createMachine({
  id: 'oauthConnect',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'oauth.connect': [
          { guard: 'isGoogle', target: 'awaitingCode', actions: assign({ error: null }) },
          {
            target: 'redirecting',
            actions: [
              'markFacebookPending',
              { type: 'leaveForProvider', params: ({ event }) => ({ url: event.authorizeUrl }) },
            ],
          },
        ],
      },
    },
    awaitingCode: {
      tags: ['busy'],
      invoke: {
        src: 'popup',
        input: ({ event }) => ({ url: event.type === 'oauth.connect' ? event.authorizeUrl : '' }),
      },
      on: {
        'oauth.code': { target: 'exchanging' },
        'oauth.error': { target: 'idle', actions: assign({ error: ({ event }) => event.error }) },
        'oauth.cancel': { target: 'idle' },
      },
    },
    exchanging: {
      tags: ['busy'],
      invoke: {
        src: 'exchangeGoogle',
        input: ({ event }) =>
          event.type === 'oauth.code' ? { code: event.code, state: event.state } : { code: '', state: '' },
        onDone: {
          target: 'idle',
          actions: ['markGoogleConnected', 'refresh', { type: 'toast', params: googleConnected }],
        },
        // Spec §8: a Google failure just returns (here: to the catalogue), with the reason inline.
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) => errorMessage(event.error, 'Google Ads connection failed'),
          }),
        },
      },
    },
    redirecting: { tags: ['busy'] },
  },
});

export type OAuthConnectSnapshot = SnapshotFrom<typeof oauthConnectMachine>;
export const selectOAuthBusy = (s: OAuthConnectSnapshot) => s.hasTag('busy');
export const selectOAuthError = (s: OAuthConnectSnapshot) => s.context.error;
