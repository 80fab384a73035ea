import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { useId } from 'react';
import { isLastAdmin, LAST_ADMIN } from '../../contracts/accounts.ts';
import type { AccountUser } from '../../services/account/accountsApi.ts';
import { DATE_COLUMN, DataTable } from '../common/DataTable.tsx';
import { visuallyHidden } from '../common/visuallyHidden.ts';
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
  // The server refuses to remove the only Admin or give them another role: neither is offered, and the hint
  // says why (the disabled button's description, and its tooltip).
  const hintId = useId();
  const soleAdmin = (row: AccountUser) => isLastAdmin(users, row.userId);

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
            // The grid focuses a clicked cell's control once the click ends, taking focus back from the menu
            // the click opened (its Escape and arrow keys then did nothing): the click stays the Select's.
            onMouseUp={(event) => event.stopPropagation()}
            onClick={(event) => event.stopPropagation()}
            SelectDisplayProps={soleAdmin(row) ? { 'aria-describedby': hintId } : {}}
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
              <MenuItem key={role} value={role} disabled={soleAdmin(row) && role !== row.roleName}>
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
      ...DATE_COLUMN,
    },
  ];
  if (canManage) {
    columns.push({
      field: 'actions',
      headerName: '',
      width: 70,
      sortable: false,
      renderCell: ({ row }) => (
        <Tooltip title={soleAdmin(row) ? LAST_ADMIN : 'Remove from account'}>
          <span>
            <IconButton
              aria-label={`Remove ${row.userEmail}`}
              aria-describedby={soleAdmin(row) ? hintId : undefined}
              disabled={busy || soleAdmin(row)}
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
    <>
      <DataTable<AccountUser>
        label="Account users"
        emptyLabel="No users found"
        rows={users}
        columns={columns}
        loading={loading}
      />
      {canManage && users.some(soleAdmin) ? (
        <Box component="span" id={hintId} sx={visuallyHidden}>
          {LAST_ADMIN}
        </Box>
      ) : null}
    </>
  );
}
