import { editingMessage, type PresenceRecordKind } from '../../contracts/liveEvents.ts';
import { useMe } from '../../services/http/queries.ts';
import { usePresence } from '../../services/live/presenceQueries.ts';

/**
 * What to show on each record of `kind` that another member has open for editing ('Ann is editing this
 * contact'), by record id; this user's own presence is left out.
 */
export function useOtherEditors(kind: PresenceRecordKind): Map<string, string> {
  const presence = usePresence().data ?? [];
  const myId = useMe().data?.id;
  const notes = new Map<string, string>();
  for (const entry of presence) {
    if (entry.recordKind !== kind || String(entry.userId) === myId) continue;
    const message = editingMessage(entry.name, kind);
    const before = notes.get(entry.recordId);
    notes.set(entry.recordId, before ? `${before}; ${message}` : message);
  }
  return notes;
}
