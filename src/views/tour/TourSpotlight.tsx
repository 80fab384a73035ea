import Box from '@mui/material/Box';
import { SPOTLIGHT_RING, type TourRect } from './tourPlacement.ts';

/**
 * The page dimmed around the step's control, which shows through a hole ringed in the primary colour (the control
 * itself is untouched: the hole is a box whose shadow dims the rest). It takes no clicks: the tour's modal layer
 * (whose backdrop it is) does. It moves from control to control as the steps change.
 */
export function TourSpotlight({ rect }: { rect: TourRect }) {
  return (
    <Box
      aria-hidden
      data-tour-spotlight=""
      // Its place changes as the sidebar or the window moves: inline, not a new class each time.
      style={{ top: rect.top, left: rect.left, width: rect.width, height: rect.height }}
      sx={(theme) => ({
        position: 'fixed',
        borderRadius: `${theme.shape.borderRadius}px`,
        pointerEvents: 'none',
        // The ring, a white edge that keeps it clear of the dimmed page, then the dimmed page.
        boxShadow: [
          `0 0 0 ${SPOTLIGHT_RING}px ${theme.palette.primary.main}`,
          `0 0 0 ${SPOTLIGHT_RING + 2}px ${theme.palette.common.white}`,
          `0 0 0 200vmax ${theme.alpha(theme.palette.common.black, 0.55)}`,
        ].join(', '),
        transition: theme.transitions.create(['top', 'left', 'width', 'height'], {
          duration: theme.transitions.duration.short,
        }),
        '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
      })}
    />
  );
}
