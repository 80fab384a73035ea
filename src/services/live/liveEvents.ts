import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useHttp } from '../http/httpContext.ts';

// The stream and the key map show nothing: they load once the session is known valid, after the first screen.
const stream = () => Promise.all([import('./liveEventStream.ts'), import('./liveEventKeys.ts')]);

/**
 * Keeps the account's live event stream open while `enabled` (once the session is known valid) and an account
 * is chosen; each batch of changes invalidates exactly the queries that show them. Closed on unmount (sign-out)
 * and reopened for another account.
 */
export function useLiveEvents(enabled: boolean, accountId: string | null): void {
  const http = useHttp();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || !accountId) return;
    const abort = new AbortController();
    void stream()
      .then(([{ runLiveEventStream }, { applyLiveEvents }]) => {
        if (abort.signal.aborted) return;
        return runLiveEventStream({
          http,
          signal: abort.signal,
          onEvents: (events) => {
            void applyLiveEvents(queryClient, events);
          },
        });
      })
      .catch((error: unknown) => {
        // Its code could not be fetched: the data still refreshes as the queries do, without live updates.
        console.error('Live updates unavailable', error);
      });
    return () => abort.abort();
  }, [enabled, accountId, http, queryClient]);
}
