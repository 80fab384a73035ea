import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import type { AccountUser } from '../../services/account/accountsApi.ts';
import { DataTable, formatDateTime } from '../common/DataTable.tsx';
import { useTeam } from './useTeam.ts';

type Props = {
  accountId: string;
  users: AccountUser[];
  loading: boolean;
  roles: readonly string[];
  /** The caller is an Admin of the account: roles can be changed and members removed. */
  canManage: boolean;
};

/** The users of an account (spec §3 Account user), with role changes and removal for its Admins. */
export function MembersTable({ accountId, users, loading, roles, canManage }: Props) {
  const { team, status } = useTeam();
  const busy = status === 'busy';

  const columns: GridColDef<AccountUser>[] = [
    { field: 'userName', headerName: 'Name', flex: 1, minWidth: 140 },
    { field: 'userEmail', headerName: 'Email', flex: 1.4, minWidth: 200 },
    {
      field: 'roleName',
      headerName: 'Role',
      width: 150,
      renderCell: ({ row }) =>
        canManage ? (
          <Select
            size="small"
            variant="standard"
            value={row.roleName}
            disabled={busy}
            inputProps={{ 'aria-label': `Role of ${row.userEmail}` }}
            onChange={(event) =>
              team?.send({
                type: 'team.changeRole',
                accountId,
                userId: row.userId,
                roleName: event.target.value,
              })
            }
          >
            {(roles.includes(row.roleName) ? roles : [...roles, row.roleName]).map((role) => (
              <MenuItem key={role} value={role}>
                {role}
              </MenuItem>
            ))}
          </Select>
        ) : (
          row.roleName
        ),
    },
    {
      field: 'joinedAt',
      headerName: 'Joined',
      width: 190,
      valueFormatter: (value: string) => formatDateTime(value),
    },
  ];
  if (canManage) {
    columns.push({
      field: 'actions',
      headerName: '',
      width: 70,
      sortable: false,
      filterable: false,
      // A column of buttons has nothing to sort or filter: no header menu (it would read " column menu").
      disableColumnMenu: true,
      renderCell: ({ row }) => (
        <Tooltip title="Remove from account">
          <span>
            <IconButton
              aria-label={`Remove ${row.userEmail}`}
              disabled={busy}
              onClick={() => team?.send({ type: 'team.removeMember', accountId, userId: row.userId })}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ),
    });
  }

  return (
    <DataTable<AccountUser>
      label="Account users"
      emptyLabel="No users found"
      rows={users}
      columns={columns}
      loading={loading}
    />
  );
}
