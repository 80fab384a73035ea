import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import {
  acceptInvitation,
  type CreateAccountInput,
  changeMemberRole,
  createAccount,
  type InviteInput,
  inviteOrAddUser,
  type MemberInput,
  previewInvitation,
  removeMember,
  revokeInvitation,
} from '../services/accountsApi.ts';
import { retryJob, type UserChanges, updateAdminUser } from '../services/adminApi.ts';
import { adminQueryKeys } from '../services/adminQueries.ts';
import { registerWithInvitation, signInWithInvitation } from '../services/authApi.ts';
import type { Http } from '../services/http.ts';
import { queryKeys } from '../services/queryKeys.ts';
import { type CreditUpdate, updateCredit } from '../services/reviewApi.ts';
import { adminMachine } from './adminMachine.ts';
import { invitationMachine, type JoinInput } from './invitationMachine.ts';
import { teamMachine } from './teamMachine.ts';

/** The team machine with its real calls; each write refreshes the account data it touched. */
export function createLiveTeamMachine(http: Http, queryClient: QueryClient) {
  return teamMachine.provide({
    actors: {
      createAccount: fromPromise(({ input }: { input: CreateAccountInput }) => createAccount(http, input)),
      inviteOrAdd: fromPromise(({ input }: { input: InviteInput }) => inviteOrAddUser(http, input)),
      changeRole: fromPromise(({ input }: { input: MemberInput & { roleName: string } }) =>
        changeMemberRole(http, input),
      ),
      removeMember: fromPromise(({ input }: { input: MemberInput }) => removeMember(http, input)),
      revokeInvitation: fromPromise(({ input }: { input: { accountId: string; invitationId: string } }) =>
        revokeInvitation(http, input),
      ),
    },
    actions: {
      refresh: (_, params) => {
        const key =
          params.accountId === null ? queryKeys.accounts : [...queryKeys.accounts, params.accountId];
        void queryClient.invalidateQueries({ queryKey: key });
      },
    },
  });
}

/** The admin machine with its real calls; each write refreshes the admin data it touched. */
export function createLiveAdminMachine(http: Http, queryClient: QueryClient) {
  return adminMachine.provide({
    actors: {
      updateUser: fromPromise(({ input }: { input: { userId: string; changes: UserChanges } }) =>
        updateAdminUser(http, input),
      ),
      updateCredit: fromPromise(({ input }: { input: CreditUpdate }) => updateCredit(http, input)),
      retryJob: fromPromise(({ input }: { input: { queue: string; jobId: string } }) =>
        retryJob(http, input),
      ),
    },
    actions: {
      refresh: (_, params) => {
        void queryClient.invalidateQueries({ queryKey: [...adminQueryKeys.all, params.data] });
      },
    },
  });
}

/** The invitation landing page with its calls: the preview, sign-up or sign-in with the link, or accepting it. */
export function createLiveInvitationMachine(http: Http, queryClient: QueryClient) {
  return invitationMachine.provide({
    actors: {
      previewInvitation: fromPromise(({ input }: { input: { token: string } }) =>
        previewInvitation(http, input.token),
      ),
      registerWithInvitation: fromPromise(({ input }: { input: JoinInput }) =>
        registerWithInvitation(http, input),
      ),
      signInWithInvitation: fromPromise(({ input }: { input: JoinInput }) =>
        signInWithInvitation(http, input),
      ),
      acceptInvitation: fromPromise(({ input }: { input: { token: string } }) =>
        acceptInvitation(http, input.token),
      ),
    },
    actions: {
      refreshAccounts: () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
      },
    },
  });
}
