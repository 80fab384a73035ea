import * as Y from 'yjs';
import { keyBetween } from '../fractionalIndex.ts';
import {
  compareOrdered,
  type ElementProps,
  newId,
  PLACEMENT_KEYS,
  readElement,
  type SiteDoc,
} from '../siteDoc.ts';
import { readTree, subtreeIds } from '../tree.ts';

/** An element to insert, with its children (templates, parsed HTML, pasted subtrees). */
export type ElementNode = { type: string; props: ElementProps; children?: ElementNode[]; id?: string };

export type Placement = { pageId: string; parentId: string | null; index?: number };

const PLACEMENT = new Set<string>(PLACEMENT_KEYS);

type Sibling = { id: string; order: string; type: unknown };

// The raw siblings (shown or not), sorted, so a new order key never collides with a hidden one's.
function siblingsOf(site: SiteDoc, pageId: string, parentId: string | null, exceptId?: string): Sibling[] {
  const siblings: Sibling[] = [];
  for (const map of site.elements.values()) {
    if (map.get('pageId') !== pageId || (map.get('parentId') ?? null) !== parentId) continue;
    if (map.get('deleted') === true || map.get('id') === exceptId) continue;
    siblings.push({ id: String(map.get('id')), order: String(map.get('order')), type: map.get('type') });
  }
  return siblings.sort(compareOrdered);
}

function siblingOrders(site: SiteDoc, pageId: string, parentId: string | null, exceptId?: string): string[] {
  return siblingsOf(site, pageId, parentId, exceptId).map((sibling) => sibling.order);
}

/**
 * Where an element of `type` added to the page itself goes when no position was chosen (a click in
 * Components): the end of the page, but before the footer(s) that end it, so the footer stays the last
 * thing on it (a footer itself goes at the end). The index counts the siblings `insertElement` places among.
 */
export function pageAddIndex(site: SiteDoc, pageId: string, type: string): number {
  const siblings = siblingsOf(site, pageId, null);
  let index = siblings.length;
  if (type === 'footer') return index;
  while (index > 0 && siblings[index - 1]?.type === 'footer') index -= 1;
  return index;
}

/** The order key for position `index` (default: the end) among the siblings. */
function orderAt(orders: string[], index: number | undefined): string {
  const at = index === undefined ? orders.length : Math.max(0, Math.min(index, orders.length));
  return keyBetween(orders[at - 1] ?? null, orders[at] ?? null);
}

function writeProps(map: Y.Map<unknown>, props: ElementProps): void {
  for (const [key, value] of Object.entries(props)) {
    if (PLACEMENT.has(key)) continue;
    if (value === undefined) map.delete(key);
    else map.set(key, value);
  }
}

/** Inserts an element (and its children) at a place; returns the new element's id. */
export function insertElement(site: SiteDoc, node: ElementNode, place: Placement): string {
  const id = node.id ?? newId();
  const map = new Y.Map<unknown>();
  map.set('id', id);
  map.set('type', node.type);
  map.set('pageId', place.pageId);
  map.set('parentId', place.parentId);
  map.set('order', orderAt(siblingOrders(site, place.pageId, place.parentId), place.index));
  writeProps(map, node.props);
  site.elements.set(id, map);
  for (const child of node.children ?? []) insertElement(site, child, { pageId: place.pageId, parentId: id });
  return id;
}

/** Sets (or, with `undefined`, removes) properties of an element. */
export function updateElement(site: SiteDoc, id: string, patch: ElementProps): void {
  const map = site.elements.get(id);
  if (map) writeProps(map, patch);
}

/**
 * Moves an element under another parent (or to the top level) at `index`: two writes, parentId and
 * order, so concurrent moves never duplicate it. A move into its own subtree is refused.
 */
export function moveElement(site: SiteDoc, id: string, place: Omit<Placement, 'pageId'>): boolean {
  const map = site.elements.get(id);
  if (!map) return false;
  if (place.parentId !== null && subtreeIds(site, id).includes(place.parentId)) return false;
  const pageId = String(map.get('pageId'));
  const orders = siblingOrders(site, pageId, place.parentId, id);
  map.set('parentId', place.parentId);
  map.set('order', orderAt(orders, place.index));
  return true;
}

/** Removes an element and all its children. */
export function removeElement(site: SiteDoc, id: string): void {
  for (const member of subtreeIds(site, id)) site.elements.delete(member);
}

/** Flags an element deleted (it disappears at once; `purgeDeleted` removes it). */
export function flagDeleted(site: SiteDoc, id: string): void {
  site.elements.get(id)?.set('deleted', true);
}

/** Removes elements flagged deleted, with their children, and orphans left by concurrent removals. */
export function purgeDeleted(site: SiteDoc): number {
  const tree = readTree(site);
  const doomed = new Set<string>();
  for (const map of site.elements.values()) {
    const element = readElement(map);
    if (element.deleted || !tree.parentOf.has(element.id)) {
      for (const id of subtreeIds(site, element.id)) doomed.add(id);
    }
  }
  for (const id of doomed) site.elements.delete(id);
  return doomed.size;
}

/** The id of the element shown at `index` under a parent, for placing relative to it. */
export function indexOf(site: SiteDoc, pageId: string, parentId: string | null, id: string): number {
  const tree = readTree(site);
  const list = parentId === null ? tree.roots.get(pageId) : tree.children.get(parentId);
  return list?.indexOf(id) ?? -1;
}
