import { describe, expect, test } from 'vitest';
import {
  placeTourBox,
  TOUR_BOX_WIDTH,
  TOUR_MARGIN,
  type TourPlacement,
  type TourRect,
  type TourSide,
} from '../../src/views/tour/tourPlacement.ts';

/** The most room the box can take where it is placed (its width and height at most). */
function extent(
  placement: TourPlacement,
  box: { width: number; height: number },
  viewport: { width: number; height: number },
) {
  if (placement.mode === 'beside') {
    const height = Math.min(box.height, placement.maxHeight);
    return {
      top: placement.top,
      left: placement.left,
      right: placement.left + placement.width,
      bottom: placement.top + height,
    };
  }
  const top = placement.edge === 'top' ? TOUR_MARGIN : viewport.height - TOUR_MARGIN - placement.maxHeight;
  return { top, left: TOUR_MARGIN, right: viewport.width - TOUR_MARGIN, bottom: top + placement.maxHeight };
}

const overlaps = (a: ReturnType<typeof extent>, b: TourRect) =>
  a.left < b.left + b.width && b.left < a.right && a.top < b.top + b.height && b.top < a.bottom;

const SCREENS = [
  { viewport: { width: 390, height: 844 }, narrow: true },
  { viewport: { width: 844, height: 390 }, narrow: true },
  { viewport: { width: 1280, height: 800 }, narrow: false },
  { viewport: { width: 900, height: 600 }, narrow: false },
];
const SIDES: TourSide[] = ['right', 'bottom-start', 'bottom-end'];

describe('where the tour box goes', () => {
  test('wherever the control is, on any screen, the box never covers it', () => {
    for (const { viewport, narrow } of SCREENS) {
      for (const side of SIDES) {
        for (let top = 0; top + 48 <= viewport.height; top += 24) {
          for (const [left, width] of [
            [0, 64],
            [0, 264],
            [viewport.width - 56, 40],
          ]) {
            const target = { top, left, width, height: 48 };
            const box = { width: TOUR_BOX_WIDTH, height: 240 };
            const placement = placeTourBox({ target, box, viewport, side, narrow });
            const place = { viewport, side, target: JSON.stringify(target), placement };
            const taken = extent(placement, box, viewport);
            expect(overlaps(taken, target), JSON.stringify(place)).toBe(false);
            // And it stays on the screen.
            expect(
              taken.left >= 0 &&
                taken.top >= 0 &&
                taken.right <= viewport.width &&
                taken.bottom <= viewport.height,
              JSON.stringify(place),
            ).toBe(true);
          }
        }
      }
    }
  });

  test('a wide screen puts it to the right of a sidebar entry, level with it; a phone docks it away from it', () => {
    const entry = { top: 200, left: 0, width: 264, height: 48 };
    const box = { width: 360, height: 240 };
    expect(
      placeTourBox({
        target: entry,
        box,
        viewport: { width: 1280, height: 800 },
        side: 'right',
        narrow: false,
      }),
    ).toEqual({
      mode: 'beside',
      side: 'right',
      top: 104,
      left: 276,
      width: 360,
      maxHeight: 784,
    });
    const icon = { ...entry, width: 64 };
    expect(
      placeTourBox({ target: icon, box, viewport: { width: 390, height: 844 }, side: 'right', narrow: true }),
    ).toEqual({
      mode: 'docked',
      edge: 'bottom',
      maxHeight: 576,
    });
    expect(
      placeTourBox({
        target: { ...icon, top: 600 },
        box,
        viewport: { width: 390, height: 844 },
        side: 'right',
        narrow: true,
      }),
    ).toEqual({ mode: 'docked', edge: 'top', maxHeight: 580 });
    // A phone held sideways, an entry half-way down: no room above or below it for the box, so it goes beside.
    expect(
      placeTourBox({
        target: { ...icon, top: 170, height: 40 },
        box,
        viewport: { width: 844, height: 390 },
        side: 'right',
        narrow: true,
      }),
    ).toMatchObject({ mode: 'beside', side: 'right', left: 76 });
  });
});
