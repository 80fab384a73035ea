import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { type adminMachine, selectAdminError, selectAdminStatus } from '../../machines/admin/adminMachine.ts';
import { JOB_STATES, type JobSummary } from '../../services/admin/adminApi.ts';
import { useJobsOverview } from '../../services/admin/adminQueries.ts';
import { ApiError } from '../../services/http/ApiError.ts';
import { LOGIN_REQUIRED } from '../auth/AuthScreen.tsx';
import { DATE_COLUMN, DataTable } from '../common/DataTable.tsx';
import { ADMIN_REQUIRED } from '../dashboard/RequireAuth.tsx';

type Props = { admin: ActorRefFrom<typeof adminMachine>; signedIn: boolean; isAdmin: boolean };

const STATE_COLORS: Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  completed: 'success',
  failed: 'error',
  retry: 'warning',
  active: 'info',
};

function AccessDenied() {
  return (
    <Alert severity="error">
      <AlertTitle>Access Denied</AlertTitle>
      {ADMIN_REQUIRED}
    </Alert>
  );
}

/** Queues with their counts by state, the recent jobs with their errors, and Retry for failed ones. */
export function JobDashboard({ admin, signedIn, isAdmin }: Props) {
  const [onlyFailed, setOnlyFailed] = useState(false);
  const overview = useJobsOverview(onlyFailed ? 'failed' : undefined, signedIn && isAdmin);
  const retryStatus = useSelector(admin, selectAdminStatus);
  const retryError = useSelector(admin, selectAdminError);

  if (!signedIn) return <Alert severity="warning">{LOGIN_REQUIRED}</Alert>;
  if (!isAdmin) return <AccessDenied />;
  const status = overview.error instanceof ApiError ? overview.error.status : null;
  if (status === 403) return <AccessDenied />;
  if (status === 401) return <Alert severity="warning">{LOGIN_REQUIRED}</Alert>;

  const columns: GridColDef<JobSummary>[] = [
    { field: 'queue', headerName: 'Queue', width: 150 },
    {
      field: 'state',
      headerName: 'State',
      width: 120,
      renderCell: ({ row }) => (
        <Chip size="small" color={STATE_COLORS[row.state] ?? 'default'} label={row.state} />
      ),
    },
    {
      field: 'createdOn',
      headerName: 'Created',
      ...DATE_COLUMN,
    },
    {
      field: 'completedOn',
      headerName: 'Finished',
      ...DATE_COLUMN,
    },
    { field: 'retryCount', headerName: 'Retries', type: 'number', width: 80 },
    { field: 'error', headerName: 'Error', flex: 1, minWidth: 200 },
    {
      field: 'actions',
      headerName: '',
      width: 90,
      sortable: false,
      renderCell: ({ row }) =>
        row.state === 'failed' ? (
          <Button
            size="small"
            disabled={retryStatus === 'busy'}
            aria-label={`Retry job ${row.id}`}
            onClick={() => admin.send({ type: 'admin.retryJob', queue: row.queue, jobId: row.id })}
          >
            Retry
          </Button>
        ) : null,
    },
  ];

  return (
    <Box component="main" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          Job Dashboard
        </Typography>
        {overview.isError && status !== null && status >= 500 ? (
          <Alert severity="error">{overview.error.message}</Alert>
        ) : null}
        {retryStatus === 'failed' && retryError ? <Alert severity="error">{retryError}</Alert> : null}
        {retryStatus === 'succeeded' ? <Alert severity="success">Job queued again</Alert> : null}
        <Table size="small" aria-label="Queues">
          <TableHead>
            <TableRow>
              <TableCell>Queue</TableCell>
              {JOB_STATES.map((state) => (
                <TableCell key={state} align="right">
                  {state}
                </TableCell>
              ))}
              <TableCell align="right">total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(overview.data?.queues ?? []).map((queue) => (
              <TableRow key={queue.name}>
                <TableCell component="th" scope="row">
                  {queue.name}
                </TableCell>
                {JOB_STATES.map((state) => (
                  <TableCell key={state} align="right">
                    {queue.counts[state]}
                  </TableCell>
                ))}
                <TableCell align="right">{queue.total}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={onlyFailed ? 'failed' : 'all'}
          onChange={(_, value: 'failed' | 'all' | null) => value && setOnlyFailed(value === 'failed')}
          aria-label="Which jobs"
        >
          <ToggleButton value="all">Recent jobs</ToggleButton>
          <ToggleButton value="failed">Failed jobs</ToggleButton>
        </ToggleButtonGroup>
        <DataTable<JobSummary>
          label="Recent jobs"
          emptyLabel={onlyFailed ? 'No failed jobs' : 'No jobs yet'}
          rows={overview.data?.jobs ?? []}
          columns={columns}
          loading={overview.isPending}
        />
      </Stack>
    </Box>
  );
}
