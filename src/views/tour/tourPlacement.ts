// Where the tour's box goes, worked out from the page's geometry alone (so it is the same in every browser and can
// be checked without one). The rule everywhere: the box never covers the control the step is about.

/** A rectangle in viewport pixels (what `getBoundingClientRect` gives). */
export type TourRect = { top: number; left: number; width: number; height: number };

/** The side of its control a step's box prefers (tourSteps.ts). */
export type TourSide = 'right' | 'bottom-start' | 'bottom-end';

/**
 * `beside`: next to the control (to its right, or below it), on a screen with room for it. `docked`: across the
 * top or the bottom edge of the screen, the edge farther from the control (a phone, where a box beside the narrow
 * sidebar would run off the screen or cover the entries around it).
 */
export type TourPlacement =
  | { mode: 'beside'; side: 'right' | 'bottom'; top: number; left: number; width: number; maxHeight: number }
  | { mode: 'docked'; edge: 'top' | 'bottom'; maxHeight: number };

/** The box's width beside a control. */
export const TOUR_BOX_WIDTH = 360;
/** Between the control and the box. */
export const TOUR_GAP = 12;
/** Between the box and the screen's edges. */
export const TOUR_MARGIN = 8;
/** Around the control, inside the ring that highlights it. */
const SPOTLIGHT_PADDING = 4;
/** The ring's width: the hole is kept this far inside the screen, so the whole ring shows. */
export const SPOTLIGHT_RING = 3;

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));

type PlaceInput = {
  target: TourRect;
  /** The box's measured size (0 × 0 until it has been laid out). */
  box: { width: number; height: number };
  viewport: { width: number; height: number };
  side: TourSide;
  /** A phone or a small tablet (useNarrowWindow): the box docks at an edge. */
  narrow: boolean;
};

function beside({ target, box, viewport, side }: PlaceInput): TourPlacement | null {
  const width = Math.min(TOUR_BOX_WIDTH, viewport.width - 2 * TOUR_MARGIN);
  const fullHeight = viewport.height - 2 * TOUR_MARGIN;
  if (side === 'right') {
    const left = target.left + target.width + TOUR_GAP;
    if (left + width + TOUR_MARGIN > viewport.width) return null;
    // Level with the control's middle, kept on the screen.
    const top = clamp(
      target.top + target.height / 2 - box.height / 2,
      TOUR_MARGIN,
      viewport.height - TOUR_MARGIN - box.height,
    );
    return { mode: 'beside', side: 'right', top, left, width, maxHeight: fullHeight };
  }
  const top = target.top + target.height + TOUR_GAP;
  const maxHeight = viewport.height - top - TOUR_MARGIN;
  if (maxHeight < box.height) return null;
  const left = clamp(
    side === 'bottom-start' ? target.left : target.left + target.width - width,
    TOUR_MARGIN,
    viewport.width - TOUR_MARGIN - width,
  );
  return { mode: 'beside', side: 'bottom', top, left, width, maxHeight };
}

function docked({ target, viewport }: PlaceInput): TourPlacement & { mode: 'docked' } {
  const above = target.top - TOUR_GAP - TOUR_MARGIN;
  const below = viewport.height - (target.top + target.height) - TOUR_GAP - TOUR_MARGIN;
  return below >= above
    ? { mode: 'docked', edge: 'bottom', maxHeight: Math.max(0, below) }
    : { mode: 'docked', edge: 'top', maxHeight: Math.max(0, above) };
}

function besideOrBelow(input: PlaceInput): TourPlacement | null {
  return beside(input) ?? (input.side === 'right' ? beside({ ...input, side: 'bottom-start' }) : null);
}

/**
 * Where the box goes. A wide window: beside the control on the step's side when the box fits there (to the right
 * of a sidebar entry, else below it). A narrow one (a phone): docked at the screen's edge farther from the control,
 * no taller than the room between that edge and the control; where that room is too short for the box (a phone
 * held sideways, an entry half-way down) it goes beside the control if it fits there. Failing all, docked, and the
 * box scrolls inside.
 */
export function placeTourBox(input: PlaceInput): TourPlacement {
  if (!input.narrow) return besideOrBelow(input) ?? docked(input);
  const atEdge = docked(input);
  if (atEdge.maxHeight >= input.box.height) return atEdge;
  return besideOrBelow(input) ?? atEdge;
}

/** The hole the dimmed page leaves around the control, kept inside the screen so its ring shows whole. */
export function spotlightRect(target: TourRect, viewport: { width: number; height: number }): TourRect {
  const left = clamp(target.left - SPOTLIGHT_PADDING, SPOTLIGHT_RING, viewport.width);
  const top = clamp(target.top - SPOTLIGHT_PADDING, SPOTLIGHT_RING, viewport.height);
  const right = clamp(target.left + target.width + SPOTLIGHT_PADDING, left, viewport.width - SPOTLIGHT_RING);
  const bottom = clamp(target.top + target.height + SPOTLIGHT_PADDING, top, viewport.height - SPOTLIGHT_RING);
  return { top, left, width: right - left, height: bottom - top };
}
