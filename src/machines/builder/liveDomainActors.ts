import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { DomainView } from '../../contracts/publish.ts';
import { domainQueryKey, verifyWebsiteDomain } from '../../services/builder/publishApi.ts';
import type { Http } from '../../services/http/http.ts';
import { queryKeys } from '../../services/http/queryKeys.ts';

/**
 * The publish machine's `verifyDomain` effect: looks the TXT record up on the server and puts the answer
 * (still pending with its message, or verified) where the dialog reads it, the website's domain query.
 */
export function createVerifyDomain(http: Http, queryClient: QueryClient) {
  return fromPromise(async ({ input }: { input: { websiteId: string } }): Promise<DomainView> => {
    const view = await verifyWebsiteDomain(http, input.websiteId);
    queryClient.setQueryData(domainQueryKey(input.websiteId), view);
    // The website's listed address follows its verified domain.
    void queryClient.invalidateQueries({ queryKey: queryKeys.websites, exact: true });
    return view;
  });
}
