import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useStores } from '../../../services/store/storeQueries.ts';
import { ViewOnlyNote } from '../../common/ViewOnlyNote.tsx';
import { OrdersTab } from '../../store/OrdersTab.tsx';
import { ProductsTab } from '../../store/ProductsTab.tsx';
import { Storefront } from '../../store/Storefront.tsx';
import { StoreSettingsTab } from '../../store/StoreSettingsTab.tsx';
import { StoresTab } from '../../store/StoresTab.tsx';
import { type StoreTab, useStoreUrl } from '../../store/storeUrl.ts';
import { SectionPlaceholder, type SectionProps } from '../SectionPlaceholder.tsx';

type Mode = 'storefront' | 'admin';

/** The online store widget (spec §2): a Storefront / Admin toggle over the account's stores. */
export function StoreSection({ title }: SectionProps) {
  const stores = useStores();
  const [mode, setMode] = useState<Mode>('admin');
  // The tab, the store, the Orders filters and the open order live in the URL (`/store/orders?store=…`).
  const url = useStoreUrl();
  const { chooseStore, openStoreTab } = url;
  const list = stores.data ?? [];
  const storeId = list.find((store) => store.storeId === url.storeId)?.storeId ?? list[0]?.storeId ?? null;
  const activeTab: StoreTab = storeId === null ? 'stores' : (url.tab ?? 'products');

  return (
    <SectionPlaceholder title={title}>
      {/* On a phone the store's choice goes under the toggle rather than past the screen's edge. */}
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
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
            onChange={(event) => chooseStore(event.target.value)}
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
          <Storefront key={storeId} storeId={storeId} />
        ) : (
          <Alert severity="info">Create a store in Admin → Stores first.</Alert>
        )
      ) : (
        <Stack spacing={2}>
          <Tabs
            value={activeTab}
            onChange={(_, value: StoreTab) => openStoreTab(value)}
            aria-label="Store admin"
            variant="scrollable"
            scrollButtons="auto"
          >
            <Tab label="Products" value="products" disabled={storeId === null} />
            <Tab label="Orders" value="orders" disabled={storeId === null} />
            <Tab label="Settings" value="settings" disabled={storeId === null} />
            <Tab label="Stores" value="stores" />
          </Tabs>
          {activeTab === 'products' && storeId ? <ProductsTab key={storeId} storeId={storeId} /> : null}
          {activeTab === 'orders' && storeId ? <OrdersTab key={storeId} storeId={storeId} /> : null}
          {activeTab === 'settings' && storeId ? <StoreSettingsTab key={storeId} storeId={storeId} /> : null}
          {activeTab === 'stores' && stores.isSuccess ? (
            <StoresTab stores={list} selected={storeId} onSelect={chooseStore} />
          ) : null}
        </Stack>
      )}
    </SectionPlaceholder>
  );
}
