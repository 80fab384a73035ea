import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { selectActivities } from '../../machines/crmMachine.ts';
import { ACTIVITY_TYPES, type Activity } from '../../services/crmTypes.ts';
import { DataTable, formatDateTime } from '../common/DataTable.tsx';
import { useCrmActor } from './crmActorContext.ts';

/** Activities: calls, e-mails, meetings, tasks and notes; tick one off, or delete it. */
export function ActivitiesView() {
  const crm = useCrmActor();
  const activities = useSelector(crm, selectActivities);
  const [type, setType] = useState<Activity['type']>('task');
  const [subject, setSubject] = useState('');
  const [due, setDue] = useState('');

  const columns: GridColDef<Activity>[] = [
    {
      field: 'completed',
      headerName: 'Done',
      width: 70,
      renderCell: ({ row }) => (
        <Checkbox
          checked={row.completed}
          slotProps={{ input: { 'aria-label': `Done: ${row.subject}` } }}
          onChange={(e) =>
            crm.send({
              type: 'crm.write',
              write: { kind: 'updateActivity', id: row.id, input: { completed: e.target.checked } },
            })
          }
        />
      ),
    },
    { field: 'type', headerName: 'Type', width: 100 },
    { field: 'subject', headerName: 'Subject', flex: 1 },
    {
      field: 'dueDate',
      headerName: 'Due',
      width: 190,
      valueFormatter: (v: string | null) => formatDateTime(v),
    },
    {
      field: 'actions',
      headerName: '',
      width: 100,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          color="error"
          onClick={() => crm.send({ type: 'crm.write', write: { kind: 'deleteActivity', id: row.id } })}
        >
          Delete
        </Button>
      ),
    },
  ];

  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!subject.trim()) return;
    const dueDate = due ? new Date(due).toISOString() : null;
    crm.send({
      type: 'crm.write',
      write: { kind: 'addActivity', input: { type, subject: subject.trim(), dueDate } },
    });
    setSubject('');
    setDue('');
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        component="form"
        onSubmit={handleAdd}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        <TextField
          select
          size="small"
          label="Type"
          value={type}
          onChange={(e) => setType(e.target.value as Activity['type'])}
        >
          {ACTIVITY_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
        />
        <TextField
          size="small"
          label="Due"
          type="datetime-local"
          value={due}
          onChange={(e) => setDue(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="contained" disabled={!subject.trim()}>
          Add activity
        </Button>
      </Stack>
      <DataTable<Activity>
        label="Activities"
        emptyLabel="No records found"
        rows={activities}
        columns={columns}
      />
    </Stack>
  );
}
