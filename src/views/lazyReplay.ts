import type { InspectionEvent } from 'xstate';
import type { ReplayShipper } from '../machines/replay/replayShipper.ts';
import type { Http } from '../services/http/http.ts';
import type { QueryClientSource } from '../services/http/queryClientSource.ts';

type Inspect = (event: InspectionEvent) => void;

export type LazyReplay = {
  inspect: Inspect;
  shipper: Promise<ReplayShipper>;
  /**
   * Sends what is recorded while the token still works: signing out revokes it, so the sign-out call waits for
   * this first (see the shipper's `flushBeforeSignOut`; nothing to wait for while the shipper is not loaded).
   */
  flushBeforeSignOut(): Promise<void>;
};

/**
 * Session replay (recorder and shipper) loaded after the first screen: the inspector it returns keeps
 * every inspection event in order until the recorder is there, then hands them over, so nothing from
 * start-up is lost. `recording`: false when this browser's last user turned recording off.
 */
export function startLazyReplay(options: {
  recording: boolean;
  http: Http;
  queries: QueryClientSource;
}): LazyReplay {
  let target: Inspect | undefined;
  let loaded: ReplayShipper | undefined;
  const waiting: InspectionEvent[] = [];
  const shipper = Promise.all([
    import('../machines/replay/replayParts.ts'),
    // The shipper reads the recording choice through the query cache.
    options.queries.load(),
  ]).then(([{ createReplayRecorder, startReplayShipper }, queryClient]) => {
    const recorder = createReplayRecorder({ recording: options.recording });
    target = recorder.inspect;
    for (const event of waiting.splice(0)) recorder.inspect(event);
    loaded = startReplayShipper({ recorder, http: options.http, queryClient });
    return loaded;
  });
  shipper.catch((error: unknown) => {
    // Replay is for support only: without it the app works the same; stop holding events.
    target = () => {};
    waiting.length = 0;
    console.error('Session replay failed to load', error);
  });
  return {
    inspect: (event) => {
      if (target) target(event);
      else waiting.push(event);
    },
    shipper,
    flushBeforeSignOut: async () => loaded?.flushBeforeSignOut(),
  };
}
