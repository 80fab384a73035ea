import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';

type Request = { noun: string; question: string; onDelete: () => unknown };

/**
 * Asks before a delete, in the app's ConfirmDialog: "Delete this <noun>?", the call site's own question, Cancel
 * and "Delete <noun>". `onDelete` may return a promise (a mutation's `mutateAsync`): the dialog then stays
 * open, busy, until it settles; its failure is the caller's to show (its mutation or machine holds it). Anything
 * else (a machine's optimistic write, an edit of the document) closes it at once.
 */
export function useConfirmDelete(): {
  ask: (noun: string, question: string, onDelete: () => unknown) => void;
  dialog: ReactNode;
} {
  const [request, setRequest] = useState<Request | null>(null);
  const [running, setRunning] = useState(false);
  const close = () => {
    setRequest(null);
    setRunning(false);
  };
  const handleConfirm = () => {
    if (!request || running) return;
    const result = request.onDelete();
    if (!(result instanceof Promise)) return close();
    setRunning(true);
    // Closed either way: a refusal is shown by the caller's own state, not by keeping the question open.
    result.then(close, close);
  };
  return {
    ask: (noun, question, onDelete) => setRequest({ noun, question, onDelete }),
    dialog: request ? (
      <ConfirmDialog
        open
        title={`Delete this ${request.noun}?`}
        text={request.question}
        confirmLabel={`Delete ${request.noun}`}
        busy={running}
        onConfirm={handleConfirm}
        onCancel={close}
      />
    ) : null,
  };
}
