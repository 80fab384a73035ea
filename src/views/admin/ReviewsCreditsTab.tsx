import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { appRoute } from '../../contracts/appRoutes.ts';
import { useAdminCredits, useAdminReviews } from '../../services/admin/adminQueries.ts';
import type { AdminReview, CreditEntry } from '../../services/admin/reviewApi.ts';
import { DATE_COLUMN, DataTable } from '../common/DataTable.tsx';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { reviewPreview } from './adminFormat.ts';
import { CreditEditDialog } from './CreditEditDialog.tsx';

const reviewColumns: GridColDef<AdminReview>[] = [
  { field: 'userName', headerName: 'User', flex: 1, minWidth: 120 },
  { field: 'userEmail', headerName: 'Email', flex: 1.2, minWidth: 180 },
  {
    field: 'rating',
    headerName: 'Rating',
    width: 140,
    renderCell: ({ row }) => (
      <Rating value={row.rating} readOnly size="small" aria-label={`${row.rating} stars`} />
    ),
  },
  {
    field: 'reviewText',
    headerName: 'Review',
    flex: 2,
    minWidth: 240,
    valueGetter: (value: string) => reviewPreview(value),
  },
  {
    field: 'createdAt',
    headerName: 'Date',
    ...DATE_COLUMN,
  },
];

/** Reviews & Credits: sub-tabs Reviews and Credits; a credit entry opens the edit modal. */
export function ReviewsCreditsTab() {
  // Credits is a place of its own (/admin/reviews?view=credits): reload and Back keep it.
  const route = useRoute();
  const navigate = useNavigate();
  const tab = route.name === 'admin' && route.params.view === 'credits' ? 'credits' : 'reviews';
  const setTab = (next: 'reviews' | 'credits') =>
    navigate(
      appRoute('admin', next === 'credits' ? { tab: 'reviews', view: 'credits' } : { tab: 'reviews' }),
    );
  const [editing, setEditing] = useState<CreditEntry | null>(null);
  const closeEdit = useCallback(() => setEditing(null), []);

  const creditColumns: GridColDef<CreditEntry>[] = [
    { field: 'userName', headerName: 'User', flex: 1, minWidth: 120 },
    { field: 'userEmail', headerName: 'Email', flex: 1.2, minWidth: 180 },
    { field: 'credits', headerName: 'Credits', type: 'number', width: 100 },
    { field: 'source', headerName: 'Source', width: 110 },
    { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 180 },
    {
      field: 'createdAt',
      headerName: 'Date',
      ...DATE_COLUMN,
    },
    {
      field: 'actions',
      headerName: '',
      width: 70,
      sortable: false,
      renderCell: ({ row }) => (
        <IconButton aria-label={`Edit credit of ${row.userEmail}`} onClick={() => setEditing(row)}>
          <EditIcon fontSize="small" />
        </IconButton>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Tabs
        value={tab}
        onChange={(_, value: 'reviews' | 'credits') => setTab(value)}
        aria-label="Reviews and credits"
      >
        <Tab label="Reviews" value="reviews" />
        <Tab label="Credits" value="credits" />
      </Tabs>
      {tab === 'reviews' ? <ReviewsTable /> : <CreditsTable columns={creditColumns} />}
      <CreditEditDialog entry={editing} onClose={closeEdit} />
    </Stack>
  );
}

function ReviewsTable() {
  const reviews = useAdminReviews();
  return (
    <DataTable<AdminReview>
      label="Reviews"
      emptyLabel="No reviews yet"
      rows={reviews.data ?? []}
      columns={reviewColumns}
      loading={reviews.isPending}
    />
  );
}

function CreditsTable({ columns }: { columns: GridColDef<CreditEntry>[] }) {
  const credits = useAdminCredits();
  return (
    <DataTable<CreditEntry>
      label="Credits"
      emptyLabel="No credits yet"
      rows={credits.data ?? []}
      columns={columns}
      loading={credits.isPending}
    />
  );
}
