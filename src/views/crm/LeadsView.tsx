import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useState } from 'react';
import type { CrmWrite } from '../../machines/crmMachine.ts';
import { useLeadsPage } from '../../services/crmQueries.ts';
import { LEAD_STATUSES, type Lead, type LeadStatus } from '../../services/crmTypes.ts';
import { DataTable } from '../common/DataTable.tsx';
import { useDebounced } from '../common/useDebounced.ts';
import { useCrmActor } from './crmActorContext.ts';
import { formatMoney } from './crmFormat.ts';
import { LeadDialog } from './LeadDialog.tsx';

/** Leads: server-side search and paging, add/edit in a dialog, status, convert into a contact and a deal. */
export function LeadsView() {
  const crm = useCrmActor();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 300);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 20 });
  const page = useLeadsPage({ page: paging.page + 1, pageSize: paging.pageSize, search: debounced });
  const [editing, setEditing] = useState<Lead | 'new' | null>(null);
  const write = (w: CrmWrite) => crm.send({ type: 'crm.write', write: w });

  const columns: GridColDef<Lead>[] = [
    { field: 'name', headerName: 'Name', flex: 1 },
    { field: 'email', headerName: 'Email', flex: 1 },
    { field: 'phone', headerName: 'Phone', width: 130 },
    { field: 'company', headerName: 'Company', flex: 1 },
    { field: 'source', headerName: 'Source', width: 130 },
    { field: 'value', headerName: 'Value', width: 110, valueFormatter: (v: number) => formatMoney(v) },
    {
      field: 'status',
      headerName: 'Status',
      width: 140,
      renderCell: ({ row }) => (
        <Select
          size="small"
          variant="standard"
          value={row.status}
          inputProps={{ 'aria-label': `Status of ${row.name}` }}
          onChange={(e) =>
            write({ kind: 'updateLead', id: row.id, input: { status: e.target.value as LeadStatus } })
          }
        >
          {LEAD_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </Select>
      ),
    },
    {
      field: 'actions',
      headerName: '',
      width: 240,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" aria-label={`Edit ${row.name}`} onClick={() => setEditing(row)}>
            Edit
          </Button>
          <Button
            size="small"
            disabled={row.status === 'converted'}
            onClick={() => write({ kind: 'convertLead', id: row.id })}
          >
            Convert
          </Button>
          <Button size="small" color="error" onClick={() => write({ kind: 'deleteLead', id: row.id })}>
            Delete
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label="Search leads"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
        />
        <Button variant="contained" onClick={() => setEditing('new')}>
          Add lead
        </Button>
      </Stack>
      <DataTable<Lead>
        label="Leads"
        emptyLabel="No records found"
        rows={page.data?.rows ?? []}
        rowCount={page.data?.totalCount ?? 0}
        columns={columns}
        loading={page.isFetching}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        pageSizeOptions={[10, 20, 50, 100]}
      />
      {editing && (
        <LeadDialog
          lead={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={(input) => {
            write(
              editing === 'new' ? { kind: 'addLead', input } : { kind: 'updateLead', id: editing.id, input },
            );
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
