/** The row of element `id` in the Structure tree, if shown. */
const layerRow = (id: string) =>
  document.querySelector<HTMLElement>(`[role="treeitem"][data-layer-id="${CSS.escape(id)}"]`);

/** Scrolls the windowed Structure tree to a layer, so its row is rendered (set by the mounted tree). */
let revealer: ((id: string) => void) | null = null;

/** The mounted Structure tree registers how to bring a layer into view (null when it unmounts). */
export function setLayerRevealer(reveal: ((id: string) => void) | null): void {
  revealer = reveal;
}

/**
 * Puts keyboard focus on the layer of `id` once it is shown (an element just added appears in the Layers
 * tab a render later; a moved one may be re-inserted by React, which drops focus; the tree renders only the
 * rows in view, so it is scrolled to it first).
 */
export function focusLayer(id: string, frames = 10): void {
  revealer?.(id);
  const row = layerRow(id);
  if (row) row.focus();
  else if (frames > 0) requestAnimationFrame(() => focusLayer(id, frames - 1));
}
