import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { ACTIVITY_TYPES, type ActivityType } from '../../contracts/admin.ts';
import type { ActivityLog } from '../../services/admin/adminApi.ts';
import { useActivityLogs } from '../../services/admin/adminQueries.ts';
import { DATE_COLUMN, DataTable } from '../common/DataTable.tsx';
import { useDebounced } from '../common/useDebounced.ts';

/** `key: value` pairs of an entry's details, on one line. */
function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

const columns: GridColDef<ActivityLog>[] = [
  {
    field: 'createdAt',
    headerName: 'Time',
    ...DATE_COLUMN,
  },
  { field: 'sentence', headerName: 'What happened', flex: 2, minWidth: 320, sortable: false },
  { field: 'type', headerName: 'Type', width: 190 },
  { field: 'accountId', headerName: 'Account', width: 100 },
  { field: 'ip', headerName: 'IP', width: 130 },
  {
    field: 'details',
    headerName: 'Details',
    flex: 1,
    minWidth: 180,
    sortable: false,
    valueGetter: (value: Record<string, unknown>) => describeDetails(value ?? {}),
  },
];

/** The admin Activity Logs tab: newest first, paged on the server, filtered by user and type. */
export function ActivityLogsTab() {
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [email, setEmail] = useState('');
  const [type, setType] = useState<ActivityType | ''>('');
  const settledEmail = useDebounced(email.trim());
  const logs = useActivityLogs({ ...paging, email: settledEmail, type });

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="User email"
          size="small"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setPaging({ ...paging, page: 0 });
          }}
          sx={{ minWidth: 260 }}
        />
        <TextField
          select
          label="Type"
          size="small"
          value={type}
          onChange={(event) => {
            setType(event.target.value as ActivityType | '');
            setPaging({ ...paging, page: 0 });
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">All types</MenuItem>
          {ACTIVITY_TYPES.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <DataTable<ActivityLog>
        label="Activity logs"
        emptyLabel="No activity found"
        rows={logs.data?.items ?? []}
        rowCount={logs.data?.totalCount ?? 0}
        columns={columns}
        loading={logs.isFetching}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
      />
    </Stack>
  );
}
