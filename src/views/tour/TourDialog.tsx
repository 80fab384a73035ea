import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Modal from '@mui/material/Modal';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { type CSSProperties, useCallback } from 'react';
import { selectTourRef } from '../../machines/app/appMachine.ts';
import {
  selectTourOpen,
  selectTourProgress,
  selectTourStep,
  TOUR_STEP_COUNT,
} from '../../machines/tour/tourSelectors.ts';
import { useAppActor } from '../appActorContext.ts';
import { useNarrowWindow } from '../common/useNarrowWindow.ts';
import { TourSpotlight } from './TourSpotlight.tsx';
import { placeTourBox, spotlightRect, TOUR_MARGIN, type TourPlacement } from './tourPlacement.ts';
import { TOUR_STEPS } from './tourSteps.ts';
import { useTourTarget } from './useTourTarget.ts';

/** The box's place, on the box as `data-placement` (for tests). */
const placementName = (placement: TourPlacement) =>
  placement.mode === 'beside'
    ? placement.side === 'right'
      ? 'right'
      : 'below'
    : placement.edge === 'top'
      ? 'screen-top'
      : 'screen-bottom';

function boxPosition(placement: TourPlacement): CSSProperties {
  if (placement.mode === 'beside') {
    const { top, left, width, maxHeight } = placement;
    return { top, left, width, maxHeight };
  }
  // Across the screen's edge (a phone's width; no wider than a comfortable line on a small tablet).
  return {
    [placement.edge]: TOUR_MARGIN,
    left: TOUR_MARGIN,
    right: TOUR_MARGIN,
    marginInline: 'auto',
    maxWidth: 560,
    maxHeight: placement.maxHeight,
  };
}

/**
 * The walkthrough: the page dims, the control each step is about shows through a ringed hole, and the step's
 * box sits where it never covers it — beside it on a wide screen, across the screen's top or bottom edge (the one
 * farther from it) on a phone. The box has Previous, Skip Tour, Next (Finish on the last step) and "n of 6"; it
 * keeps the keyboard while it shows, and Escape skips the tour.
 */
export function TourDialog() {
  const tour = useSelector(useAppActor(), selectTourRef);
  const open = useSelector(tour, (snapshot) => (snapshot ? selectTourOpen(snapshot) : false));
  const step = useSelector(tour, (snapshot) => (snapshot ? selectTourStep(snapshot) : 0));
  const progress = useSelector(tour, (snapshot) => (snapshot ? selectTourProgress(snapshot) : ''));
  const current = TOUR_STEPS[Math.min(step, TOUR_STEPS.length - 1)];
  const last = step === TOUR_STEP_COUNT - 1;
  const { layout, boxRef } = useTourTarget(current.anchor, open);
  const narrow = useNarrowWindow();
  const placement = layout ? placeTourBox({ ...layout, side: current.placement, narrow }) : null;
  // Keyboard users land on the step's main action as each step appears (the box mounts late, in a portal, so a
  // callback ref rather than an effect); a new step gives a new ref, which focuses again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `step` is what makes the ref new
  const focusNext = useCallback(
    (node: HTMLButtonElement | null) => node?.focus({ preventScroll: true }),
    [step],
  );

  // The modal layer keeps the focus in the box (Tab cycles through its buttons) and takes the clicks on the page;
  // its backdrop is the spotlight (a click on it does nothing), and Escape skips the tour, as Skip Tour does.
  return (
    <Modal
      open={open && placement !== null}
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown') tour?.send({ type: 'tour.skip' });
      }}
      slotProps={{
        backdrop: {
          invisible: true,
          children: layout ? <TourSpotlight rect={spotlightRect(layout.target, layout.viewport)} /> : null,
        },
      }}
    >
      <Paper
        ref={boxRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="tour-title"
        aria-describedby="tour-body"
        data-tour-step={current.id}
        data-tour-anchor={current.anchor}
        data-placement={placement ? placementName(placement) : undefined}
        elevation={8}
        // Where it goes changes with every frame the sidebar or the window moves: inline, not a new class each time.
        style={{
          ...(placement ? boxPosition(placement) : {}),
          // Hidden for the one frame before its size is known (it is centred on its control by it).
          opacity: layout && layout.box.height > 0 ? 1 : 0,
        }}
        sx={{
          position: 'fixed',
          boxSizing: 'border-box',
          overflowY: 'auto',
          outline: 0,
          p: 2.5,
          border: 1,
          borderColor: 'primary.main',
        }}
      >
        <Typography id="tour-title" variant="h6" component="h2">
          {current.title}
        </Typography>
        <Typography id="tour-body" sx={{ mt: 1 }}>
          {current.body}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={((step + 1) / TOUR_STEP_COUNT) * 100}
          aria-label="Tour progress"
          sx={{ mt: 2 }}
        />
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {progress}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => tour?.send({ type: 'tour.skip' })}>Skip Tour</Button>
          <Button disabled={step === 0} onClick={() => tour?.send({ type: 'tour.previous' })}>
            Previous
          </Button>
          <Button ref={focusNext} variant="contained" onClick={() => tour?.send({ type: 'tour.next' })}>
            {last ? 'Finish' : 'Next'}
          </Button>
        </Stack>
      </Paper>
    </Modal>
  );
}
