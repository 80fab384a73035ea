import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PRESENCE_REFRESH_MS, type Presence, type PresenceRecordKind } from '../../contracts/liveEvents.ts';
import { useHttp } from '../http/httpContext.ts';
import { queryKeys } from '../http/queryKeys.ts';
import { listPresence, markEditing, stopEditing } from './presenceApi.ts';

// Changes arrive as live events; this only drops presences whose browser went away without saying so.
const EXPIRED_CHECK_MS = 30_000;

/** Who of the account is editing which record, kept current by the live event stream. */
export function usePresence(): UseQueryResult<Presence[]> {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.presence,
    queryFn: () => listPresence(http),
    refetchInterval: EXPIRED_CHECK_MS,
  });
}

/**
 * Tells the account's other members that this user has the record open for editing, as long as the calling
 * component is mounted (refreshed every PRESENCE_REFRESH_MS so it does not expire); null: no record.
 */
export function useEditingPresence(kind: PresenceRecordKind, id: number | null): void {
  const http = useHttp();
  useEffect(() => {
    if (id === null) return;
    const mark = () => void markEditing(http, kind, id).catch(() => undefined);
    mark();
    const refresh = setInterval(mark, PRESENCE_REFRESH_MS);
    return () => {
      clearInterval(refresh);
      void stopEditing(http, kind, id).catch(() => undefined);
    };
  }, [http, kind, id]);
}
