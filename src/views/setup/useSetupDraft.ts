import { useEffect, useRef, useState } from 'react';
import type { Industry } from '../../contracts/industries.ts';
import { useAppActor, useSessionRef } from '../appActorContext.ts';
import { keptDraftKey, removeKeptDraft } from '../common/keptDrafts.ts';
import { draftSessionOf, useKeptDraft } from '../common/useKeptDraft.ts';

export type SetupFields = {
  businessName: string;
  industry: Industry | '';
  services: string;
  email: string;
  phone: string;
};

export const EMPTY_SETUP: SetupFields = {
  businessName: '',
  industry: '',
  services: '',
  email: '',
  phone: '',
};

/** What the business setup form says when what was typed in it is back (after a reload, or leaving it). */
export const KEPT_SETUP_NOTE =
  'What you typed here is back as you left it: your business is not set up yet. Build from Scratch or Generate with AI to save it, or Discard changes to throw it away.';
/** The same, on the variant (Generate Website on the websites list), which edits the stored profile. */
export const KEPT_GENERATE_SETUP_NOTE =
  'Your changes to the business details are back as you left them: they are not saved yet. Generate Website to save them, or Discard changes to throw them away.';

const sameFields = (a: SetupFields, b: SetupFields): boolean =>
  (Object.keys(EMPTY_SETUP) as (keyof SetupFields)[]).every((name) => a[name] === b[name]);

type Options = {
  /** The variant, prefilled from the stored profile (`profile`, once loaded). */
  variant: boolean;
  profile: SetupFields | null | undefined;
  /** The app is setting the business up with the form's values. */
  submitting: boolean;
};

/**
 * The business setup form's fields (text only: a chosen logo file is not kept). What is typed stays through a
 * reload, a closed-and-restored tab, an expired session or leaving the form (useKeptDraft, `keepOnLeave`), in this
 * tab and for this user and account, until the business is set up with it or the owner discards it.
 */
export function useSetupDraft({ variant, profile, submitting }: Options) {
  const app = useAppActor();
  const sessionRef = useSessionRef();
  const form = variant ? 'business.setup.generate' : 'business.setup';
  // What the form opened with: nothing, or (the variant) the stored profile.
  const [opened, setOpened] = useState<SetupFields>(EMPTY_SETUP);
  const [fields, setFields] = useState<SetupFields>(EMPTY_SETUP);
  // Typed in or brought back: the profile arriving (or fetched again) no longer overwrites it.
  const own = useRef(false);
  useEffect(() => {
    if (!variant || !profile) return;
    const { businessName, industry, services, email, phone } = profile;
    const stored = { businessName, industry, services, email, phone };
    setOpened(stored);
    if (!own.current) setFields(stored);
  }, [variant, profile]);

  const changed = !sameFields(fields, opened);
  const note = useKeptDraft(form, {
    values: fields,
    changed,
    restore: (kept: SetupFields) => {
      own.current = true;
      setFields({ ...EMPTY_SETUP, ...kept });
    },
    keepOnLeave: { note: variant ? KEPT_GENERATE_SETUP_NOTE : KEPT_SETUP_NOTE },
  });

  // A kept draft outlives the form, except when the form goes because its values were set up: the app then moved
  // on from submitting them to the builder or the generator. (A failed setup comes back here, still typed.)
  const sent = useRef(false);
  sent.current = submitting;
  useEffect(
    () => () => {
      const now = app.getSnapshot();
      if (!sent.current || !(now.matches('builder') || now.matches('generator'))) return;
      const session = draftSessionOf(sessionRef.getSnapshot());
      if (session.kind === 'signedIn') removeKeptDraft(keptDraftKey(session.owner, form));
    },
    [app, sessionRef, form],
  );

  return {
    fields,
    changed,
    /** Shown above the fields while what was kept is back and not set up yet. */
    note,
    setField: (name: keyof SetupFields, value: string) => {
      own.current = true;
      setFields((current) => ({ ...current, [name]: value }));
    },
    /** The form's values are being sent (before the app says it is busy). */
    markSent: () => {
      sent.current = true;
    },
    /** Back to what the form opened with; the kept draft goes with it. */
    discard: () => {
      own.current = false;
      setFields(opened);
    },
  };
}
