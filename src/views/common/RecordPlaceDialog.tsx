import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/**
 * What the address of an opened record (`?product=…`, `?item=…`) shows while the record cannot be: that it is
 * loading, or `gone` (deleted, or a wrong link) with what to do, and Close back to the list.
 */
export function RecordPlaceDialog({
  title,
  loading,
  gone,
  onClose,
}: {
  title: string;
  loading: boolean;
  gone: string;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText role="status">{loading ? 'Loading…' : gone}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
