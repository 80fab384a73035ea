import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { CreateAccountInput, InviteInput, MemberInput } from '../../services/account/accountsApi.ts';
import type { UserChanges } from '../../services/admin/adminApi.ts';
import { adminQueryKeys } from '../../services/admin/adminKeys.ts';
import type { CreditUpdate } from '../../services/admin/reviewApi.ts';
import type { Http } from '../../services/http/http.ts';
import { queryKeys } from '../../services/http/queryKeys.ts';
import { adminMachine } from '../admin/adminMachine.ts';
import { teamMachine } from './teamMachine.ts';

// The calls' modules load with the first call that needs them, not with the first screen.
const accounts = () => import('../../services/account/accountsApi.ts');
const admin = () => import('../../services/admin/adminApi.ts');
const reviews = () => import('../../services/admin/reviewApi.ts');

/** The team machine with its real calls; each write refreshes the account data it touched. */
export function createLiveTeamMachine(http: Http, queryClient: QueryClient) {
  return teamMachine.provide({
    actors: {
      createAccount: fromPromise(async ({ input }: { input: CreateAccountInput }) =>
        (await accounts()).createAccount(http, input),
      ),
      inviteOrAdd: fromPromise(async ({ input }: { input: InviteInput }) =>
        (await accounts()).inviteOrAddUser(http, input),
      ),
      changeRole: fromPromise(async ({ input }: { input: MemberInput & { roleName: string } }) =>
        (await accounts()).changeMemberRole(http, input),
      ),
      removeMember: fromPromise(async ({ input }: { input: MemberInput }) =>
        (await accounts()).removeMember(http, input),
      ),
      revokeInvitation: fromPromise(
        async ({ input }: { input: { accountId: string; invitationId: string } }) =>
          (await accounts()).revokeInvitation(http, input),
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
      updateUser: fromPromise(async ({ input }: { input: { userId: string; changes: UserChanges } }) =>
        (await admin()).updateAdminUser(http, input),
      ),
      updateCredit: fromPromise(async ({ input }: { input: CreditUpdate }) =>
        (await reviews()).updateCredit(http, input),
      ),
      retryJob: fromPromise(async ({ input }: { input: { queue: string; jobId: string } }) =>
        (await admin()).retryJob(http, input),
      ),
    },
    actions: {
      refresh: (_, params) => {
        void queryClient.invalidateQueries({ queryKey: [...adminQueryKeys.all, params.data] });
      },
    },
  });
}
