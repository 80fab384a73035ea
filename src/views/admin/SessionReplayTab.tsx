import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ReplaySessionSummary } from '../../contracts/replay.ts';
import { REPLAY_LIMITS } from '../../contracts/replay.ts';
import { selectReplaySessionId } from '../../machines/app/appSelectors.ts';
import { useReplaySessions } from '../../services/replay/replayQueries.ts';
import { useAppActor } from '../appActorContext.ts';
import { DATE_COLUMN, DataTable, formatDateTime } from '../common/DataTable.tsx';
import { useDebounced } from '../common/useDebounced.ts';
import { ReplayViewer } from './replay/ReplayViewer.tsx';

/** The admin Session Replay tab: recorded sessions by user and time; open one to step through it. */
export function SessionReplayTab() {
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [email, setEmail] = useState('');
  const app = useAppActor();
  // The open session is the app's (its player runs only while one is open).
  const openId = useSelector(app, selectReplaySessionId);
  const settledEmail = useDebounced(email.trim());
  const sessions = useReplaySessions({ ...paging, email: settledEmail });

  if (openId) {
    return <ReplayViewer sessionId={openId} onClose={() => app.send({ type: 'replayViewer.close' })} />;
  }

  const columns: GridColDef<ReplaySessionSummary>[] = [
    {
      field: 'lastEventAt',
      headerName: 'Last activity',
      ...DATE_COLUMN,
    },
    {
      field: 'startedAt',
      headerName: 'Started',
      ...DATE_COLUMN,
    },
    { field: 'userEmail', headerName: 'User', flex: 1, minWidth: 200 },
    { field: 'accountId', headerName: 'Account', width: 100 },
    { field: 'entryCount', headerName: 'Steps', width: 90, type: 'number' },
    {
      field: 'open',
      headerName: '',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          onClick={() => app.send({ type: 'replayViewer.open', sessionId: row.id })}
          aria-label={`Open session of ${row.userEmail} at ${formatDateTime(row.lastEventAt)}`}
        >
          Open
        </Button>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        What users did in the app, step by step: screens, buttons and states, never what they typed. Kept{' '}
        {REPLAY_LIMITS.retentionDays} days; users can turn recording off in User Settings. Opening a session
        is logged.
      </Typography>
      <TextField
        label="User email"
        size="small"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setPaging({ ...paging, page: 0 });
        }}
        sx={{ maxWidth: 320 }}
      />
      <DataTable<ReplaySessionSummary>
        label="Recorded sessions"
        emptyLabel="No recorded sessions"
        rows={sessions.data?.items ?? []}
        rowCount={sessions.data?.totalCount ?? 0}
        columns={columns}
        loading={sessions.isFetching}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
      />
    </Stack>
  );
}
