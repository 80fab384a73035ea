import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { CHECKOUT_LIMITS } from '../../contracts/store.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { useKeepTypedInput } from '../common/keepTypedInput.ts';

type ShipProps = {
  open: boolean;
  orderNumber: string;
  onCancel: () => void;
  onConfirm: (tracking: { trackingNumber?: string; carrier?: string }) => void;
};

const UNSAVED_TRACKING_HINT = unsavedHint('tracking information', 'Mark as shipped', 'Back');

/** 'Mark as shipped' asks for the tracking number and carrier, both optional. */
export function ShipOrderDialog({ open, orderNumber, onCancel, onConfirm }: ShipProps) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const [carrier, setCarrier] = useState('');
  // Back throws the typed tracking away, so the dialog opens empty again.
  const discard = () => {
    setTrackingNumber('');
    setCarrier('');
    onCancel();
  };
  const keep = useKeepTypedInput(trackingNumber !== '' || carrier !== '', discard, UNSAVED_TRACKING_HINT);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm({
      ...(trackingNumber.trim() ? { trackingNumber: trackingNumber.trim() } : {}),
      ...(carrier.trim() ? { carrier: carrier.trim() } : {}),
    });
  };
  return (
    <Dialog open={open} onClose={keep.onClose} aria-labelledby="ship-order-title">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="ship-order-title">Ship order {orderNumber}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Add the tracking number and carrier if you have them; both are optional.
          </DialogContentText>
          <Stack spacing={2} sx={{ mt: 2 }}>
            {keep.hint ? <Alert severity="warning">{keep.hint}</Alert> : null}
            <TextField
              label="Tracking number (optional)"
              value={trackingNumber}
              onChange={(event) => setTrackingNumber(event.target.value)}
              slotProps={{ htmlInput: { maxLength: CHECKOUT_LIMITS.trackingNumber } }}
            />
            <TextField
              label="Carrier (optional)"
              value={carrier}
              onChange={(event) => setCarrier(event.target.value)}
              slotProps={{ htmlInput: { maxLength: CHECKOUT_LIMITS.carrier } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={keep.cancel}>Back</Button>
          <Button type="submit" variant="contained">
            Mark as shipped
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type CancelProps = { open: boolean; orderNumber: string; onCancel: () => void; onConfirm: () => void };

/** 'Cancel order' asks first: the stock comes back and the buyer is told. */
export function CancelOrderDialog({ open, orderNumber, onCancel, onConfirm }: CancelProps) {
  return (
    <ConfirmDialog
      open={open}
      title={`Cancel order ${orderNumber}?`}
      text={`Cancel order ${orderNumber}? Its items go back into stock.`}
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
