import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { User } from '../../contracts/auth.ts';
import type { ProfileDraft, profileFormMachine } from '../../machines/account/profileFormMachine.ts';
import { useSessionRef } from '../appActorContext.ts';
import { useKeptDraft } from '../common/useKeptDraft.ts';
import { useLeaveGuard } from '../common/useLeaveGuard.ts';

/** What the Profile form says when the name or email typed in it is back (after a reload or an expired session). */
export const KEPT_PROFILE_NOTE =
  'Your changes to your profile are back as you left them: they are not saved yet. Save profile to keep them, or Discard changes to throw them away.';

type ProfileFormRef = ActorRefFrom<typeof profileFormMachine>;

/**
 * The Profile form's typed name and email (held by the form's actor) while they differ from the user's own:
 * leaving the page asks first (useLeaveGuard), and a reload or an expired session keeps them (useKeptDraft), in this
 * tab, for this user and account, until they are saved or discarded. Left anyway ("Leave without saving"), they are
 * dropped: the form shows the saved profile when it opens again.
 */
export function useProfileDraft(formRef: ProfileFormRef, user: User, typed: ProfileDraft) {
  const sessionRef = useSessionRef();
  // The server compares addresses trimmed and lowercased: so does the question whether it changes.
  const emailChanges = typed.email.trim().toLowerCase() !== user.email.toLowerCase();
  const unsaved = emailChanges || typed.name.trim() !== user.name;
  useLeaveGuard(unsaved);
  const kept = useKeptDraft<ProfileDraft>('account.profile', {
    values: typed,
    changed: unsaved,
    restore: (draft) =>
      formRef.send({
        type: 'profile.edit',
        name: typeof draft.name === 'string' ? draft.name : user.name,
        email: typeof draft.email === 'string' ? draft.email : user.email,
      }),
  });

  const latest = useRef({ user, unsaved });
  latest.current = { user, unsaved };
  useEffect(
    () => () => {
      const { user, unsaved } = latest.current;
      // An expired session keeps the draft (useKeptDraft); the app stops the form's actor itself.
      if (!unsaved || sessionRef.getSnapshot().context.expiredIn) return;
      if (formRef.getSnapshot().status !== 'active') return;
      formRef.send({ type: 'profile.edit', name: user.name, email: user.email });
    },
    [formRef, sessionRef],
  );
  return {
    /** Shown above the fields while what was kept is back and not saved yet. */
    keptNote: kept ? KEPT_PROFILE_NOTE : null,
    /** The name or email differs from the saved profile. */
    unsaved,
    /** The email differs: saving it needs the current password. */
    emailChanges,
  };
}
