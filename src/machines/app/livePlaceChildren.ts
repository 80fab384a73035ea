// The import sites of the places' children (the CRM, Settings › Business details, the recording switch, a
// replayed session, the invitation page, the Storefront preview's cart), in a module loaded when the app first goes to one of them: their
// preload lists are not part of the first screen's chunk. Each is made with its calls and the query cache.
import type { Http } from '../../services/http/http.ts';
import type { QueryClientSource } from '../../services/http/queryClientSource.ts';

export const crm = async (http: Http, queries: QueryClientSource) => {
  const [{ createLiveCrmMachine }, queryClient] = await Promise.all([
    import('../crm/liveCrmMachine.ts'),
    queries.load(),
  ]);
  return createLiveCrmMachine(http, queryClient);
};
export const businessDetails = async (http: Http, queries: QueryClientSource) => {
  const [{ createLiveBusinessDetailsMachine }, queryClient] = await Promise.all([
    import('../account/liveBusinessDetailsMachine.ts'),
    queries.load(),
  ]);
  return createLiveBusinessDetailsMachine(http, queryClient);
};
export const replaySettings = async (http: Http, queries: QueryClientSource) => {
  const [{ createLiveReplaySettingsMachine }, queryClient] = await Promise.all([
    import('../account/liveReplaySettingsMachine.ts'),
    queries.load(),
  ]);
  return createLiveReplaySettingsMachine(http, queryClient);
};
export const replayPlayer = async () => (await import('../admin/replayPlayerMachine.ts')).replayPlayerMachine;
export const invitation = async (http: Http, queries: QueryClientSource) => {
  const [{ createLiveInvitationMachine }, queryClient] = await Promise.all([
    import('../session/liveInvitationMachine.ts'),
    queries.load(),
  ]);
  return createLiveInvitationMachine(http, queryClient);
};
/** The Storefront preview's cart, through `storeFetch` when given (else the preview's own store client). */
export const cart = async (storeFetch?: typeof fetch) => {
  const [{ liveCartMachine }, { createStoreClient }, { storeClient }] = await Promise.all([
    import('../store/liveCartMachine.ts'),
    import('../../services/store/storeClient.ts'),
    import('../../services/store/storeQueries.ts'),
  ]);
  return liveCartMachine(storeFetch ? createStoreClient(undefined, storeFetch) : storeClient());
};
