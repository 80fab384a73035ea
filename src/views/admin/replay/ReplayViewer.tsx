import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  type replayPlayerMachine,
  selectIsPlaying,
  selectStepIndex,
} from '../../../machines/admin/replayPlayerMachine.ts';
import { selectReplayPlayerRef } from '../../../machines/app/appSelectors.ts';
import { replaySession } from '../../../machines/replay/replaySession.ts';
import { useReplaySession } from '../../../services/replay/replayQueries.ts';
import { useAppActor } from '../../appActorContext.ts';
import { formatDateTime } from '../../common/dates.ts';
import { ReplayStepDetails, ReplayStepList } from './ReplayStepDetails.tsx';

// The sandbox brings the app's views along: loaded only when asked for.
const ReplaySandbox = lazy(() => import('./ReplaySandbox.tsx').then((m) => ({ default: m.ReplaySandbox })));

type Props = { sessionId: string; onClose: () => void };

/**
 * One recorded session: step through it, see state, event and context changes, and play it in the sandbox.
 * Its stepper is the app's `replayPlayer` actor, which runs while a session is open.
 */
export function ReplayViewer(props: Props) {
  const player = useSelector(useAppActor(), selectReplayPlayerRef);
  if (!player) return <LinearProgress aria-label="Loading session" />;
  return <ReplaySteps {...props} player={player} />;
}

function ReplaySteps({
  sessionId,
  onClose,
  player,
}: Props & { player: ActorRefFrom<typeof replayPlayerMachine> }) {
  const detail = useReplaySession(sessionId);
  const replay = useMemo(() => (detail.data ? replaySession(detail.data.entries) : null), [detail.data]);
  const index = useSelector(player, selectStepIndex);
  const playing = useSelector(player, selectIsPlaying);
  const [sandbox, setSandbox] = useState(false);

  useEffect(() => {
    if (replay) player.send({ type: 'player.load', count: replay.steps.length });
  }, [replay, player]);

  const back = (
    <div>
      <Button startIcon={<ArrowBackIcon />} onClick={onClose}>
        Back to sessions
      </Button>
    </div>
  );
  if (detail.isError) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error">This session could not be loaded.</Alert>
      </Stack>
    );
  }
  if (!detail.data || !replay) return <LinearProgress aria-label="Loading session" />;
  const { session } = detail.data;
  const step = replay.steps[index];
  const count = replay.steps.length;

  const handlePlayInSandbox = () => {
    setSandbox(true);
    if (index >= count - 1) player.send({ type: 'player.seek', index: 0 });
    player.send({ type: 'player.play' });
  };

  return (
    <Stack spacing={2} aria-label="Session replay">
      {back}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="h6" component="h3">
          {session.userEmail}
        </Typography>
        <Chip size="small" label={`Started ${formatDateTime(session.startedAt)}`} />
        <Chip size="small" label={`${count} steps`} />
        {replay.divergences > 0 ? (
          <Chip size="small" color="warning" label={`${replay.divergences} steps differ in the sandbox`} />
        ) : (
          <Chip size="small" color="success" label="Sandbox reaches every recorded state" />
        )}
      </Stack>
      {count === 0 ? (
        <Typography>No steps were recorded in this session.</Typography>
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button
              variant="outlined"
              disabled={index === 0}
              onClick={() => player.send({ type: 'player.previous' })}
            >
              Previous step
            </Button>
            <Button
              variant="outlined"
              disabled={index >= count - 1}
              onClick={() => player.send({ type: 'player.next' })}
            >
              Next step
            </Button>
            <Button
              onClick={() => player.send({ type: playing ? 'player.pause' : 'player.play' })}
              disabled={!playing && index >= count - 1}
            >
              {playing ? 'Pause' : 'Play'}
            </Button>
            <Typography sx={{ whiteSpace: 'nowrap' }}>
              Step {index + 1} of {count}
            </Typography>
            <Box sx={{ flex: 1, px: 2 }}>
              <Slider
                aria-label="Step"
                size="small"
                min={0}
                max={Math.max(0, count - 1)}
                value={index}
                onChange={(_, value) => player.send({ type: 'player.seek', index: value as number })}
              />
            </Box>
          </Stack>
          {step && <ReplayStepDetails step={step} />}
          <ReplayStepList
            steps={replay.steps}
            index={index}
            onSeek={(next) => player.send({ type: 'player.seek', index: next })}
          />
          <div>
            {sandbox ? (
              <Button onClick={() => setSandbox(false)}>Close sandbox</Button>
            ) : (
              <Button variant="contained" onClick={handlePlayInSandbox}>
                Play in sandbox
              </Button>
            )}
          </div>
          {sandbox && (
            <Suspense fallback={<LinearProgress aria-label="Loading sandbox" />}>
              <Typography variant="body2" color="text.secondary">
                The app’s own screens, driven by the recorded steps; read-only, and cut off from the server.
              </Typography>
              <ReplaySandbox replay={replay} index={index} />
            </Suspense>
          )}
        </>
      )}
    </Stack>
  );
}
