import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { CollabRemote } from '../../canvas/collab.ts';
import type { Http } from '../../services/http/http.ts';
import { queryKeys } from '../../services/http/queryKeys.ts';
import {
  builderMachine,
  type LoadedSite,
  type LoadInput,
  type SavedSite,
  type SaveInput,
} from './builderMachine.ts';

// The document, renderers and storage load with the builder, not with the app's first screen.
const effects = () => import('./builderEffects.ts');

/**
 * The builder with its real effects: IndexedDB + tab sync + the website API, and co-editing through the sync
 * server as the signed-in user (`collabRemote` is read when a site opens; null: no one to connect as).
 */
export function createLiveBuilderMachine(
  http: Http,
  queryClient: QueryClient,
  collabRemote: () => CollabRemote | null = () => null,
) {
  return builderMachine.provide({
    actors: {
      loadSite: fromPromise<LoadedSite, LoadInput>(async ({ input }) =>
        (await effects()).loadSite(http, input, collabRemote()),
      ),
      saveSite: fromPromise<SavedSite, SaveInput>(async ({ input }) => {
        const saved = await (await effects()).saveSite(http, input);
        void queryClient.invalidateQueries({ queryKey: queryKeys.websites });
        return saved;
      }),
    },
  });
}
