import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { formatMoney, ORDER_TRANSITIONS, type Order, type OrderStatus } from '../../contracts/store.ts';
import { errorMessage } from '../../services/ApiError.ts';
import { useChangeOrderStatus, useStoreOrders } from '../../services/storeQueries.ts';
import { DataTable, formatDateTime } from '../common/DataTable.tsx';
import { useCan } from '../common/useCan.ts';

const ACTION_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  paid: 'Mark paid',
  fulfilled: 'Mark fulfilled',
  cancelled: 'Cancel',
};
const STATUS_COLORS = {
  placed: 'info',
  paid: 'primary',
  fulfilled: 'success',
  cancelled: 'default',
} as const;

/** The store's orders, newest first, with the status changes each one allows. */
export function OrdersTab({ storeId }: { storeId: string }) {
  const [paginationModel, setPaginationModel] = useState({ page: 0, pageSize: 25 });
  const orders = useStoreOrders(storeId, {
    skip: paginationModel.page * paginationModel.pageSize,
    take: paginationModel.pageSize,
  });
  const change = useChangeOrderStatus(storeId);
  const canEdit = useCan('store.edit');

  const columns: GridColDef<Order>[] = [
    {
      field: 'createdDate',
      headerName: 'Date',
      width: 180,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    { field: 'customerId', headerName: 'Customer', width: 130 },
    {
      field: 'items',
      headerName: 'Items',
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_value, row) =>
        row.items.map((item) => `${item.quantity} × ${item.productName}`).join(', '),
    },
    {
      field: 'total',
      headerName: 'Total',
      width: 110,
      valueFormatter: (_value, row) => formatMoney(row.total, row.currency),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 110,
      renderCell: ({ row }) => <Chip size="small" label={row.status} color={STATUS_COLORS[row.status]} />,
    },
  ];
  // The status changes only for a role that may change the store.
  const actions: GridColDef<Order>[] = [
    {
      field: 'actions',
      headerName: 'Actions',
      width: 240,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          {ORDER_TRANSITIONS[row.status].map((status) => (
            <Button
              key={status}
              size="small"
              color={status === 'cancelled' ? 'error' : 'primary'}
              disabled={change.isPending}
              onClick={() => change.mutate({ id: row.id, status })}
            >
              {ACTION_LABELS[status]}
            </Button>
          ))}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      {change.error ? (
        <Alert severity="error">{errorMessage(change.error, 'Failed to update order')}</Alert>
      ) : null}
      <DataTable<Order>
        label="Orders"
        emptyLabel="No orders yet"
        rows={orders.data?.results ?? []}
        rowCount={orders.data?.totalCount ?? 0}
        loading={orders.isFetching}
        columns={canEdit ? [...columns, ...actions] : columns}
        paginationMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={setPaginationModel}
        autoHeight
      />
    </Stack>
  );
}
