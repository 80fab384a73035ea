import type {
  AppendBody,
  ReplaySession,
  ReplaySessionDetail,
  ReplaySessionSummary,
  ReplaySessionSummaryPage,
  ReplaySessionsPage,
  ReplaySessionView,
  ReplaySettings,
} from '../../contracts/replay.ts';
import type { PageRequest } from '../admin/adminApi.ts';
import type { CallContext, Http } from '../http/http.ts';

export type ReplaySessionFilter = PageRequest & { email?: string; userId?: string };

// Recording runs in the background: its failures are handled by the shipper, never toasted or signing out.
const background: CallContext = { quietStatuses: [400, 401, 403, 404, 409, 413, 429, 500, 502, 503, 504] };

const toSummary = (raw: ReplaySession): ReplaySessionSummary => ({
  ...raw,
  userId: String(raw.userId),
  accountId: raw.accountId === null ? null : String(raw.accountId),
});

/** GET /api/replay/settings (quiet: asked in the background). */
export async function getReplaySettings(http: Http): Promise<ReplaySettings> {
  return http.get('replay/settings', { context: background }).json<ReplaySettings>();
}

/** PUT /api/replay/settings. */
export async function putReplaySettings(http: Http, settings: ReplaySettings): Promise<ReplaySettings> {
  return http.put('replay/settings', { json: settings }).json<ReplaySettings>();
}

/** POST /api/replay/sessions/{id}/events: one batch of recorded steps (quiet, never retried by ky). */
export async function postReplayEntries(http: Http, sessionId: string, body: AppendBody): Promise<void> {
  await http.post(`replay/sessions/${encodeURIComponent(sessionId)}/events`, {
    json: body,
    context: background,
    retry: 0,
  });
}

/** GET /api/replay/sessions (platform admins): one page, most recently active first. */
export async function listReplaySessions(
  http: Http,
  filter: ReplaySessionFilter,
): Promise<ReplaySessionSummaryPage> {
  const searchParams = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  if (filter.email) searchParams.set('email', filter.email);
  if (filter.userId) searchParams.set('userId', filter.userId);
  const raw = await http.get('replay/sessions', { searchParams }).json<ReplaySessionsPage>();
  return { items: raw.items.map(toSummary), totalCount: raw.totalCount };
}

/** GET /api/replay/sessions/{id} (platform admins): the session and its steps in order. */
export async function getReplaySession(http: Http, id: string): Promise<ReplaySessionView> {
  const raw = await http.get(`replay/sessions/${encodeURIComponent(id)}`).json<ReplaySessionDetail>();
  return { session: toSummary(raw.session), entries: raw.entries };
}
