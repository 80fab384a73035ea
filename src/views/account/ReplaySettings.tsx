import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { REPLAY_LIMITS } from '../../contracts/replay.ts';
import { createLiveReplaySettingsMachine } from '../../machines/liveReplaySettingsMachine.ts';
import { selectReplaySaveFailed, selectReplaySaving } from '../../machines/replaySettingsMachine.ts';
import { useHttp } from '../../services/httpContext.ts';
import { useReplaySettings } from '../../services/replayQueries.ts';

export const REPLAY_NOTICE =
  'To help our support team fix problems, this app records which screens you open and which buttons you ' +
  'use. It never records what you type: no passwords, no form contents. Recordings are kept for ' +
  `${REPLAY_LIMITS.retentionDays} days and only support staff can see them.`;
export const REPLAY_SAVE_FAILED = 'Your choice could not be saved. Please try again.';

/** User Settings › Session recording: what is recorded, and the switch to turn it off (stored per user). */
export function ReplaySettings() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const machine = useMemo(() => createLiveReplaySettingsMachine(http, queryClient), [http, queryClient]);
  const actor = useActorRef(machine);
  const saving = useSelector(actor, selectReplaySaving);
  const failed = useSelector(actor, selectReplaySaveFailed);
  const settings = useReplaySettings();
  const headingId = useId();

  return (
    <Stack component="section" spacing={1} sx={{ maxWidth: 560 }} aria-labelledby={headingId}>
      <Typography variant="h6" component="h3" id={headingId}>
        Session recording
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {REPLAY_NOTICE}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={settings.data ? !settings.data.optOut : false}
            disabled={saving || !settings.data}
            onChange={(event) => actor.send({ type: 'replay.setRecording', recording: event.target.checked })}
          />
        }
        label="Record my sessions for support"
      />
      {settings.isError && <Alert severity="warning">Your recording choice could not be loaded.</Alert>}
      {failed && <Alert severity="error">{REPLAY_SAVE_FAILED}</Alert>}
    </Stack>
  );
}
