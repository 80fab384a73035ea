import { assertEvent, assign, type SnapshotFrom, setup } from 'xstate';
import type { Account } from '../../contracts/auth.ts';
import type { Industry } from '../../contracts/industries.ts';
import type {
  CreateAccountInput,
  InviteInput,
  InviteResult,
  MemberInput,
} from '../../services/account/accountsApi.ts';
import { ApiError } from '../../services/http/ApiError.ts';
import type { ToastInput } from '../../services/http/toast.ts';
import { notProvided } from '../app/notProvided.ts';
import { showToast } from '../app/systemActions.ts';
import { selectWriteStatus, type WriteStatus } from '../app/writeStatus.ts';

export type TeamEvent =
  | { type: 'team.createAccount'; account: CreateAccountInput }
  | ({ type: 'team.invite' } & InviteInput)
  | ({ type: 'team.changeRole'; roleName: string } & MemberInput)
  | ({ type: 'team.removeMember' } & MemberInput)
  | { type: 'team.revokeInvitation'; accountId: string; invitationId: string }
  /** What is typed in Create New Account, as it is typed. */
  | { type: 'team.draftAccount'; draft: AccountDraft }
  /** A dialog closed: forget the last outcome. */
  | { type: 'team.reset' };

/** Create New Account as typed and not created yet (an industry not chosen yet is ''). */
export type AccountDraft = { name: string; industry: Industry | ''; description: string };

/** A draft with every field empty is no draft: the person cleared it. */
const keptDraft = (draft: AccountDraft): AccountDraft | null =>
  draft.name === '' && draft.industry === '' && draft.description === '' ? null : draft;

export type TeamOperation = 'createAccount' | 'invite' | 'changeRole' | 'removeMember' | 'revokeInvitation';

export type TeamContext = {
  operation: TeamOperation | null;
  /** The account the operation touches (null: the account list itself). */
  accountId: string | null;
  /** The address being invited or added. */
  email: string | null;
  /** The last invitation's outcome (with its link, for a new address). */
  invite: (InviteResult & { email: string }) | null;
  createdAccount: Account | null;
  /**
   * Why the last add was refused, in the server's words, for its dialog to show: an existing user was asked for
   * (Add Existing User) and no user has the address (404). Null otherwise.
   */
  refusal: string | null;
  /**
   * Create New Account as typed, kept here (not in the dialog, which unmounts when it closes) until the account
   * is created or the person empties the fields; closing the dialog keeps it.
   */
  accountDraft: AccountDraft | null;
};

/** Spec §8 (Add user) and our own words for the writes the spec does not name. */
export const TEAM_MESSAGES = {
  userAdded: 'User added successfully',
  invitationSent: 'Invitation sent successfully',
  addFailed: 'Failed to add user',
  accountCreated: 'Account created successfully',
  createFailed: 'Failed to create account',
  roleChanged: 'Role updated',
  roleFailed: 'Failed to update role',
  memberRemoved: 'User removed from the account',
  removeFailed: 'Failed to remove user',
  invitationRevoked: 'Invitation revoked',
  revokeFailed: 'Failed to revoke invitation',
} as const;

const success = (title: string): ToastInput => ({ type: 'success', title });
const failure = (title: string): ToastInput => ({ type: 'error', title });
// A 409 says why (e.g. already a member), in the server's words, under the spec's title.
const conflict = (error: unknown): { message?: string } =>
  error instanceof ApiError && error.status === 409 && error.message ? { message: error.message } : {};
// A 404 to an existing-users-only add (no user has the address) is shown by the dialog, beside the address.
const refusalOf = (error: unknown): string | null =>
  error instanceof ApiError && error.status === 404 && error.message ? error.message : null;

/** What no write has left yet: the start, and a reset. */
const NO_WRITE = {
  operation: null,
  accountId: null,
  email: null,
  invite: null,
  createdAccount: null,
  refusal: null,
} as const satisfies Omit<TeamContext, 'accountDraft'>;

