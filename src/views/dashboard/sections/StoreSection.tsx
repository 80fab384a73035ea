import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useStores } from '../../../services/storeQueries.ts';
import { ViewOnlyNote } from '../../common/ViewOnlyNote.tsx';
import { OrdersTab } from '../../store/OrdersTab.tsx';
import { ProductsTab } from '../../store/ProductsTab.tsx';
import { Storefront } from '../../store/Storefront.tsx';
import { StoresTab } from '../../store/StoresTab.tsx';
import { SectionPlaceholder, type SectionProps } from '../SectionPlaceholder.tsx';

type Mode = 'storefront' | 'admin';
type AdminTab = 'products' | 'orders' | 'stores';

/** The online store widget (spec §2): a Storefront / Admin toggle over the account's stores. */
export function StoreSection({ title }: SectionProps) {
  const stores = useStores();
  const [mode, setMode] = useState<Mode>('admin');
  const [tab, setTab] = useState<AdminTab>('products');
  const [chosen, setChosen] = useState<string | null>(null);
  const list = stores.data ?? [];
  const storeId = chosen ?? list[0]?.storeId ?? null;
  const activeTab: AdminTab = storeId === null ? 'stores' : tab;

  return (
    <SectionPlaceholder title={title}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          onChange={(_, value: Mode | null) => value && setMode(value)}
          aria-label="Store view"
        >
          <ToggleButton value="storefront">Storefront</ToggleButton>
          <ToggleButton value="admin">Admin</ToggleButton>
        </ToggleButtonGroup>
        {list.length > 0 ? (
          <TextField
            select
            size="small"
            label="Store"
            value={storeId ?? ''}
            onChange={(event) => setChosen(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            {list.map((store) => (
              <MenuItem key={store.storeId} value={store.storeId}>
                {store.storeName}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Stack>
      <ViewOnlyNote permission="store.edit" />
      {stores.error ? <Alert severity="error">Failed to load stores</Alert> : null}
      {mode === 'storefront' ? (
        storeId ? (
          <Storefront key={storeId} storeId={storeId} customerId="dashboard-preview" />
        ) : (
          <Alert severity="info">Create a store in Admin → Stores first.</Alert>
        )
      ) : (
        <Stack spacing={2}>
          <Tabs value={activeTab} onChange={(_, value: AdminTab) => setTab(value)} aria-label="Store admin">
            <Tab label="Products" value="products" disabled={storeId === null} />
            <Tab label="Orders" value="orders" disabled={storeId === null} />
            <Tab label="Stores" value="stores" />
          </Tabs>
          {activeTab === 'products' && storeId ? <ProductsTab key={storeId} storeId={storeId} /> : null}
          {activeTab === 'orders' && storeId ? <OrdersTab key={storeId} storeId={storeId} /> : null}
          {activeTab === 'stores' && stores.isSuccess ? (
            <StoresTab stores={list} selected={storeId} onSelect={setChosen} />
          ) : null}
        </Stack>
      )}
    </SectionPlaceholder>
  );
}
