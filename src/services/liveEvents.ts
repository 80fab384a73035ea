import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useHttp } from './httpContext.ts';
import { applyLiveEvents } from './liveEventKeys.ts';
import { runLiveEventStream } from './liveEventStream.ts';

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
    void runLiveEventStream({
      http,
      signal: abort.signal,
      onEvents: (events) => {
        void applyLiveEvents(queryClient, events);
      },
    });
    return () => abort.abort();
  }, [enabled, accountId, http, queryClient]);
}
