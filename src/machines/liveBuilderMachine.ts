import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { Http } from '../services/http.ts';
import { queryKeys } from '../services/queryKeys.ts';
import {
  builderMachine,
  type LoadedSite,
  type LoadInput,
  type SavedSite,
  type SaveInput,
} from './builderMachine.ts';

// The document, renderers and storage load with the builder, not with the app's first screen.
const effects = () => import('./builderEffects.ts');

/** The builder with its real effects: IndexedDB + tab sync + the website API. */
export function createLiveBuilderMachine(http: Http, queryClient: QueryClient) {
  return builderMachine.provide({
    actors: {
      loadSite: fromPromise<LoadedSite, LoadInput>(async ({ input }) =>
        (await effects()).loadSite(http, input),
      ),
      saveSite: fromPromise<SavedSite, SaveInput>(async ({ input }) => {
        const saved = await (await effects()).saveSite(http, input);
        void queryClient.invalidateQueries({ queryKey: queryKeys.websites });
        return saved;
      }),
    },
  });
}
