import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { OUTBOX_STATUSES, type OutboxMessage, type OutboxStatus } from '../../contracts/admin.ts';
import { useOutbox } from '../../services/admin/adminQueries.ts';
import { DATE_COLUMN, DataTable, formatDateTime } from '../common/DataTable.tsx';

const STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  held: 'Held (no mail server)',
  failed: 'Failed',
};

const columns: GridColDef<OutboxMessage>[] = [
  {
    field: 'createdAt',
    headerName: 'Time',
    ...DATE_COLUMN,
  },
  { field: 'to', headerName: 'To', flex: 1, minWidth: 200 },
  { field: 'subject', headerName: 'Subject', flex: 1.5, minWidth: 240 },
  { field: 'kind', headerName: 'Kind', width: 150 },
  {
    field: 'status',
    headerName: 'Status',
    width: 170,
    valueFormatter: (value: OutboxStatus) => STATUS_LABELS[value] ?? value,
  },
  { field: 'attempts', headerName: 'Attempts', width: 90 },
];

/** The admin Outbox tab: every transactional mail, newest first, filtered by status; a row opens its text. */
export function OutboxTab() {
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const outbox = useOutbox({
    skip: paging.page * paging.pageSize,
    take: paging.pageSize,
    ...(status ? { status } : {}),
  });

  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Status"
        size="small"
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as OutboxStatus | '');
          setPaging({ ...paging, page: 0 });
        }}
        sx={{ maxWidth: 260 }}
      >
        <MenuItem value="">All statuses</MenuItem>
        {OUTBOX_STATUSES.map((option) => (
          <MenuItem key={option} value={option}>
            {STATUS_LABELS[option]}
          </MenuItem>
        ))}
      </TextField>
      <DataTable<OutboxMessage>
        label="Outbox"
        emptyLabel="No messages"
        rows={outbox.data?.results ?? []}
        rowCount={outbox.data?.totalCount ?? 0}
        columns={columns}
        loading={outbox.isFetching}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        onRowClick={(params) => setOpen(params.row)}
      />
      <Dialog open={open !== null} onClose={() => setOpen(null)} fullWidth maxWidth="md">
        {open && (
          <>
            <DialogTitle>{open.subject}</DialogTitle>
            <DialogContent dividers>
              <Typography variant="body2" color="text.secondary">
                To {open.to} · {STATUS_LABELS[open.status]} · {formatDateTime(open.createdAt)}
                {open.sentAt ? ` · sent ${formatDateTime(open.sentAt)}` : ''}
              </Typography>
              {open.lastError && (
                <Typography variant="body2" color="error" sx={{ mt: 1 }}>
                  Last error: {open.lastError}
                </Typography>
              )}
              <Typography
                component="pre"
                aria-label="Message text"
                sx={{ mt: 2, whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}
              >
                {open.body}
              </Typography>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(null)}>Close</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Stack>
  );
}
