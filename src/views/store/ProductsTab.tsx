import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { formatMoney, type Product } from '../../contracts/store.ts';
import {
  useCategories,
  useDeleteProduct,
  useOwnerProduct,
  useOwnerProducts,
} from '../../services/store/storeQueries.ts';
import { DataTable } from '../common/DataTable.tsx';
import { RecordPlaceDialog } from '../common/RecordPlaceDialog.tsx';
import { useCan } from '../common/useCan.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { PAGE_SIZES, useServerPaging } from '../common/useServerPaging.ts';
import { CategoriesBar } from './CategoriesBar.tsx';
import { ProductDialog } from './ProductDialog.tsx';
import { useStoreUrl } from './storeUrl.ts';

export const PRODUCT_NOT_FOUND_HERE =
  'This product was not found in this store: it may have been deleted. Pick a product from the list.';

/**
 * The product whose editor the address opens (`?product=<id>`), as it was when the editor opened — from the
 * list's page, or fetched when the page does not hold it (another page, a search, a reload) — so a save sends
 * only what was changed in the editor, whatever the list shows meanwhile.
 */
function useOpenedProduct(storeId: string, productId: number | null, page: readonly Product[] | null) {
  const onPage = page?.find((product) => product.id === productId);
  const fetched = useOwnerProduct(storeId, productId, page !== null && onPage === undefined);
  // A copy fetched for an earlier opening waits for the fresh one.
  const current =
    onPage ?? (fetched.data?.id === productId && !fetched.isFetching ? fetched.data : undefined);
  const [opened, setOpened] = useState<Product | null>(null);
  // Opened anew each time: a product edited and closed reopens as it is now.
  if (productId === null ? opened !== null : current && opened?.id !== productId) setOpened(current ?? null);
  return {
    product: opened?.id === productId ? opened : null,
    loading: productId !== null && (page === null || fetched.isFetching),
  };
}

/** The store's categories, and its products in a server-paged grid with create, edit (stock and category included) and delete. */
export function ProductsTab({ storeId }: { storeId: string }) {
  // The search and the page are in the address (`?q=…&page=…&size=…`): a reload, Back or a link shows the same rows.
  const url = useStoreUrl();
  const paging = useServerPaging(url.listPlace);
  const { query } = paging;
  const products = useOwnerProducts(storeId, {
    skip: (query.page - 1) * query.pageSize,
    take: query.pageSize,
    searchTerm: query.search,
  });
  const remove = useDeleteProduct(storeId);
  const categories = useCategories(storeId);
  const categoryName = (id: number | null) =>
    categories.data?.find((category) => category.id === id)?.name ?? '';
  // The editor is a place of its own (`?product=<id>`, `?product=new`): a reload, Back and a link reopen it.
  const productId = url.productId !== null && /^\d+$/.test(url.productId) ? Number(url.productId) : null;
  const opened = useOpenedProduct(storeId, productId, products.data?.results ?? null);
  const canEdit = useCan('store.edit');
  const closeEditor = () => url.openProduct(null);
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
          <Button
            size="small"
            aria-label={`Edit ${row.name}`}
            onClick={() => url.openProduct(String(row.id))}
          >
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
          value={paging.search}
          onChange={(event) => paging.setSearch(event.target.value)}
        />
        {canEdit ? (
          <Button variant="contained" onClick={() => url.openProduct('new')}>
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
        paginationModel={paging.paging}
        onPaginationModelChange={paging.setPaging}
        pageSizeOptions={[...PAGE_SIZES]}
        autoHeight
      />
      {canEdit && url.productId === 'new' ? (
        <ProductDialog storeId={storeId} product={null} onClose={closeEditor} />
      ) : null}
      {canEdit && opened.product ? (
        <ProductDialog
          key={opened.product.id}
          storeId={storeId}
          product={opened.product}
          onClose={closeEditor}
        />
      ) : null}
      {canEdit && url.productId !== null && url.productId !== 'new' && !opened.product ? (
        <RecordPlaceDialog
          title="Edit Product"
          loading={opened.loading}
          gone={PRODUCT_NOT_FOUND_HERE}
          onClose={closeEditor}
        />
      ) : null}
      {confirm.dialog}
    </Stack>
  );
}
