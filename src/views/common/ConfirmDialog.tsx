import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

type Props = {
  open: boolean;
  /** The question, short: "Delete this lead?". */
  title: string;
  /** The sentence saying what will happen. */
  text: string;
  /** The button that does it, naming the action: "Delete lead". */
  confirmLabel: string;
  /** The button that does nothing (Cancel, unless that would read as the action: "Keep order"). */
  cancelLabel?: string;
  /** The action is in flight: its button shows it, and Cancel and Escape wait for it. */
  busy?: boolean;
  /** Red for what cannot be undone (the default), the primary colour otherwise. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The app's own "are you sure?" (never the browser's `window.confirm`): a title, one sentence, Cancel and the
 * action. Cancel has the focus, so Enter or a stray key never does the action; Escape (or a click beside) is Cancel.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  destructive = true,
  onConfirm,
  onCancel,
}: Props) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button autoFocus onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          color={destructive ? 'error' : 'primary'}
          variant="contained"
          loading={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
