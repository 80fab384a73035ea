import { compareOrdered, type ElementData, readElement, type SiteDoc } from './siteDoc.ts';

/** The element tree of every page, as every replica reads it from the same state. */
export type TreeIndex = {
  /** Top-level element ids of each page, in order. */
  roots: Map<string, string[]>;
  /** Child ids of each element that has children, in order. */
  children: Map<string, string[]>;
  /** The parent each shown element is rendered under (null: top level). */
  parentOf: Map<string, string | null>;
};

/** The key under which a children list is published: an element id, or `root:<pageId>`. */
export function childrenKey(pageId: string, parentId: string | null): string {
  return parentId ?? `root:${pageId}`;
}

/** The tree and the data of every element not deleted, each element read once. */
export type ReadTree = { tree: TreeIndex; elements: ReadonlyMap<string, ElementData> };

/**
 * Reads the tree with deterministic repair: deleted elements and orphans (whose parent is gone or on
 * another page) are left out with their subtrees; each parent cycle is broken by lifting the member with
 * the smallest id to the top level; siblings sort by order key, then id.
 */
export function readTree(site: SiteDoc): TreeIndex {
  return readTreeAndElements(site).tree;
}

/** `readTree` with the elements' data it read on the way (for readers that want both: the save payload). */
export function readTreeAndElements(site: SiteDoc): ReadTree {
  const all = new Map<string, ElementData>();
  for (const map of site.elements.values()) {
    const element = readElement(map);
    if (!element.deleted) all.set(element.id, element);
  }
  const effectiveParent = new Map<string, string | null>();
  for (const element of all.values()) {
    const parent = element.parentId === null ? undefined : all.get(element.parentId);
    if (element.parentId === null) effectiveParent.set(element.id, null);
    else if (parent && parent.pageId === element.pageId) effectiveParent.set(element.id, parent.id);
  }
  breakCycles(effectiveParent);
  // An element is shown when its parent chain reaches the top level.
  const shown = new Map<string, boolean>();
  const isShown = (id: string): boolean => {
    const known = shown.get(id);
    if (known !== undefined) return known;
    const chain: string[] = [];
    let current: string | null | undefined = id;
    let result = false;
    while (true) {
      if (current === undefined) break;
      if (current === null) {
        result = true;
        break;
      }
      const cached = shown.get(current);
      if (cached !== undefined) {
        result = cached;
        break;
      }
      chain.push(current);
      current = effectiveParent.get(current);
    }
    for (const member of chain) shown.set(member, result);
    return result;
  };
  const roots = new Map<string, ElementData[]>();
  const children = new Map<string, ElementData[]>();
  const parentOf = new Map<string, string | null>();
  for (const element of all.values()) {
    if (!isShown(element.id)) continue;
    const parent = effectiveParent.get(element.id) ?? null;
    parentOf.set(element.id, parent);
    const target = parent === null ? roots : children;
    const key = parent ?? element.pageId;
    const list = target.get(key);
    if (list) list.push(element);
    else target.set(key, [element]);
  }
  const sorted = (lists: Map<string, ElementData[]>) =>
    new Map([...lists].map(([key, list]) => [key, list.sort(compareOrdered).map((element) => element.id)]));
  return { tree: { roots: sorted(roots), children: sorted(children), parentOf }, elements: all };
}

// Each cycle of parent links is a function of the state alone, so lifting its smallest id is deterministic.
function breakCycles(parents: Map<string, string | null>): void {
  const done = new Set<string>();
  for (const start of parents.keys()) {
    if (done.has(start)) continue;
    const path: string[] = [];
    const onPath = new Set<string>();
    let current: string | null | undefined = start;
    while (current !== null && current !== undefined && !done.has(current)) {
      if (onPath.has(current)) {
        const cycle = path.slice(path.indexOf(current));
        const lifted = cycle.reduce((min, id) => (id < min ? id : min));
        parents.set(lifted, null);
        break;
      }
      onPath.add(current);
      path.push(current);
      current = parents.get(current);
    }
    for (const id of path) done.add(id);
  }
}

/** Ids of an element and everything under it in the raw parent links (not only the shown tree). */
export function subtreeIds(site: SiteDoc, rootId: string): string[] {
  const byParent = new Map<string, string[]>();
  for (const map of site.elements.values()) {
    const parent = map.get('parentId') as string | null;
    if (parent === null || parent === undefined) continue;
    const list = byParent.get(parent);
    const id = String(map.get('id'));
    if (list) list.push(id);
    else byParent.set(parent, [id]);
  }
  const result: string[] = [];
  const seen = new Set<string>();
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    result.push(id);
    stack.push(...(byParent.get(id) ?? []));
  }
  return result;
}
