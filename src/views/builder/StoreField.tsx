import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactElement, useState } from 'react';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { useStores } from '../../services/store/storeQueries.ts';
import { useKeepTypedInput } from '../common/keepTypedInput.ts';
import { NewStoreForm } from '../store/StoresTab.tsx';

const UNSAVED_STORE_HINT = unsavedHint('store', 'Create Store', 'Cancel');

type Props = { label: string; value: string; onChange: (storeId: string) => void };

/**
 * The Store of a product grid, product card or shopping cart: one of the account's stores. Without a
 * store yet, 'Create a store' opens the new-store form in place and binds the element to the new store.
 */
export function StoreField({ label, value, onChange }: Props) {
  const stores = useStores();
  const [creating, setCreating] = useState(false);
  // Escape or a click beside keeps a store being typed (the form says whether anything was).
  const [typed, setTyped] = useState(false);
  const keep = useKeepTypedInput(creating && typed, () => setCreating(false), UNSAVED_STORE_HINT);
  const list = stores.data ?? [];
  const common = { fullWidth: true, size: 'small' as const, margin: 'dense' as const, label };

  let field: ReactElement;
  if (stores.isPending) {
    field = <TextField {...common} disabled value="" helperText="Loading your stores…" />;
  } else if (stores.isError) {
    // Without the list the id can still be typed, as before.
    field = (
      <TextField
        {...common}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        helperText="Could not load your stores: type the store ID, or reload to pick from a list."
      />
    );
  } else if (list.length === 0) {
    field = (
      <Box sx={{ my: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Typography>No store yet</Typography>
        <Typography variant="body2" color="text.secondary">
          Products and the cart show once the element is bound to one of your stores.
        </Typography>
        <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setCreating(true)}>
          Create a store
        </Button>
      </Box>
    );
  } else {
    const known = list.some((store) => store.storeId === value);
    field = (
      <TextField
        {...common}
        select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        helperText={known ? undefined : 'This store is not one of yours: choose one of your stores.'}
        error={!known}
      >
        {known ? null : (
          <MenuItem value={value} disabled>
            {value || '(none)'}
          </MenuItem>
        )}
        {list.map((store) => (
          <MenuItem key={store.storeId} value={store.storeId}>
            {store.storeName}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  return (
    <>
      {field}
      <Dialog open={creating} onClose={keep.onClose} aria-labelledby="create-store-title">
        <DialogTitle id="create-store-title">Create a store</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            {keep.hint ? (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {keep.hint}
              </Alert>
            ) : null}
            <NewStoreForm
              firstStore={list.length === 0}
              onCreated={(store) => {
                onChange(store.storeId);
                setCreating(false);
              }}
              onChanged={setTyped}
              onCancel={keep.cancel}
            />
          </Box>
        </DialogContent>
      </Dialog>
    </>
  );
}