/**
 * The writes of Account Settings and Account Management (systemId `team`), one at a time. Each ends
 * in `succeeded` (toast, refreshed queries) or `failed` (toast); the dialogs read the outcome.
 */
export const teamMachine = setup({
  types: { context: {} as TeamContext, events: {} as TeamEvent },
  actors: {
    createAccount: notProvided<Account, CreateAccountInput>('createAccount'),
    inviteOrAdd: notProvided<InviteResult, InviteInput>('inviteOrAdd'),
    changeRole: notProvided<void, MemberInput & { roleName: string }>('changeRole'),
    removeMember: notProvided<void, MemberInput>('removeMember'),
    revokeInvitation: notProvided<void, { accountId: string; invitationId: string }>('revokeInvitation'),
  },
  actions: {
    toast: (args, params: ToastInput) => showToast(args, params),
    /** Refetches what a write changed: the account's data, or the account list (provided by the app). */
    refresh: (_, _params: { accountId: string | null }) => {},
    begin: assign((_, params: { operation: TeamOperation; accountId: string | null; email?: string }) => ({
      ...NO_WRITE,
      operation: params.operation,
      accountId: params.accountId,
      email: params.email ?? null,
    })),
  },
}).createMachine({
  id: 'team',
  context: { ...NO_WRITE, accountDraft: null },
  initial: 'idle',
  // From any state but `working`, which takes one write at a time (its own `on` wins).
  on: {
    'team.createAccount': {
      target: '.working.createAccount',
      actions: { type: 'begin', params: { operation: 'createAccount', accountId: null } },
    },
    'team.invite': {
      target: '.working.invite',
      actions: {
        type: 'begin',
        params: ({ event }) => ({ operation: 'invite', accountId: event.accountId, email: event.email }),
      },
    },
    'team.changeRole': {
      target: '.working.changeRole',
      actions: {
        type: 'begin',
        params: ({ event }) => ({ operation: 'changeRole', accountId: event.accountId }),
      },
    },
    'team.removeMember': {
      target: '.working.removeMember',
      actions: {
        type: 'begin',
        params: ({ event }) => ({ operation: 'removeMember', accountId: event.accountId }),
      },
    },
    'team.revokeInvitation': {
      target: '.working.revokeInvitation',
      actions: {
        type: 'begin',
        params: ({ event }) => ({ operation: 'revokeInvitation', accountId: event.accountId }),
      },
    },
    'team.draftAccount': { actions: assign({ accountDraft: ({ event }) => keptDraft(event.draft) }) },
    'team.reset': {
      target: '.idle',
      actions: assign(NO_WRITE),
    },
  },
  states: {
    idle: {},
    working: {
      tags: ['busy'],
      on: {
        'team.createAccount': {},
        'team.invite': {},
        'team.changeRole': {},
        'team.removeMember': {},
        'team.revokeInvitation': {},
        'team.reset': {},
      },
      initial: 'createAccount',
      states: {
        createAccount: {
          invoke: {
            src: 'createAccount',
            input: ({ event }) => {
              assertEvent(event, 'team.createAccount');
              return event.account;
            },
            onDone: {
              target: '#team.succeeded',
              actions: [
                assign(({ event }) => ({ createdAccount: event.output, accountDraft: null })),
                { type: 'refresh', params: { accountId: null } },
                { type: 'toast', params: success(TEAM_MESSAGES.accountCreated) },
              ],
            },
            onError: {
              target: '#team.failed',
              actions: { type: 'toast', params: failure(TEAM_MESSAGES.createFailed) },
            },
          },
        },
        invite: {
          invoke: {
            src: 'inviteOrAdd',
            input: ({ event }) => {
              assertEvent(event, 'team.invite');
              const { accountId, email, roleName, existingOnly } = event;
              return { accountId, email, roleName, ...(existingOnly ? { existingOnly } : {}) };
            },
            onDone: {
              target: '#team.succeeded',
              actions: [
                assign(({ event, context }) => ({ invite: { ...event.output, email: context.email ?? '' } })),
                { type: 'refresh', params: ({ context }) => ({ accountId: context.accountId }) },
                {
                  type: 'toast',
                  params: ({ event }) =>
                    success(
                      event.output.wasExistingUser ? TEAM_MESSAGES.userAdded : TEAM_MESSAGES.invitationSent,
                    ),
                },
              ],
            },
            onError: {
              target: '#team.failed',
              actions: [
                assign({ refusal: ({ event }) => refusalOf(event.error) }),
                {
                  type: 'toast',
                  params: ({ event }) => ({ ...failure(TEAM_MESSAGES.addFailed), ...conflict(event.error) }),
                },
              ],
            },
          },
        },
        changeRole: {
          invoke: {
            src: 'changeRole',
            input: ({ event }) => {
              assertEvent(event, 'team.changeRole');
              return { accountId: event.accountId, userId: event.userId, roleName: event.roleName };
            },
            onDone: {
              target: '#team.succeeded',
              actions: [
                { type: 'refresh', params: ({ context }) => ({ accountId: context.accountId }) },
                { type: 'toast', params: success(TEAM_MESSAGES.roleChanged) },
              ],
            },
            onError: {
              target: '#team.failed',
              actions: { type: 'toast', params: failure(TEAM_MESSAGES.roleFailed) },
            },
          },
        },
        removeMember: {
          invoke: {
            src: 'removeMember',
            input: ({ event }) => {
              assertEvent(event, 'team.removeMember');
              return { accountId: event.accountId, userId: event.userId };
            },
            onDone: {
              target: '#team.succeeded',
              actions: [
                { type: 'refresh', params: ({ context }) => ({ accountId: context.accountId }) },
                { type: 'toast', params: success(TEAM_MESSAGES.memberRemoved) },
              ],
            },
            onError: {
              target: '#team.failed',
              actions: { type: 'toast', params: failure(TEAM_MESSAGES.removeFailed) },
            },
          },
        },
        revokeInvitation: {
          invoke: {
            src: 'revokeInvitation',
            input: ({ event }) => {
              assertEvent(event, 'team.revokeInvitation');
              return { accountId: event.accountId, invitationId: event.invitationId };
            },
            onDone: {
              target: '#team.succeeded',
              actions: [
                { type: 'refresh', params: ({ context }) => ({ accountId: context.accountId }) },
                { type: 'toast', params: success(TEAM_MESSAGES.invitationRevoked) },
              ],
            },
            onError: {
              target: '#team.failed',
              actions: { type: 'toast', params: failure(TEAM_MESSAGES.revokeFailed) },
            },
          },
        },
      },
    },
    succeeded: {},
    failed: {},
  },
});

type TeamSnapshot = SnapshotFrom<typeof teamMachine>;

export type TeamStatus = WriteStatus;

export const selectTeamStatus = (snapshot: TeamSnapshot | undefined): TeamStatus =>
  selectWriteStatus(snapshot);
export const selectTeamOperation = (snapshot: TeamSnapshot | undefined): TeamOperation | null =>
  snapshot?.context.operation ?? null;
export const selectLastInvite = (snapshot: TeamSnapshot | undefined) => snapshot?.context.invite ?? null;
export const selectCreatedAccount = (snapshot: TeamSnapshot | undefined) =>
  snapshot?.context.createdAccount ?? null;
/** Why the last add was refused, for its dialog (no user has the address, when only an existing user was asked for). */
export const selectAddRefusal = (snapshot: TeamSnapshot | undefined): string | null =>
  snapshot?.context.refusal ?? null;
/** Create New Account as typed and not created yet, or null. */
export const selectAccountDraft = (snapshot: TeamSnapshot | undefined): AccountDraft | null =>
  snapshot?.context.accountDraft ?? null;
