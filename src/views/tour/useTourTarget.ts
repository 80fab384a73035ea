import { useLayoutEffect, useRef, useState } from 'react';
import type { TourRect } from './tourPlacement.ts';

/** Marks the control the current step points at (the spotlight frames it; tests find it by it). */
export const TOUR_ACTIVE_ATTRIBUTE = 'data-tour-active';

/** What the tour lays itself out by: the control's place, the box's size and the screen's. */
export type TourLayout = {
  target: TourRect;
  box: { width: number; height: number };
  viewport: { width: number; height: number };
};

/**
 * The control marked `data-tour="{anchor}"` that the user can see. A phone whose wide sidebar is open over the
 * page has the entry twice (the narrow rail under it, the open menu on top, later in the page): the one shown
 * last is on top. Without layout (tests), the first.
 */
function findTarget(anchor: string): HTMLElement | null {
  const all = Array.from(document.querySelectorAll<HTMLElement>(`[data-tour="${anchor}"]`));
  const shown = all.filter((element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  });
  return shown.at(-1) ?? all[0] ?? null;
}

const rectOf = (element: Element): TourRect => {
  const { top, left, width, height } = element.getBoundingClientRect();
  return { top, left, width, height };
};

const sameLayout = (a: TourLayout | null, b: TourLayout) =>
  a !== null && JSON.stringify(a) === JSON.stringify(b);

/**
 * Follows the step's control while the tour shows: finds it once it is on the page (sections and the shell load
 * lazily), scrolls it into view, marks it, and measures it, the box (`boxRef`) and the screen at every frame, so
 * the spotlight and the box follow a sidebar that widens, a window that turns or an entry that is rendered anew.
 * `layout` is null until the control is found.
 */
export function useTourTarget(anchor: string, open: boolean) {
  const boxRef = useRef<HTMLDivElement | null>(null);
  const [layout, setLayout] = useState<TourLayout | null>(null);
  // Before the paint, so a new step never shows its words beside the last step's control.
  useLayoutEffect(() => {
    if (!open) {
      setLayout(null);
      return;
    }
    let element: HTMLElement | null = null;
    let last: TourLayout | null = null;
    let frame = 0;
    const track = () => {
      const found = findTarget(anchor);
      if (found !== element) {
        element?.removeAttribute(TOUR_ACTIVE_ATTRIBUTE);
        element = found;
        // (jsdom has no scrollIntoView.)
        element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
        element?.setAttribute(TOUR_ACTIVE_ATTRIBUTE, 'true');
      }
      if (element) {
        const box = boxRef.current?.getBoundingClientRect();
        const next: TourLayout = {
          target: rectOf(element),
          box: { width: box?.width ?? 0, height: box?.height ?? 0 },
          // The page's width without its scroll bar (jsdom lays nothing out: the window's).
          viewport: {
            width: document.documentElement.clientWidth || window.innerWidth,
            height: document.documentElement.clientHeight || window.innerHeight,
          },
        };
        if (!sameLayout(last, next)) {
          last = next;
          setLayout(next);
        }
      }
      frame = requestAnimationFrame(track);
    };
    track();
    return () => {
      cancelAnimationFrame(frame);
      element?.removeAttribute(TOUR_ACTIVE_ATTRIBUTE);
    };
  }, [anchor, open]);
  return { layout, boxRef };
}
