import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { BusinessDetailsInput } from '../../contracts/business.ts';
import { updateBusinessDetails } from '../../services/account/businessApi.ts';
import type { Http } from '../../services/http/http.ts';
import { queryKeys } from '../../services/http/queryKeys.ts';
import { businessDetailsMachine } from './businessDetailsMachine.ts';

/** The Business details form's machine with its real save: the profile query then holds the new details. */
export function createLiveBusinessDetailsMachine(http: Http, queryClient: QueryClient) {
  return businessDetailsMachine.provide({
    actors: {
      saveDetails: fromPromise(async ({ input }: { input: BusinessDetailsInput }) => {
        // A 400 is shown beside its field by the form: no global toast for it.
        const profile = await updateBusinessDetails(http, input, { quietStatuses: [400] });
        queryClient.setQueryData(queryKeys.businessProfile, profile);
        return profile;
      }),
    },
  });
}
