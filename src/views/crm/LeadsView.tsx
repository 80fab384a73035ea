import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { LEAD_STATUSES, type Lead, type LeadStatus } from '../../contracts/crm.ts';
import type { CrmWrite } from '../../machines/crm/crmMachine.ts';
import { useLeadsPage } from '../../services/crm/crmQueries.ts';
import { RecordPlaceDialog } from '../common/RecordPlaceDialog.tsx';
import { useCan } from '../common/useCan.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { ConvertLeadDialog } from './ConvertLeadDialog.tsx';
import { useCrmActor } from './crmActorContext.ts';
import { formatMoney } from './crmFormat.ts';
import { LeadDialog } from './LeadDialog.tsx';
import { SearchField, ServerPagedTable } from './ServerPagedList.tsx';
import { useCrmListPlace } from './useCrmListPlace.ts';
import { useRecordPlace } from './useRecordPlace.ts';

export const LEAD_GONE = 'This lead was not found: it may have been deleted. Close to see the list.';

/** Leads: server-side search and paging, add/edit in a dialog, status, convert into a contact and a deal. */
export function LeadsView() {
  const crm = useCrmActor();
  const { paging, kept } = useCrmListPlace('leads');
  const page = useLeadsPage(paging.query);
  // The lead being edited (or added) is in the address: a reload, Back or a link opens it again.
  const place = useRecordPlace('leads', kept, page.data?.rows);
  const [converting, setConverting] = useState<Lead | null>(null);
  const handleCloseConvert = useCallback(() => setConverting(null), []);
  const write = (w: CrmWrite) => crm.send({ type: 'crm.write', write: w });
  const canEdit = useCan('crm.edit');
  const confirm = useConfirmDelete();

  // Name, email and company share what the others leave and keep a readable width (the table scrolls
  // sideways below it); the row's actions are icon buttons, named by their tooltips and labels.
  const columns: GridColDef<Lead>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 130 },
    { field: 'email', headerName: 'Email', flex: 1, minWidth: 130 },
    { field: 'phone', headerName: 'Phone', width: 120 },
    { field: 'company', headerName: 'Company', flex: 1, minWidth: 130 },
    { field: 'source', headerName: 'Source', width: 90 },
    { field: 'value', headerName: 'Value', width: 100, valueFormatter: (v: number) => formatMoney(v) },
    {
      field: 'status',
      headerName: 'Status',
      width: 110,
      // A role that may only view reads the status; it does not get a control that would be refused.
      // A converted lead's state is settled: it reads Converted, with nothing to change.
      renderCell: ({ row }) =>
        row.status === 'converted' ? (
          'Converted'
        ) : canEdit ? (
          <Select
            size="small"
            variant="standard"
            value={row.status}
            inputProps={{ 'aria-label': `Status of ${row.name}` }}
            onChange={(e) =>
              write({ kind: 'updateLead', id: row.id, input: { status: e.target.value as LeadStatus } })
            }
          >
            {LEAD_STATUSES.filter((s) => s !== 'converted').map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </Select>
        ) : (
          row.status
        ),
    },
  ];
  const actions: GridColDef<Lead>[] = [
    {
      field: 'actions',
      headerName: 'Actions',
      width: 120,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
          <Tooltip title="Edit">
            <IconButton
              size="small"
              aria-label={`Edit ${row.name}`}
              onClick={() => place.open(String(row.id))}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          {row.status === 'converted' ? null : (
            <Tooltip title="Convert into a contact and a deal">
              <IconButton size="small" aria-label={`Convert ${row.name}`} onClick={() => setConverting(row)}>
                <HowToRegOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title="Delete">
            <IconButton
              size="small"
              color="error"
              aria-label={`Delete ${row.name}`}
              onClick={() =>
                confirm.ask('lead', `Delete the lead ${row.name}?`, () =>
                  write({ kind: 'deleteLead', id: row.id }),
                )
              }
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <SearchField label="Search leads" paging={paging} />
        {canEdit ? (
          <Button variant="contained" onClick={() => place.open('new')}>
            Add lead
          </Button>
        ) : null}
      </Stack>
      <ServerPagedTable<Lead>
        label="Leads"
        rows={page.data?.rows ?? []}
        totalCount={page.data?.totalCount ?? 0}
        columns={canEdit ? [...columns, ...actions] : columns}
        loading={page.isFetching}
        paging={paging}
      />
      {canEdit && place.item === 'new' ? <LeadDialog lead={null} onClose={place.close} /> : null}
      {canEdit && place.record ? (
        <LeadDialog key={place.record.id} lead={place.record} onClose={place.close} />
      ) : null}
      {canEdit && place.item !== undefined && place.item !== 'new' && !place.record ? (
        <RecordPlaceDialog title="Edit lead" loading={place.loading} gone={LEAD_GONE} onClose={place.close} />
      ) : null}
      {converting && canEdit && <ConvertLeadDialog lead={converting} onClose={handleCloseConvert} />}
      {confirm.dialog}
    </Stack>
  );
}
