import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReplaySessionSummaryPage, ReplaySessionView, ReplaySettings } from '../../contracts/replay.ts';
import { useHttp } from '../http/httpContext.ts';
import {
  getReplaySession,
  getReplaySettings,
  listReplaySessions,
  type ReplaySessionFilter,
} from './replayApi.ts';

/** Keys of session replay's data: the signed-in user's choice, and the admin's lists. */
export const replayQueryKeys = {
  settings: ['replay', 'settings'] as const,
  sessions: (filter: ReplaySessionFilter) => ['admin', 'replay', 'sessions', filter] as const,
  session: (id: string) => ['admin', 'replay', 'session', id] as const,
};

/**
 * The signed-in user's recording choice. The recording shipper reads the same cache entry, so a
 * change written here (see replaySettingsMachine) stops or starts recording at once.
 */
export function useReplaySettings(): UseQueryResult<ReplaySettings> {
  const http = useHttp();
  return useQuery({ queryKey: replayQueryKeys.settings, queryFn: () => getReplaySettings(http) });
}

/** One page of recorded sessions (platform admins). */
export function useReplaySessions(filter: ReplaySessionFilter): UseQueryResult<ReplaySessionSummaryPage> {
  const http = useHttp();
  return useQuery({
    queryKey: replayQueryKeys.sessions(filter),
    queryFn: () => listReplaySessions(http, filter),
    placeholderData: keepPreviousData,
  });
}

/** One recorded session with its steps (platform admins); each opening is logged by the server. */
export function useReplaySession(id: string | null): UseQueryResult<ReplaySessionView> {
  const http = useHttp();
  return useQuery({
    queryKey: replayQueryKeys.session(id ?? ''),
    queryFn: () => getReplaySession(http, id ?? ''),
    enabled: id !== null,
    // Fetched (and so logged) each time a session is opened, not whenever the window regains focus.
    refetchOnWindowFocus: false,
  });
}
