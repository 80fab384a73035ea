import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { publishWebsite, unpublishWebsite } from '../../services/builder/publishApi.ts';
import type { Http } from '../../services/http/http.ts';
import { queryKeys } from '../../services/http/queryKeys.ts';
import { createVerifyDomain } from './liveDomainActors.ts';
import { type PublishRequest, publishMachine } from './publishMachine.ts';

/** Publishing with its calls; each refreshes the websites (publish may also have claimed a custom domain). */
export function createLivePublishMachine(http: Http, queryClient: QueryClient) {
  return publishMachine.provide({
    actors: {
      publishSite: fromPromise(async ({ input }: { input: PublishRequest }) => {
        const result = await publishWebsite(http, input.websiteId, {
          subdomain: input.subdomain,
          ...(input.customDomain ? { customDomain: input.customDomain } : {}),
        });
        // Also refreshes the website's custom domain (publish may have claimed one): its key is under websites.
        void queryClient.invalidateQueries({ queryKey: queryKeys.websites });
        return result;
      }),
      unpublishSite: fromPromise(async ({ input }: { input: { websiteId: string } }) => {
        await unpublishWebsite(http, input.websiteId);
        void queryClient.invalidateQueries({ queryKey: queryKeys.websites });
      }),
      verifyDomain: createVerifyDomain(http, queryClient),
    },
  });
}
