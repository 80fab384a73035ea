import { type RefObject, useEffect } from 'react';

/**
 * Brings the selected element into the canvas's view when none of it shows: an element added from the palette
 * (it goes to the end of the page), chosen in Layers, or pasted, far from where the owner is looking. A click on
 * the canvas selects something on screen, so it never scrolls; an element partly in view stays where it is.
 */
export function useRevealSelected(
  canvas: RefObject<HTMLElement | null>,
  id: string | null,
  active: boolean,
): void {
  useEffect(() => {
    const view = canvas.current;
    if (!active || !id || !view) return;
    const node = view.querySelector(`[data-element-id="${CSS.escape(id)}"]`);
    if (!node) return;
    const shown = view.getBoundingClientRect();
    const at = node.getBoundingClientRect();
    // A canvas with no height is not laid out (hidden, or no layout at all as in jsdom): nothing to scroll.
    if (shown.height === 0 || (at.bottom > shown.top && at.top < shown.bottom)) return;
    node.scrollIntoView({ block: 'nearest' });
  }, [canvas, id, active]);
}
