import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import type { Communication } from '../../contracts/crm.ts';
import { useCommunications } from '../../services/crm/crmQueries.ts';
import { DATE_COLUMN, DataTable } from '../common/DataTable.tsx';

const columns: GridColDef<Communication>[] = [
  { field: 'createdAt', headerName: 'When', ...DATE_COLUMN },
  { field: 'toAddress', headerName: 'To', flex: 1 },
  { field: 'subject', headerName: 'Subject', flex: 1 },
  {
    field: 'campaignName',
    headerName: 'Campaign',
    width: 160,
    valueGetter: (v: string | null) => v ?? 'Workflow',
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 110,
    renderCell: ({ value }) => (
      <Chip
        size="small"
        label={value}
        color={value === 'sent' ? 'success' : value === 'failed' ? 'error' : 'default'}
      />
    ),
  },
];

/** Every message the CRM sent or keeps in its outbox, newest first. */
export function CommunicationsView() {
  const { data = [] } = useCommunications();
  return (
    <DataTable<Communication>
      label="Communications"
      emptyLabel="No records found"
      rows={data}
      columns={columns}
    />
  );
}
