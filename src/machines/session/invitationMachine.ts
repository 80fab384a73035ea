import { assign, type SnapshotFrom, setup } from 'xstate';
import type { AuthResult } from '../../contracts/auth.ts';
import type { InvitationPreview } from '../../contracts/invitations.ts';
import type { AcceptedInvitation } from '../../services/account/accountsApi.ts';
import { ApiError, errorMessage } from '../../services/http/ApiError.ts';
import { forgetPendingInvitation } from '../../services/session/invitationLink.ts';
import { notProvided } from '../app/notProvided.ts';
import { showToast, tellSession } from '../app/systemActions.ts';

export const INVITATION_FAILED = 'The invitation could not be accepted';
/** Spec §platform-shell: the title of a failed sign-in or sign-up toast. */
export const AUTH_FAILED = 'Authentication failed';
export const INVITATION_LOAD_FAILED = 'The invitation could not be loaded';

/** The link's token, and the address of whoever is already signed in in this browser (or null). */
export type InvitationInput = { token: string; signedInEmail: string | null };

/** Creating the invited user, or signing them in, with the link: either joins the account. */
export type JoinInput = { token: string; email: string; password: string; name?: string };
/** What a sign-up or sign-in with the link yields: the session, already in the joined account. */
export type JoinResult = AuthResult & { accountName: string };

export type InvitationEvent =
  | { type: 'invitation.register'; password: string; name?: string }
  | { type: 'invitation.signIn'; password: string }
  /** Signed in already with the invited address: join with one click. */
  | { type: 'invitation.accept' }
  | { type: 'invitation.retry' };

export type InvitationContext = {
  token: string;
  signedInEmail: string | null;
  preview: InvitationPreview | null;
  /** The link is not known to the server (404): the page says the link is not valid. */
  unknown: boolean;
  /** Why the invitation could not be loaded (network, server), for a retry. */
  loadError: string | null;
};

/** Refusals that mean the link changed under the page (used, expired, revoked, another address): read it again. */
const LINK_REFUSALS = [403, 404, 409, 410];

/**
 * The invitation landing page at /invite#<token> (systemId `invitation`, invoked by the app's `invite` view):
 * reads what the link is (account, inviter, address, state), then joins that account in the same step as
 * creating the account or signing in (or with one click for the invited address already signed in). On
 * success the session is in the joined account and the machine is done; an unusable link stays on the page
 * with its state.
 */
type Done<T> = { event: { output: T } };
type Failed = { event: { error: unknown } };

/**
 * How a sign-up or a sign-in with the link ends (the same for both): joined, the session starts in the account;
 * the link changed meanwhile (expired, revoked, used), back to what it now says; otherwise the form again with
 * the spec's "Authentication failed".
 */
