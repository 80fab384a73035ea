import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session/sessionMachine.ts';
import { useSessionRef } from '../appActorContext.ts';
import {
  type DraftSession,
  type KeptDraft,
  keptDraftKey,
  markKeptAfterExpiry,
  readKeptDraft,
  removeKeptDraft,
  sweepKeptDrafts,
  writeKeptDraft,
} from './keptDrafts.ts';

/** What a form says when it shows what was typed in it before the session expired. */
export const KEPT_DRAFT_NOTE =
  'We kept what you typed before your session expired. Save to keep it, or Cancel to throw it away.';
/** What it says when it shows what was typed in it before the tab was reloaded or closed with it open. */
export const KEPT_TYPING_NOTE =
  'We kept what you typed here before the page was reloaded or closed. Save to keep it, or Cancel to throw it away.';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
type SessionRef = ReturnType<typeof useSessionRef>;

/** The session as the kept drafts see it. */
export function draftSessionOf(snapshot: SessionSnapshot): DraftSession {
  const { user, accountId, expiredIn } = snapshot.context;
  if (user) return { kind: 'signedIn', owner: { userId: user.id, accountId: accountId ?? '' } };
  return expiredIn ? { kind: 'expired' } : { kind: 'signedOut' };
}

// Each app's session is watched once, for as long as it runs: a logout drops this tab's drafts even when no form
// that kept one is open, and a sign-in drops other users' drafts.
const watched = new WeakSet<SessionRef>();
function watchSession(sessionRef: SessionRef): void {
  if (watched.has(sessionRef)) return;
  watched.add(sessionRef);
  sweepKeptDrafts(draftSessionOf(sessionRef.getSnapshot()));
  sessionRef.subscribe((snapshot) => sweepKeptDrafts(draftSessionOf(snapshot)));
}

type Options<T> = {
  /** The form's values, as JSON. */
  values: T;
  /** Whether they differ from what the form opened with (a form unchanged keeps no draft). */
  changed: boolean;
  /** Puts kept values back into the form. */
  restore: (values: T) => void;
  /**
   * An editor on a page rather than a dialog: what was typed stays through leaving it as well (another place,
   * another item, a reload), until it is saved or discarded, and comes back with `note`.
   */
  keepOnLeave?: { note: string };
};

/**
 * Keeps what is typed in the form `form` (e.g. `crm.contact.42`, `store.product.new`) through an expired session,
 * in this tab, for the same user and account: while it is changed its values are in sessionStorage; an unmount
 * because the session expired leaves them there, any other (Save, Cancel, leaving) removes them — but with
 * `keepOnLeave` only a save or a discard (the form back to unchanged) does. A reload or a closed tab runs no
 * unmount, so what was typed stays too. Mounted again after the same user signed in again (or came back, or the
 * page was reloaded), the form gets them back (`restore`) and the note to show is returned: the session's, or the
 * reload's.
 */
export function useKeptDraft<T>(
  form: string,
  { values, changed, restore, keepOnLeave }: Options<T>,
): string | null {
  const sessionRef = useSessionRef();
  const storageKey = useSelector(sessionRef, (snapshot) => {
    const session = draftSessionOf(snapshot);
    return session.kind === 'signedIn' ? keptDraftKey(session.owner, form) : null;
  });
  // Read once, as the form opens; held (not removed while unchanged) until the form has it back.
  const kept = useRef<KeptDraft<T> | null | undefined>(undefined);
  if (kept.current === undefined) kept.current = storageKey ? readKeptDraft<T>(storageKey) : null;
  const [restored, setRestored] = useState<'afterExpiry' | 'afterReload' | null>(null);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  // The entry this form writes, for its unmount (when the session may already be gone).
  const written = useRef<string | null>(null);

  useEffect(() => {
    watchSession(sessionRef);
    if (kept.current === null || kept.current === undefined) return;
    restoreRef.current(kept.current.values);
    setRestored(kept.current.afterExpiry ? 'afterExpiry' : 'afterReload');
  }, [sessionRef]);

  const text = JSON.stringify(values);
  useEffect(() => {
    // Signed out with the form still open: what was written last stays.
    if (storageKey === null) return;
    if (written.current !== null && written.current !== storageKey) removeKeptDraft(written.current);
    written.current = storageKey;
    if (changed) {
      kept.current = null;
      writeKeptDraft(storageKey, text);
    } else if (kept.current === null) removeKeptDraft(storageKey);
  }, [storageKey, changed, text]);

  const keepsOnLeave = keepOnLeave !== undefined;
  useEffect(
    () => () => {
      const key = written.current;
      if (key === null) return;
      if (sessionRef.getSnapshot().context.expiredIn) markKeptAfterExpiry(key);
      else if (!keepsOnLeave) removeKeptDraft(key);
    },
    [sessionRef, keepsOnLeave],
  );

  if (!restored || !changed) return null;
  return keepOnLeave?.note ?? (restored === 'afterExpiry' ? KEPT_DRAFT_NOTE : KEPT_TYPING_NOTE);
}
