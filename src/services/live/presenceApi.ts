import type { Presence, PresenceRecordKind } from '../../contracts/liveEvents.ts';
import type { CallContext, Http } from '../http/http.ts';

// Presence is a courtesy: a refused or vanished record never toasts (the dialog itself reports its own errors).
const quiet: { context: CallContext } = { context: { quietStatuses: [401, 403, 404] } };

/** GET /api/presence: who of the account is editing which record. */
export async function listPresence(http: Http): Promise<Presence[]> {
  return http.get('presence').json<Presence[]>();
}

/** PUT /api/presence/{kind}/{id}: this user is editing the record (again, to keep it from expiring). */
export async function markEditing(http: Http, kind: PresenceRecordKind, id: number): Promise<void> {
  await http.put(`presence/${kind}/${id}`, quiet);
}

/** DELETE /api/presence/{kind}/{id}: this user closed the record. */
export async function stopEditing(http: Http, kind: PresenceRecordKind, id: number): Promise<void> {
  await http.delete(`presence/${kind}/${id}`, quiet);
}
