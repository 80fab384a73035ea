import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react';
import { selectTourRef } from '../../machines/app/appMachine.ts';
import {
  selectTourOpen,
  selectTourProgress,
  selectTourStep,
  TOUR_STEP_COUNT,
} from '../../machines/tour/tourSelectors.ts';
import { useAppActor } from '../appActorContext.ts';
import { useNarrowWindow } from '../common/useNarrowWindow.ts';
import { TOUR_STEPS } from './tourSteps.ts';

/** Marks the control the current step points at (outlined, and found by tests). */
export const TOUR_ACTIVE_ATTRIBUTE = 'data-tour-active';

/** The control marked `data-tour="{anchor}"`, once it is on the page (sections and the shell load lazily). */
function useTourAnchor(anchor: string, open: boolean): HTMLElement | null {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!open) {
      setElement(null);
      return;
    }
    let frame = 0;
    const find = () => {
      const found = document.querySelector<HTMLElement>(`[data-tour="${anchor}"]`);
      if (!found) {
        frame = requestAnimationFrame(find);
        return;
      }
      // (jsdom has no scrollIntoView.)
      found.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      found.setAttribute(TOUR_ACTIVE_ATTRIBUTE, 'true');
      setElement(found);
    };
    find();
    return () => {
      cancelAnimationFrame(frame);
      for (const marked of document.querySelectorAll(`[${TOUR_ACTIVE_ATTRIBUTE}]`)) {
        marked.removeAttribute(TOUR_ACTIVE_ATTRIBUTE);
      }
    };
  }, [anchor, open]);
  return element;
}

/**
 * The walkthrough: a popover beside the control each step is about (scrolled into view and outlined), with
 * Previous, Skip Tour, Next (Finish on the last step) and "n of 6". Escape skips it too.
 */
export function TourDialog() {
  const tour = useSelector(useAppActor(), selectTourRef);
  const open = useSelector(tour, (snapshot) => (snapshot ? selectTourOpen(snapshot) : false));
  const step = useSelector(tour, (snapshot) => (snapshot ? selectTourStep(snapshot) : 0));
  const progress = useSelector(tour, (snapshot) => (snapshot ? selectTourProgress(snapshot) : ''));
  const current = TOUR_STEPS[Math.min(step, TOUR_STEPS.length - 1)];
  const last = step === TOUR_STEP_COUNT - 1;
  const anchor = useTourAnchor(current.anchor, open);
  // On a phone there is no room beside the narrow sidebar: a step about its entries opens below the entry,
  // kept inside the screen, rather than running past its right edge.
  const narrow = useNarrowWindow();
  const placement = narrow && current.placement === 'right' ? 'bottom-start' : current.placement;
  // Keyboard users land on the step's main action as each step appears (the popover mounts late, in a
  // portal, so a callback ref rather than an effect); a new step gives a new ref, which focuses again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `step` is what makes the ref new
  const focusNext = useCallback(
    (node: HTMLButtonElement | null) => node?.focus({ preventScroll: true }),
    [step],
  );

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') tour?.send({ type: 'tour.skip' });
  };

  return (
    <>
      <GlobalStyles
        styles={(theme) => ({
          [`[${TOUR_ACTIVE_ATTRIBUTE}]`]: {
            outline: `3px solid ${theme.palette.primary.main}`,
            outlineOffset: 2,
            borderRadius: theme.shape.borderRadius,
          },
        })}
      />
      <Popper
        open={open && anchor !== null}
        anchorEl={anchor}
        placement={placement}
        modifiers={[
          { name: 'offset', options: { offset: [0, 12] } },
          { name: 'preventOverflow', options: { padding: 8 } },
        ]}
        sx={{ zIndex: 1400, maxWidth: 'min(360px, calc(100vw - 16px))' }}
      >
        <Paper
          role="dialog"
          aria-labelledby="tour-title"
          aria-describedby="tour-body"
          data-tour-step={current.id}
          data-tour-anchor={current.anchor}
          elevation={8}
          onKeyDown={handleKeyDown}
          sx={{ p: 2.5, border: 1, borderColor: 'primary.main' }}
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
      </Popper>
    </>
  );
}
