import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LiveEvent, LiveEventKind } from '../contracts/liveEvents.ts';
import { useHttp } from './httpContext.ts';

// The stream and the key map show nothing: they load once the session is known valid, after the first screen.
const stream = () => Promise.all([import('./liveEventStream.ts'), import('./liveEventKeys.ts')]);

type Listener = (events: LiveEvent[]) => void;
const listeners = new Set<Listener>();

/** Hands a batch to the views that hold server data outside the query cache (the CRM machine's lists). */
export function emitLiveEvents(events: LiveEvent[]): void {
  for (const listener of listeners) listener(events);
}

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
            emitLiveEvents(events);
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

/** Calls `onChange` (the latest one) when a batch holds one of `kinds` or a resync. */
export function useLiveEventListener(kinds: readonly LiveEventKind[], onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  const watched = kinds.join(',');
  useEffect(() => {
    const wanted = new Set<string>([...watched.split(','), 'resync']);
    const listener: Listener = (events) => {
      if (events.some((event) => wanted.has(event.kind))) latest.current();
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [watched]);
}
