import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import type { Activity } from '../../contracts/crm.ts';
import type { CrmWrite } from '../../machines/crm/crmMachine.ts';
import { useActivitiesPage, useCrmList } from '../../services/crm/crmQueries.ts';
import { DATE_COLUMN } from '../common/DataTable.tsx';
import { useCan } from '../common/useCan.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { ActivityDialog } from './ActivityDialog.tsx';
import { useCrmActor } from './crmActorContext.ts';
import { SearchField, ServerPagedTable } from './ServerPagedList.tsx';
import { useCrmListPlace } from './useCrmListPlace.ts';

/** Activities: calls, e-mails, meetings, tasks and notes; searched and paged on the server, edited in a dialog. */
export function ActivitiesView() {
  const crm = useCrmActor();
  const deals = useCrmList('deals');
  const { paging } = useCrmListPlace('activities');
  const page = useActivitiesPage(paging.query);
  const [editing, setEditing] = useState<Activity | 'new' | null>(null);
  const write = (w: CrmWrite) => crm.send({ type: 'crm.write', write: w });
  const canEdit = useCan('crm.edit');
  const handleCloseDialog = useCallback(() => setEditing(null), []);
  const confirm = useConfirmDelete();

  const columns: GridColDef<Activity>[] = [
    {
      field: 'completed',
      headerName: 'Done',
      width: 70,
      renderCell: ({ row }) => (
        <Checkbox
          checked={row.completed}
          disabled={!canEdit}
          slotProps={{ input: { 'aria-label': `Done: ${row.subject}` } }}
          onChange={(e) =>
            write({ kind: 'updateActivity', id: row.id, input: { completed: e.target.checked } })
          }
        />
      ),
    },
    { field: 'type', headerName: 'Type', width: 90 },
    { field: 'subject', headerName: 'Subject', flex: 1 },
    { field: 'contactName', headerName: 'Contact', flex: 1, valueGetter: (v: string | null) => v ?? '' },
    { field: 'dealTitle', headerName: 'Deal', flex: 1, valueGetter: (v: string | null) => v ?? '' },
    {
      field: 'dueDate',
      headerName: 'Due',
      ...DATE_COLUMN,
    },
  ];
  const actions: GridColDef<Activity>[] = [
    {
      field: 'actions',
      headerName: '',
      width: 160,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" aria-label={`Edit ${row.subject}`} onClick={() => setEditing(row)}>
            Edit
          </Button>
          <Button
            size="small"
            color="error"
            aria-label={`Delete ${row.subject}`}
            onClick={() =>
              confirm.ask('activity', `Delete the activity "${row.subject}"?`, () =>
                write({ kind: 'deleteActivity', id: row.id }),
              )
            }
          >
            Delete
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <SearchField label="Search activities" paging={paging} />
        {canEdit ? (
          <Button variant="contained" onClick={() => setEditing('new')}>
            Add activity
          </Button>
        ) : null}
      </Stack>
      <ServerPagedTable<Activity>
        label="Activities"
        rows={page.data?.rows ?? []}
        totalCount={page.data?.totalCount ?? 0}
        columns={canEdit ? [...columns, ...actions] : columns}
        loading={page.isFetching}
        paging={paging}
      />
      {editing && canEdit && (
        <ActivityDialog
          activity={editing === 'new' ? null : editing}
          deals={deals}
          onClose={handleCloseDialog}
        />
      )}
      {confirm.dialog}
    </Stack>
  );
}
