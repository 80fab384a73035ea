import type * as Y from 'yjs';
import { topLevelSelection } from '../clipboard.ts';
import { definitionOf } from '../elements/registry.ts';
import type { SiteDoc } from '../siteDoc.ts';
import { readTree } from '../tree.ts';
import { type ElementNode, insertElement, type Placement, removeElement } from './elementOps.ts';

/**
 * Where a paste goes: inside the selected container (at its end), after the last selected element, or at
 * the end of the page when nothing on it is selected.
 */
export function pastePlacement(site: SiteDoc, pageId: string, selectedIds: readonly string[]): Placement {
  const tree = readTree(site);
  const onPage = topLevelSelection(site, selectedIds, tree).filter(
    (id) => site.elements.get(id)?.get('pageId') === pageId,
  );
  const last = onPage.at(-1);
  if (!last) return { pageId, parentId: null };
  if (onPage.length === 1 && definitionOf(String(site.elements.get(last)?.get('type')))?.container) {
    return { pageId, parentId: last };
  }
  const parentId = tree.parentOf.get(last) ?? null;
  const siblings = (parentId === null ? tree.roots.get(pageId) : tree.children.get(parentId)) ?? [];
  return { pageId, parentId, index: siblings.indexOf(last) + 1 };
}

/** Inserts pasted elements (with their children, under new ids) one after another; returns their ids. */
export function pasteElements(site: SiteDoc, nodes: readonly ElementNode[], place: Placement): string[] {
  return nodes.map((node, i) =>
    insertElement(
      site,
      withoutIds(node),
      place.index === undefined ? place : { ...place, index: place.index + i },
    ),
  );
}

// Pasted elements always get new ids, so a paste never collides with (or overwrites) what is there.
function withoutIds(node: ElementNode): ElementNode {
  return { type: node.type, props: node.props, children: (node.children ?? []).map(withoutIds) };
}

/** Removes the selected elements with their children (the second half of a cut). */
export function removeElements(site: SiteDoc, ids: readonly string[]): void {
  for (const id of topLevelSelection(site, ids)) removeElement(site, id);
}

/**
 * Runs an edit (a paste, a cut) as an undo step of its own: the undo manager merges edits made within a
 * moment of each other, so capturing stops before and after it and one undo removes exactly this edit.
 */
export function editAsOneStep(
  store: { edit(fn: () => void): void; undoManager: Y.UndoManager },
  fn: () => void,
): void {
  store.undoManager.stopCapturing();
  store.edit(fn);
  store.undoManager.stopCapturing();
}
