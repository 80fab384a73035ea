/** The row of element `id` in the Structure tree, if shown. */
const layerRow = (id: string) =>
  document.querySelector<HTMLElement>(`[role="treeitem"][data-layer-id="${CSS.escape(id)}"]`);

/**
 * Puts keyboard focus on the layer of `id` once it is shown (an element just added appears in the Layers
 * tab a render later; a moved one may be re-inserted by React, which drops focus).
 */
export function focusLayer(id: string, frames = 10): void {
  const row = layerRow(id);
  if (row) row.focus();
  else if (frames > 0) requestAnimationFrame(() => focusLayer(id, frames - 1));
}
