import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { ReplaySettings } from '../../contracts/replay.ts';
import type { Http } from '../../services/http/http.ts';
import { putReplaySettings } from '../../services/replay/replayApi.ts';
import { replayQueryKeys } from '../../services/replay/replayQueries.ts';
import { replaySettingsMachine } from './replaySettingsMachine.ts';

/** The switch with its real effect: the saved choice goes into the cache the recorder follows. */
export function createLiveReplaySettingsMachine(http: Http, queryClient: QueryClient) {
  return replaySettingsMachine.provide({
    actors: {
      saveSettings: fromPromise(async ({ input }: { input: ReplaySettings }) => {
        const saved = await putReplaySettings(http, input);
        queryClient.setQueryData(replayQueryKeys.settings, saved);
        return saved;
      }),
    },
  });
}
