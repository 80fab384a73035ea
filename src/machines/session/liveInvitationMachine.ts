import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { Http } from '../../services/http/http.ts';
import { queryKeys } from '../../services/http/queryKeys.ts';
import { registerWithInvitation, signInWithInvitation } from '../../services/session/authApi.ts';
import { invitationMachine, type JoinInput } from './invitationMachine.ts';

// The calls' module loads with the first call that needs it, not with the first screen.
const accounts = () => import('../../services/account/accountsApi.ts');

/** The invitation landing page with its calls: the preview, sign-up or sign-in with the link, or accepting it. */
export function createLiveInvitationMachine(http: Http, queryClient: QueryClient) {
  return invitationMachine.provide({
    actors: {
      previewInvitation: fromPromise(async ({ input }: { input: { token: string } }) =>
        (await accounts()).previewInvitation(http, input.token),
      ),
      registerWithInvitation: fromPromise(({ input }: { input: JoinInput }) =>
        registerWithInvitation(http, input),
      ),
      signInWithInvitation: fromPromise(({ input }: { input: JoinInput }) =>
        signInWithInvitation(http, input),
      ),
      acceptInvitation: fromPromise(async ({ input }: { input: { token: string } }) =>
        (await accounts()).acceptInvitation(http, input.token),
      ),
    },
    actions: {
      refreshAccounts: () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
      },
    },
  });
}
