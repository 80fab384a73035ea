import { useState } from 'react';

type CloseReason = 'backdropClick' | 'escapeKeyDown';

/** Whether `values` differ from what they were when the dialog opened (its first render). */
export function useChangedSinceOpened(values: unknown): boolean {
  const [opened] = useState(() => JSON.stringify(values));
  return JSON.stringify(values) !== opened;
}

/**
 * The one rule for a form dialog's closing, so nothing typed is thrown away by a stray key or tap:
 * - `changed` (its fields differ from what it opened with): Escape or a click beside keeps it open and
 *   `hint` is then shown in it, saying how to keep or discard what was typed;
 * - unchanged: Escape closes it; a click beside does not (a stray tap on a phone should not close a form).
 * Its Cancel (`cancel`) always closes it.
 */
export function useKeepTypedInput(changed: boolean, onClose: () => void, hint: string) {
  const [asked, setAsked] = useState(false);
  // Back to what it opened with (reverted, saved or opened afresh): the next refusal says it again.
  if (asked && !changed) setAsked(false);
  return {
    /** The dialog's `onClose`. */
    onClose: (_event: unknown, reason: CloseReason): void => {
      if (changed) setAsked(true);
      else if (reason !== 'backdropClick') onClose();
    },
    /** Shown in the dialog once a close was refused, while it still holds changes. */
    hint: asked && changed ? hint : null,
    /** The dialog's Cancel: closes it, whatever was typed. */
    cancel: (): void => {
      setAsked(false);
      onClose();
    },
  };
}
