import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { selectTourRef } from '../../machines/appMachine.ts';
import {
  selectTourOpen,
  selectTourProgress,
  selectTourStep,
  TOUR_STEP_COUNT,
} from '../../machines/tourMachine.ts';
import { useAppActor } from '../appActorContext.ts';
import { TOUR_STEPS } from './tourSteps.ts';

/** The walkthrough: Previous, Skip Tour, Next (Finish on the last step), "n of 6". */
export function TourDialog() {
  const tour = useSelector(useAppActor(), selectTourRef);
  const open = useSelector(tour, (snapshot) => (snapshot ? selectTourOpen(snapshot) : false));
  const step = useSelector(tour, (snapshot) => (snapshot ? selectTourStep(snapshot) : 0));
  const progress = useSelector(tour, (snapshot) => (snapshot ? selectTourProgress(snapshot) : ''));
  const current = TOUR_STEPS[Math.min(step, TOUR_STEPS.length - 1)];
  const last = step === TOUR_STEP_COUNT - 1;

  return (
    <Dialog
      open={open}
      onClose={() => tour?.send({ type: 'tour.skip' })}
      aria-labelledby="tour-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="tour-title">{current.title}</DialogTitle>
      <DialogContent>
        <Typography>{current.body}</Typography>
        <LinearProgress
          variant="determinate"
          value={((step + 1) / TOUR_STEP_COUNT) * 100}
          aria-label="Tour progress"
          sx={{ mt: 3 }}
        />
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {progress}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => tour?.send({ type: 'tour.skip' })}>Skip Tour</Button>
        <Button disabled={step === 0} onClick={() => tour?.send({ type: 'tour.previous' })}>
          Previous
        </Button>
        <Button variant="contained" onClick={() => tour?.send({ type: 'tour.next' })}>
          {last ? 'Finish' : 'Next'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
