import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { DEFAULT_STORE_ID, STORE_CURRENCIES, type Store, type StoreCurrency } from '../../contracts/store.ts';
import { errorMessage } from '../../services/http/ApiError.ts';
import { useCreateStore } from '../../services/store/storeQueries.ts';
import { useCan } from '../common/useCan.ts';

const STORE_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

type Props = { stores: Store[]; selected: string | null; onSelect: (storeId: string) => void };

/** The account's stores and a form for a new one (store id, name, currency: USD by default). */
export function StoresTab({ stores, selected, onSelect }: Props) {
  const canEdit = useCan('store.edit');

  return (
    <Stack spacing={3}>
      {stores.length === 0 ? (
        <Typography color="text.secondary">
          {canEdit ? 'No stores yet: create your first one.' : 'No stores yet.'}
        </Typography>
      ) : (
        <List aria-label="Stores">
          {stores.map((store) => (
            <ListItem key={store.storeId} disablePadding>
              <ListItemButton selected={store.storeId === selected} onClick={() => onSelect(store.storeId)}>
                <ListItemText primary={store.storeName} secondary={`${store.storeId} · ${store.currency}`} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {canEdit ? (
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          <Typography variant="h6" component="h3">
            New Store
          </Typography>
          <NewStoreForm firstStore={stores.length === 0} onCreated={(store) => onSelect(store.storeId)} />
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * The new-store form (store id, name, currency: USD by default), used by the Stores tab and by the
 * builder's 'Create a store'. The first store's id defaults to 'default-store'.
 */
export function NewStoreForm({
  firstStore,
  onCreated,
  onChanged,
  onCancel,
}: {
  firstStore: boolean;
  onCreated: (store: Store) => void;
  /** Told whether the fields differ from what the form opened with (a dialog keeps them on Escape). */
  onChanged?: (changed: boolean) => void;
  /** In a dialog: a Cancel button beside Create Store. */
  onCancel?: () => void;
}) {
  const create = useCreateStore();
  const openedId = firstStore ? DEFAULT_STORE_ID : '';
  const [storeId, setStoreId] = useState(openedId);
  const [storeName, setStoreName] = useState('');
  const [currency, setCurrency] = useState<StoreCurrency>('USD');
  const changed = storeId !== openedId || storeName !== '' || currency !== 'USD';
  useEffect(() => onChanged?.(changed), [changed, onChanged]);
  const idError = storeId !== '' && !STORE_ID.test(storeId);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (idError || storeId === '' || storeName.trim() === '') return;
    create.mutate(
      { storeId, storeName: storeName.trim(), currency },
      {
        onSuccess: (store) => {
          setStoreId('');
          setStoreName('');
          onCreated(store);
        },
      },
    );
  };

  const submit = (
    <Button
      type="submit"
      variant="contained"
      disabled={idError || storeId === '' || storeName.trim() === '' || create.isPending}
    >
      Create Store
    </Button>
  );
  return (
    <Stack component="form" spacing={2} onSubmit={handleSubmit} noValidate>
      {create.error ? (
        <Alert severity="error">{errorMessage(create.error, 'Failed to create store')}</Alert>
      ) : null}
      <TextField
        label="Store ID"
        required
        value={storeId}
        onChange={(event) => setStoreId(event.target.value.toLowerCase().replace(/\s+/g, '-'))}
        error={idError}
        helperText={
          idError ? 'Lowercase letters, digits and hyphens only' : 'Used by your site’s store elements'
        }
      />
      <TextField
        label="Store Name"
        required
        value={storeName}
        onChange={(event) => setStoreName(event.target.value)}
      />
      <TextField
        select
        label="Currency"
        value={currency}
        onChange={(event) => setCurrency(event.target.value as StoreCurrency)}
      >
        {STORE_CURRENCIES.map((code) => (
          <MenuItem key={code} value={code}>
            {code}
          </MenuItem>
        ))}
      </TextField>
      {onCancel ? (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>Cancel</Button>
          {submit}
        </Stack>
      ) : (
        submit
      )}
    </Stack>
  );
}
