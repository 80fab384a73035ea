import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { ORDER_STATUS_LABELS } from '../../contracts/orderStatusLabels.ts';
import {
  DELIVERY_METHODS,
  formatMoney,
  formatOrderNumber,
  ORDER_STATUSES,
  type OrderDetails,
  type OrderStatus,
} from '../../contracts/store.ts';
import { errorMessage } from '../../services/http/ApiError.ts';
import { useExportOrders, useStoreOrders } from '../../services/store/storeQueries.ts';
import { DATE_COLUMN, DataTable } from '../common/DataTable.tsx';
import { saveBlob } from '../common/saveBlob.ts';
import { useServerPaging } from '../common/useServerPaging.ts';
import { OrderDrawer } from './OrderDrawer.tsx';
import { DELIVERY_LABELS, itemsSummary, PaymentChip, StatusChip } from './orderLabels.tsx';
import { ORDER_PAGE_SIZES, useStoreUrl } from './storeUrl.ts';

const ALL = 'all';

const columns: GridColDef<OrderDetails>[] = [
  {
    field: 'orderNumber',
    headerName: 'Order',
    width: 90,
    valueFormatter: (value: number) => formatOrderNumber(value),
  },
  {
    field: 'createdDate',
    headerName: 'Date',
    ...DATE_COLUMN,
  },
  {
    field: 'customer',
    headerName: 'Buyer',
    flex: 1,
    minWidth: 180,
    sortable: false,
    renderCell: ({ row }) => (
      <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.3 }}>
        <span>{row.customer.name}</span>
        <Typography variant="caption" color="text.secondary">
          {row.customer.email}
        </Typography>
      </Stack>
    ),
  },
  {
    field: 'items',
    headerName: 'Items',
    flex: 1,
    minWidth: 160,
    sortable: false,
    valueGetter: (_value, row) => itemsSummary(row),
  },
  {
    field: 'total',
    headerName: 'Total',
    width: 100,
    valueFormatter: (_value, row) => formatMoney(row.total, row.currency),
  },
  // The buyer's word for where the order stands (their order page says the same), then the payment on its own.
  {
    field: 'status',
    headerName: 'Status',
    width: 150,
    renderCell: ({ row }) => <StatusChip order={row} />,
  },
  {
    field: 'paymentStatus',
    headerName: 'Payment',
    width: 150,
    renderCell: ({ row }) => <PaymentChip order={row} />,
  },
  {
    field: 'deliveryMethod',
    headerName: 'Delivery',
    width: 100,
    type: 'singleSelect',
    valueOptions: DELIVERY_METHODS.map((value) => ({ value, label: DELIVERY_LABELS[value] })),
  },
];

/**
 * The store's orders, newest first: filters in the URL, live (refetched every 4 s while open), a CSV
 * export of what the filters select, and the order's details and actions in a drawer (`?order=<id>`).
 */
export function OrdersTab({ storeId }: { storeId: string }) {
  const url = useStoreUrl();
  // The search and the page are in the address (`?q=…&page=…&size=…`): a reload, Back or an order's link back
  // shows the same rows. What the owner types shows at once; the address and the request follow, debounced.
  const paging = useServerPaging(url.listPlace);
  const searchTerm = paging.query.search.trim();
  const filters = { ...(url.status ? { status: url.status } : {}), ...(searchTerm ? { searchTerm } : {}) };
  const orders = useStoreOrders(storeId, {
    skip: (paging.query.page - 1) * paging.query.pageSize,
    take: paging.query.pageSize,
    ...filters,
  });
  const exportCsv = useExportOrders(storeId);
  const rows = orders.data?.results ?? [];

  const handleExport = () =>
    exportCsv.mutate(filters, { onSuccess: (blob) => saveBlob(blob, `orders-${storeId}.csv`) });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 2 }}>
        <TextField
          select
          size="small"
          label="Status"
          value={url.status ?? ALL}
          onChange={(event) =>
            url.setOrderStatus(event.target.value === ALL ? null : (event.target.value as OrderStatus))
          }
          sx={{ minWidth: 180 }}
        >
          <MenuItem value={ALL}>All orders</MenuItem>
          {ORDER_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="search"
          label="Search orders"
          placeholder="Order number, buyer name or email"
          value={paging.search}
          onChange={(event) => paging.setSearch(event.target.value)}
          sx={{ minWidth: 280 }}
        />
        <Button variant="outlined" onClick={handleExport} disabled={exportCsv.isPending} sx={{ ml: 'auto' }}>
          {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
      </Stack>
      {exportCsv.error ? (
        <Alert severity="error">
          {`Could not export the orders: ${errorMessage(exportCsv.error, 'the server did not answer')}. Try again.`}
        </Alert>
      ) : null}
      {orders.error && !orders.data ? (
        <Alert severity="error">
          {`Could not load the orders: ${errorMessage(orders.error, 'the server did not answer')}. They reload on their own every few seconds.`}
        </Alert>
      ) : null}
      <DataTable<OrderDetails>
        label="Orders"
        emptyLabel={
          url.status || searchTerm
            ? 'No orders match these filters'
            : 'No orders yet: they appear here as soon as a buyer checks out'
        }
        rows={rows}
        rowCount={orders.data?.totalCount ?? 0}
        // Only the first load: the refetch every 4 s must not flash the grid.
        loading={orders.isLoading}
        columns={columns}
        rowHeight={56}
        paginationMode="server"
        paginationModel={paging.paging}
        onPaginationModelChange={paging.setPaging}
        pageSizeOptions={[...ORDER_PAGE_SIZES.sizes]}
        onRowClick={({ row }) => url.openOrder(row.id)}
        sx={{ border: 0, minHeight: 200, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        autoHeight
      />
      <OrderDrawer
        storeId={storeId}
        orderId={url.orderId}
        order={rows.find((row) => row.id === url.orderId) ?? null}
        loading={orders.isLoading}
        onClose={() => url.openOrder(null)}
      />
    </Stack>
  );
}
