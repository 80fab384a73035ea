import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import type { Activity } from '../../contracts/crm.ts';
import type { CrmWrite } from '../../machines/crm/crmMachine.ts';
import { useActivitiesPage, useCrmList } from '../../services/crm/crmQueries.ts';
import { DATE_COLUMN } from '../common/DataTable.tsx';
import { RecordPlaceDialog } from '../common/RecordPlaceDialog.tsx';
import { useCan } from '../common/useCan.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { ActivityDialog } from './ActivityDialog.tsx';
import { useCrmActor } from './crmActorContext.ts';
import { SearchField, ServerPagedTable } from './ServerPagedList.tsx';
import { useCrmListPlace } from './useCrmListPlace.ts';
import { useRecordPlace } from './useRecordPlace.ts';

export const ACTIVITY_GONE = 'This activity was not found: it may have been deleted. Close to see the list.';

/** Activities: calls, e-mails, meetings, tasks and notes; searched and paged on the server, edited in a dialog. */
export function ActivitiesView() {
  const crm = useCrmActor();
  const deals = useCrmList('deals');
  const { paging, kept } = useCrmListPlace('activities');
  const page = useActivitiesPage(paging.query);
  // The activity being edited (or added) is in the address: a reload, Back or a link opens it again.
  const place = useRecordPlace('activities', kept, page.data?.rows);
  const write = (w: CrmWrite) => crm.send({ type: 'crm.write', write: w });
  const canEdit = useCan('crm.edit');
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
          <Button size="small" aria-label={`Edit ${row.subject}`} onClick={() => place.open(String(row.id))}>
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
          <Button variant="contained" onClick={() => place.open('new')}>
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
      {canEdit && place.item === 'new' ? (
        <ActivityDialog activity={null} deals={deals} onClose={place.close} />
      ) : null}
      {canEdit && place.record ? (
        <ActivityDialog key={place.record.id} activity={place.record} deals={deals} onClose={place.close} />
      ) : null}
      {canEdit && place.item !== undefined && place.item !== 'new' && !place.record ? (
        <RecordPlaceDialog
          title="Edit activity"
          loading={place.loading}
          gone={ACTIVITY_GONE}
          onClose={place.close}
        />
      ) : null}
      {confirm.dialog}
    </Stack>
  );
}
