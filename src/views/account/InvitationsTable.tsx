import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { Invitation } from '../../services/account/accountsApi.ts';
import { DataTable, formatDateTime } from '../common/DataTable.tsx';
import { useTeam } from './useTeam.ts';

type Props = { accountId: string; invitations: Invitation[]; canManage: boolean };

/** Invitations sent to addresses that have not joined yet; an Admin may withdraw them. */
export function InvitationsTable({ accountId, invitations, canManage }: Props) {
  const { team, status } = useTeam();
  if (invitations.length === 0) return null;

  const columns: GridColDef<Invitation>[] = [
    { field: 'email', headerName: 'Email', flex: 1.4, minWidth: 200 },
    { field: 'roleName', headerName: 'Role', width: 110 },
    { field: 'invitedBy', headerName: 'Invited by', flex: 1, minWidth: 120 },
    {
      field: 'expiresAt',
      headerName: 'Valid until',
      width: 200,
      renderCell: ({ row }) =>
        row.expired ? <Chip size="small" color="warning" label="Expired" /> : formatDateTime(row.expiresAt),
    },
  ];
  if (canManage) {
    columns.push({
      field: 'actions',
      headerName: '',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          disabled={status === 'busy'}
          aria-label={`Revoke the invitation of ${row.email}`}
          onClick={() => team?.send({ type: 'team.revokeInvitation', accountId, invitationId: row.id })}
        >
          Revoke
        </Button>
      ),
    });
  }

  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h3">
        Pending invitations
      </Typography>
      <DataTable<Invitation>
        label="Pending invitations"
        emptyLabel="No pending invitations"
        rows={invitations}
        columns={columns}
      />
    </Stack>
  );
}
