import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { formatMoney, PRODUCT_PAGE_SIZE, type Product } from '../../contracts/store.ts';
import { useCategories, useDeleteProduct, useOwnerProducts } from '../../services/store/storeQueries.ts';
import { DataTable } from '../common/DataTable.tsx';
import { useCan } from '../common/useCan.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { useDebounced } from '../common/useDebounced.ts';
import { CategoriesBar } from './CategoriesBar.tsx';
import { ProductDialog } from './ProductDialog.tsx';

/** The store's categories, and its products in a server-paged grid with create, edit (stock and category included) and delete. */
export function ProductsTab({ storeId }: { storeId: string }) {
  const [paginationModel, setPaginationModel] = useState({ page: 0, pageSize: PRODUCT_PAGE_SIZE });
  const [search, setSearch] = useState('');
  const searchTerm = useDebounced(search, 300);
  const products = useOwnerProducts(storeId, {
    skip: paginationModel.page * paginationModel.pageSize,
    take: paginationModel.pageSize,
    searchTerm,
  });
  const remove = useDeleteProduct(storeId);
  const categories = useCategories(storeId);
  const categoryName = (id: number | null) =>
    categories.data?.find((category) => category.id === id)?.name ?? '';
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const canEdit = useCan('store.edit');
  const confirm = useConfirmDelete();

  const columns: GridColDef<Product>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    { field: 'code', headerName: 'Code', width: 110 },
    {
      field: 'price',
      headerName: 'Price',
      width: 110,
      valueFormatter: (_value, row) => formatMoney(row.price, row.currency),
    },
    {
      field: 'categoryId',
      headerName: 'Category',
      width: 130,
      valueFormatter: (_value, row) => categoryName(row.categoryId),
    },
    { field: 'inventoryQuantity', headerName: 'Stock', width: 90, type: 'number' },
    { field: 'rating', headerName: 'Rating', width: 80, type: 'number' },
    { field: 'isActive', headerName: 'Active', width: 80, type: 'boolean' },
  ];
  // Edit and Delete only for a role that may change the store; each names its product, so a screen reader
  // tells the rows' buttons apart (the visible words stay short).
  const actions: GridColDef<Product>[] = [
    {
      field: 'actions',
      headerName: 'Actions',
      width: 170,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <Button size="small" aria-label={`Edit ${row.name}`} onClick={() => setEditing(row)}>
            Edit
          </Button>
          <Button
            size="small"
            color="error"
            aria-label={`Delete ${row.name}`}
            onClick={() => confirm.ask('product', `Delete ${row.name}?`, () => remove.mutateAsync(row.id))}
          >
            Delete
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <CategoriesBar storeId={storeId} />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
        <TextField
          size="small"
          label="Search products"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPaginationModel((model) => ({ ...model, page: 0 }));
          }}
        />
        {canEdit ? (
          <Button variant="contained" onClick={() => setEditing('new')}>
            Add Product
          </Button>
        ) : null}
      </Stack>
      <DataTable<Product>
        label="Products"
        emptyLabel="No products found"
        rows={products.data?.results ?? []}
        rowCount={products.data?.totalCount ?? 0}
        loading={products.isFetching}
        columns={canEdit ? [...columns, ...actions] : columns}
        paginationMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={setPaginationModel}
        pageSizeOptions={[10, 20, 50, 100]}
        autoHeight
      />
      {editing && canEdit ? (
        <ProductDialog
          storeId={storeId}
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {confirm.dialog}
    </Stack>
  );
}
