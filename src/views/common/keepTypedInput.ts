type CloseReason = 'backdropClick' | 'escapeKeyDown';

/**
 * A form dialog's `onClose`: a click or tap beside the dialog does not throw away what was typed in it (a stray
 * tap on a phone did); Escape and Cancel still close it.
 */
export const closeUnlessBackdrop =
  (onClose: () => void) =>
  (_event: unknown, reason: CloseReason): void => {
    if (reason !== 'backdropClick') onClose();
  };
