import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { appRoute } from '../../contracts/appRoutes.ts';
import type { Account } from '../../contracts/auth.ts';
import { selectAccountId } from '../../machines/session/sessionMachine.ts';
import { useAccounts } from '../../services/http/queries.ts';
import { useSessionRef } from '../appActorContext.ts';
import { DataTable } from '../common/DataTable.tsx';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { industryLabel } from '../dashboard/AccountSwitcher.tsx';
import { SectionPlaceholder } from '../dashboard/SectionPlaceholder.tsx';
import { AccountUsersPanel } from './AccountUsersPanel.tsx';
import { CreateAccountDialog } from './CreateAccountDialog.tsx';

/** Spec §4: an account's status reads Active or Inactive. */
function StatusChip({ isActive }: { isActive: boolean }) {
  return (
    <Chip size="small" color={isActive ? 'success' : 'default'} label={isActive ? 'Active' : 'Inactive'} />
  );
}

const columns: GridColDef<Account>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
  {
    field: 'industry',
    headerName: 'Industry',
    width: 140,
    valueFormatter: (value: string) => industryLabel(value) || '—',
  },
  { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 200 },
  {
    field: 'isActive',
    headerName: 'Status',
    width: 120,
    renderCell: ({ row }) => <StatusChip isActive={row.isActive} />,
  },
];

/** Account Management: the user's accounts, one account's detail and users, and the modals to add. */
export function AccountManagement() {
  const session = useSessionRef();
  const currentId = useSelector(session, selectAccountId);
  const accounts = useAccounts();
  // The chosen account is a place of its own (/settings/accounts?account=…): reload and Back keep it.
  const route = useRoute();
  const navigate = useNavigate();
  const selectedId = (route.name === 'settings' ? route.params.account : undefined) ?? null;
  const setSelectedId = useCallback(
    (account: string) => navigate(appRoute('settings', { tab: 'accounts', account })),
    [navigate],
  );
  const [creating, setCreating] = useState(false);
  const list = accounts.data ?? [];
  const selected = list.find((account) => account.id === selectedId) ?? null;
  const closeCreate = useCallback(() => setCreating(false), []);
  const handleCreated = useCallback(
    (account: Account) => {
      setCreating(false);
      setSelectedId(account.id);
    },
    [setSelectedId],
  );

  return (
    <SectionPlaceholder title="Account Management">
      <div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          Create New Account
        </Button>
      </div>
      <DataTable<Account>
        label="Accounts"
        emptyLabel="No accounts found"
        rows={list}
        columns={columns}
        loading={accounts.isPending}
        onRowClick={({ row }) => setSelectedId(row.id)}
        rowSelectionModel={{ type: 'include', ids: new Set(selected ? [selected.id] : []) }}
        sx={{ border: 0, minHeight: 200, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
      {selected ? (
        <Paper variant="outlined" sx={{ p: 2 }} aria-label={`Account ${selected.name}`} component="section">
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h3">
                {selected.name}
              </Typography>
              <StatusChip isActive={selected.isActive} />
              {selected.id === currentId ? (
                <Chip size="small" variant="outlined" label="Current account" />
              ) : (
                <Button
                  size="small"
                  onClick={() => session.send({ type: 'session.accountSelected', accountId: selected.id })}
                >
                  Switch to this account
                </Button>
              )}
            </Stack>
            <Typography variant="body2">Industry: {industryLabel(selected.industry) || '—'}</Typography>
            <Typography variant="body2">{selected.description || 'No description'}</Typography>
            <AccountUsersPanel key={selected.id} accountId={selected.id} roleSource="server" />
          </Stack>
        </Paper>
      ) : (
        <Typography color="text.secondary">Choose an account to see its details and users.</Typography>
      )}
      <CreateAccountDialog open={creating} onClose={closeCreate} onCreated={handleCreated} />
    </SectionPlaceholder>
  );
}
