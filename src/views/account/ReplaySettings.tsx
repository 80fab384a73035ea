import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { REPLAY_LIMITS } from '../../contracts/replay.ts';
import { selectReplaySaveFailed, selectReplaySaving } from '../../machines/account/replaySettingsMachine.ts';
import { selectReplaySettingsRef } from '../../machines/app/appSelectors.ts';
import { useReplaySettings } from '../../services/replay/replayQueries.ts';
import { useAppActor } from '../appActorContext.ts';

export const REPLAY_NOTICE =
  'To help our support team fix problems, this app records which screens you open and which buttons you ' +
  'use. It never records what you type: no passwords, no form contents. Recordings are kept for ' +
  `${REPLAY_LIMITS.retentionDays} days and only support staff can see them.`;
export const REPLAY_SAVE_FAILED = 'Your choice could not be saved. Please try again.';

/**
 * User Settings › Session recording: what is recorded, and the switch to turn it off (stored per user). While it
 * shows (the Profile tab, wherever Account Settings opens), the app runs its actor (systemId `replaySettings`).
 */
export function ReplaySettings() {
  const app = useAppActor();
  const actor = useSelector(app, selectReplaySettingsRef);
  useEffect(() => {
    app.send({ type: 'replaySettings.open' });
    return () => app.send({ type: 'replaySettings.close' });
  }, [app]);
  const saving = useSelector(actor, (snapshot) => (snapshot ? selectReplaySaving(snapshot) : false));
  const failed = useSelector(actor, (snapshot) => (snapshot ? selectReplaySaveFailed(snapshot) : false));
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
            disabled={saving || !settings.data || !actor}
            onChange={(event) =>
              actor?.send({ type: 'replay.setRecording', recording: event.target.checked })
            }
          />
        }
        label="Record my sessions for support"
      />
      {settings.isError && <Alert severity="warning">Your recording choice could not be loaded.</Alert>}
      {failed && <Alert severity="error">{REPLAY_SAVE_FAILED}</Alert>}
    </Stack>
  );
}
