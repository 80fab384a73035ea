import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useState } from 'react';
import type { AdminUser, UserChanges } from '../../services/admin/adminApi.ts';
import { useAdminUsers } from '../../services/admin/adminQueries.ts';
import { DATE_COLUMN, DataTable } from '../common/DataTable.tsx';
import { useDebounced } from '../common/useDebounced.ts';
import { PLAN_NAMES } from './adminFormat.ts';
import { useAdmin } from './useAdmin.ts';

type Choice<K extends keyof UserChanges> = {
  field: K;
  label: string;
  options: Array<[NonNullable<UserChanges[K]>, string]>;
};

const ROLE: Choice<'role'> = {
  field: 'role',
  label: 'Role',
  options: [
    ['user', 'user'],
    ['admin', 'admin'],
  ],
};
const PLAN: Choice<'plan'> = {
  field: 'plan',
  label: 'Plan',
  options: ([0, 1, 2] as const).map((plan) => [plan, PLAN_NAMES[plan]]),
};
const STATUS: Choice<'status'> = {
  field: 'status',
  label: 'Status',
  options: [
    ['trial', 'trial'],
    ['active', 'active'],
    ['expired', 'expired'],
  ],
};

/** The admin Users tab: every user, paged on the server, with role, plan and status to change. */
export function AdminUsersTab() {
  const { admin, status } = useAdmin();
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [search, setSearch] = useState('');
  const settledSearch = useDebounced(search.trim());
  const users = useAdminUsers({ ...paging, search: settledSearch });

  const choiceColumn = <K extends keyof UserChanges>(choice: Choice<K>): GridColDef<AdminUser> => ({
    field: choice.field,
    headerName: choice.label,
    width: 140,
    renderCell: ({ row }) => (
      <Select
        size="small"
        variant="standard"
        value={String(row[choice.field])}
        disabled={status === 'busy'}
        inputProps={{ 'aria-label': `${choice.label} of ${row.email}` }}
        onChange={(event) => {
          const picked = choice.options.find(([value]) => String(value) === event.target.value);
          if (picked) {
            admin?.send({ type: 'admin.updateUser', userId: row.id, changes: { [choice.field]: picked[0] } });
          }
        }}
      >
        {choice.options.map(([value, label]) => (
          <MenuItem key={String(value)} value={String(value)}>
            {label}
          </MenuItem>
        ))}
      </Select>
    ),
  });

  const columns: GridColDef<AdminUser>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 130 },
    { field: 'email', headerName: 'Email', flex: 1.4, minWidth: 200 },
    choiceColumn(ROLE),
    choiceColumn(PLAN),
    choiceColumn(STATUS),
    {
      field: 'createdAt',
      headerName: 'Joined',
      ...DATE_COLUMN,
    },
  ];

  return (
    <Stack spacing={2}>
      <TextField
        label="Search users"
        size="small"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPaging({ ...paging, page: 0 });
        }}
        sx={{ maxWidth: 360 }}
      />
      <DataTable<AdminUser>
        label="Users"
        emptyLabel="No users found"
        rows={users.data?.items ?? []}
        rowCount={users.data?.totalCount ?? 0}
        columns={columns}
        loading={users.isFetching}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
      />
    </Stack>
  );
}