const joinOutcome = {
  onDone: {
    target: 'done',
    actions: [
      { type: 'startSession', params: ({ event }: Done<JoinResult>) => event.output },
      {
        type: 'toastJoined',
        params: ({ event }: Done<JoinResult>) => ({ accountName: event.output.accountName }),
      },
    ],
  },
  onError: [
    {
      guard: { type: 'linkChanged', params: ({ event }: Failed) => ({ error: event.error }) },
      target: 'loading',
      actions: {
        type: 'toastFailed',
        params: ({ event }: Failed) => ({ error: event.error, title: INVITATION_FAILED }),
      },
    },
    {
      target: 'ready',
      actions: {
        type: 'toastFailed',
        params: ({ event }: Failed) => ({ error: event.error, title: AUTH_FAILED }),
      },
    },
  ],
} as const;

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as InvitationInput,
  },
  actors: {
    /** POST /api/invitations/preview. */
    previewInvitation: notProvided<InvitationPreview, { token: string }>('previewInvitation'),
    /** POST /api/auth/register with the token. */
    registerWithInvitation: notProvided<JoinResult, JoinInput>('registerWithInvitation'),
    /** POST /api/auth/login with the token. */
    signInWithInvitation: notProvided<JoinResult, JoinInput>('signInWithInvitation'),
    /** POST /api/invitations/accept (signed in). */
    acceptInvitation: notProvided<AcceptedInvitation, { token: string }>('acceptInvitation'),
  },
  actions: {
    /** Drops the token kept for this tab. */
    forgetToken: () => forgetPendingInvitation(),
    /** Refetches the account list (provided by the app). */
    refreshAccounts: () => {},
    startSession: (args, params: AuthResult) =>
      tellSession(args, { type: 'session.login', token: params.token, user: params.user }),
    switchAccount: (args, params: { accountId: string }) =>
      tellSession(args, { type: 'session.accountSelected', accountId: params.accountId }),
    toastJoined: (args, params: { accountName: string }) =>
      showToast(args, { type: 'success', title: `You joined ${params.accountName}` }),
    toastFailed: (args, params: { error: unknown; title: string }) =>
      showToast(args, {
        type: 'error',
        title: params.title,
        // Spec §platform-shell: a failed sign-in or sign-up says "Authentication failed" with the server's
        // message, or "Please check your credentials".
        message: errorMessage(
          params.error,
          params.title === AUTH_FAILED ? 'Please check your credentials' : 'Please try again',
        ),
      }),
  },
  guards: {
    isValid: ({ context }) => context.preview?.state === 'valid',
    linkChanged: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && LINK_REFUSALS.includes(params.error.status),
    notFound: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.status === 404,
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({
    token: input.token,
    signedInEmail: input.signedInEmail,
    preview: null,
    unknown: false,
    loadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'previewInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'checking',
          actions: assign({ preview: ({ event }) => event.output, loadError: null }),
        },
        onError: [
          {
            guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) },
            target: 'unavailable',
            actions: assign({ unknown: true, preview: null }),
          },
          {
            target: 'failed',
            actions: assign({ loadError: ({ event }) => errorMessage(event.error, INVITATION_LOAD_FAILED) }),
          },
        ],
      },
    },
    checking: {
      always: [{ guard: 'isValid', target: 'ready' }, { target: 'unavailable' }],
    },
    failed: {
      on: { 'invitation.retry': { target: 'loading' } },
    },
    // Expired, revoked, used or unknown: the page says so; the link is of no further use in this tab.
    unavailable: {
      entry: 'forgetToken',
    },
    ready: {
      on: {
        'invitation.register': { target: 'registering' },
        'invitation.signIn': { target: 'signingIn' },
        'invitation.accept': { target: 'accepting' },
      },
    },
    registering: {
      tags: ['busy'],
      invoke: {
        src: 'registerWithInvitation',
        input: ({ context, event }) => ({
          token: context.token,
          email: context.preview?.email ?? '',
          password: event.type === 'invitation.register' ? event.password : '',
          ...(event.type === 'invitation.register' && event.name ? { name: event.name } : {}),
        }),
        ...joinOutcome,
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        src: 'signInWithInvitation',
        input: ({ context, event }) => ({
          token: context.token,
          email: context.preview?.email ?? '',
          password: event.type === 'invitation.signIn' ? event.password : '',
        }),
        ...joinOutcome,
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        src: 'acceptInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'done',
          actions: [
            'refreshAccounts',
            { type: 'switchAccount', params: ({ event }) => ({ accountId: event.output.accountId }) },
            { type: 'toastJoined', params: ({ event }) => ({ accountName: event.output.accountName }) },
          ],
        },
        onError: {
          target: 'loading',
          actions: {
            type: 'toastFailed',
            params: ({ event }) => ({ error: event.error, title: INVITATION_FAILED }),
          },
        },
      },
    },
    done: { type: 'final', entry: 'forgetToken' },
  },
});

type InvitationSnapshot = SnapshotFrom<typeof invitationMachine>;

/** What the landing page shows. */
export type InvitationPage =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | {
      kind: 'unavailable';
      state: 'expired' | 'revoked' | 'used' | 'unknown';
      preview: InvitationPreview | null;
    }
  /** `form`: Create account for a new address, Sign in for one with a user, Join for the invited address signed in,
   * `otherUser` when someone else is signed in in this browser. */
  | {
      kind: 'ready';
      preview: InvitationPreview;
      form: 'register' | 'signIn' | 'join' | 'otherUser';
      busy: boolean;
    };

export function selectInvitationPage(snapshot: InvitationSnapshot | undefined): InvitationPage {
  if (!snapshot || snapshot.matches('loading') || snapshot.matches('checking') || snapshot.matches('done'))
    return { kind: 'loading' };
  const { preview, unknown, loadError, signedInEmail } = snapshot.context;
  if (snapshot.matches('failed')) return { kind: 'failed', message: loadError ?? INVITATION_LOAD_FAILED };
  if (snapshot.matches('unavailable') || !preview) {
    const state = unknown || !preview || preview.state === 'valid' ? 'unknown' : preview.state;
    return { kind: 'unavailable', state, preview };
  }
  const form =
    signedInEmail === null
      ? preview.hasAccount
        ? 'signIn'
        : 'register'
      : signedInEmail.toLowerCase() === preview.email
        ? 'join'
        : 'otherUser';
  return { kind: 'ready', preview, form, busy: snapshot.hasTag('busy') };
}
