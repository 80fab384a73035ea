// The builder's children with their calls: one module, loaded when the app first opens the builder.
import type { CollabRemote } from '../../canvas/collab.ts';
import type { Http } from '../../services/http/http.ts';
import type { QueryClientSource } from '../../services/http/queryClientSource.ts';
import { createLiveBuilderMachine } from '../builder/liveBuilderMachine.ts';
import { createLivePublishMachine } from '../builder/livePublishMachine.ts';

/** The builder and publishing, made once with the query cache. */
export async function builderChildren(
  http: Http,
  queries: QueryClientSource,
  collabRemote: () => CollabRemote | null,
) {
  const queryClient = await queries.load();
  return {
    builder: createLiveBuilderMachine(http, queryClient, collabRemote),
    publish: createLivePublishMachine(http, queryClient),
  };
}
