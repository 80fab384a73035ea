// The import sites of the places' children (the CRM, Settings › Business details, the recording switch, a
// replayed session, the invitation page, the Storefront preview's cart), in a module loaded when the app first goes to one of them: their
// preload lists are not part of the first screen's chunk. Each is made with its calls and the query cache.

import type { QueryClient } from '@tanstack/react-query';
import type { Http } from '../../services/http/http.ts';
import type { QueryClientSource } from '../../services/http/queryClientSource.ts';

/** A child's module and the query cache, loaded together, then `make` builds the child with the calls. */
const withCache =
  <M, Child>(load: () => Promise<M>, make: (module: M) => (http: Http, queryClient: QueryClient) => Child) =>
  async (http: Http, queries: QueryClientSource): Promise<Child> => {
    const [module, queryClient] = await Promise.all([load(), queries.load()]);
    return make(module)(http, queryClient);
  };

export const crm = withCache(
  () => import('../crm/liveCrmMachine.ts'),
  (m) => m.createLiveCrmMachine,
);
export const businessDetails = withCache(
  () => import('../account/liveBusinessDetailsMachine.ts'),
  (m) => m.createLiveBusinessDetailsMachine,
);
export const replaySettings = withCache(
  () => import('../account/liveReplaySettingsMachine.ts'),
  (m) => m.createLiveReplaySettingsMachine,
);
export const replayPlayer = async () => (await import('../admin/replayPlayerMachine.ts')).replayPlayerMachine;
export const invitation = withCache(
  () => import('../session/liveInvitationMachine.ts'),
  (m) => m.createLiveInvitationMachine,
);
/** The Storefront preview's cart, through `storeFetch` when given (else the preview's own store client). */
export const cart = async (storeFetch?: typeof fetch) => {
  const [{ liveCartMachine }, { createStoreClient }, { storeClient }] = await Promise.all([
    import('../store/liveCartMachine.ts'),
    import('../../services/store/storeClient.ts'),
    import('../../services/store/storeQueries.ts'),
  ]);
  return liveCartMachine(storeFetch ? createStoreClient(undefined, storeFetch) : storeClient());
};
