import type * as Y from 'yjs';
import {
  type ElementData,
  listPages,
  type PageData,
  PLACEMENT_KEYS,
  readElement,
  type SiteDoc,
} from './siteDoc.ts';
import { childrenKey, readTree, type TreeIndex } from './tree.ts';
import { createUndoManager, UndoSteps } from './undo.ts';

type Listener = () => void;
const EMPTY: readonly string[] = Object.freeze([]);
const PLACEMENT = new Set<string>(PLACEMENT_KEYS);

/**
 * Read side of a site document for the views: cached immutable snapshots with per-element and
 * per-children-list subscriptions, so one property edit notifies only that element's subscribers.
 */
export class SiteStore {
  readonly site: SiteDoc;
  readonly undoManager: Y.UndoManager;
  private readonly steps: UndoSteps;
  private tree: TreeIndex;
  private pages: PageData[];
  private readonly elementCache = new Map<string, ElementData>();
  private readonly elementListeners = new Map<string, Set<Listener>>();
  private readonly childrenListeners = new Map<string, Set<Listener>>();
  private readonly globalListeners = new Set<Listener>();
  private readonly treeListeners = new Set<Listener>();
  private version = 0;

  constructor(site: SiteDoc) {
    this.site = site;
    this.undoManager = createUndoManager(site);
    this.steps = new UndoSteps(site, this.undoManager);
    this.tree = readTree(site);
    this.pages = listPages(site);
    site.elements.observeDeep(this.onElements);
    site.pages.observeDeep(this.onPages);
    this.undoManager.on('stack-item-added', this.notifyGlobal);
    this.undoManager.on('stack-item-popped', this.notifyGlobal);
  }

  private readonly onElements = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    let structural = false;
    const changed = new Set<string>();
    for (const event of events) {
      if (event.target === this.site.elements) {
        structural = true;
        for (const key of (event as Y.YMapEvent<unknown>).keysChanged) changed.add(key);
      } else {
        const id = String((event.target as Y.Map<unknown>).get('id'));
        changed.add(id);
        for (const key of (event as Y.YMapEvent<unknown>).keysChanged) {
          if (PLACEMENT.has(key)) structural = true;
        }
      }
    }
    for (const id of changed) this.elementCache.delete(id);
    if (structural) this.reindex();
    for (const id of changed) this.emit(this.elementListeners, id);
    this.notifyGlobal();
  };

  private readonly onPages = () => {
    this.pages = listPages(this.site);
    this.notifyGlobal();
  };

  private readonly notifyGlobal = () => {
    this.version += 1;
    for (const listener of [...this.globalListeners]) listener();
  };

  private reindex(): void {
    const before = this.tree;
    this.tree = readTree(this.site);
    // Unchanged lists keep their identity, so their subscribers see the same snapshot.
    for (const [lists, old] of [
      [this.tree.roots, before.roots],
      [this.tree.children, before.children],
    ] as const) {
      for (const [key, list] of lists) {
        const previous = old.get(key);
        if (previous && sameIds(previous, list)) lists.set(key, previous);
      }
    }
    // Nothing shown moved (a property edit, say, or a change of an element not shown): the same tree.
    if (sameLists(before.roots, this.tree.roots) && sameLists(before.children, this.tree.children)) {
      this.tree = before;
      return;
    }
    for (const listener of [...this.treeListeners]) listener();
    const keys = new Set<string>([...this.childrenListeners.keys()]);
    for (const key of keys) {
      const [a, b] = [listFor(before, key), listFor(this.tree, key)];
      if (!sameIds(a, b)) this.emit(this.childrenListeners, key);
    }
  }

  private emit(registry: Map<string, Set<Listener>>, key: string): void {
    const listeners = registry.get(key);
    if (listeners) for (const listener of [...listeners]) listener();
  }

  private listen(registry: Map<string, Set<Listener>>, key: string, listener: Listener): () => void {
    let set = registry.get(key);
    if (!set) {
      set = new Set();
      registry.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) registry.delete(key);
    };
  }

  /** The element's current snapshot (the same object until it changes), or null. */
  getElement = (id: string): ElementData | null => {
    const cached = this.elementCache.get(id);
    if (cached) return cached;
    const map = this.site.elements.get(id);
    if (!map) return null;
    const element = readElement(map);
    this.elementCache.set(id, element);
    return element;
  };

  subscribeElement = (id: string, listener: Listener) => this.listen(this.elementListeners, id, listener);

  /** Ids shown under a parent (null: the page's top level). */
  getChildren = (pageId: string, parentId: string | null): readonly string[] =>
    listFor(this.tree, childrenKey(pageId, parentId));

  subscribeChildren = (pageId: string, parentId: string | null, listener: Listener) =>
    this.listen(this.childrenListeners, childrenKey(pageId, parentId), listener);

  /** Any change at all (pages, undo stacks, layers list). */
  subscribe = (listener: Listener): (() => void) => {
    this.globalListeners.add(listener);
    return () => this.globalListeners.delete(listener);
  };

  /** The shown tree's structure changed (an element added, removed or moved), never a property edit. */
  subscribeTree = (listener: Listener): (() => void) => {
    this.treeListeners.add(listener);
    return () => this.treeListeners.delete(listener);
  };

  getVersion = (): number => this.version;
  getPages = (): PageData[] => this.pages;
  /** The shown tree: the same object until its structure changes (subscribeTree). */
  getTree = (): TreeIndex => this.tree;

  /** Runs local ops as one undoable transaction that is an undo step of its own (a discrete command). */
  edit = (fn: () => void): void => this.steps.command(fn);

  /** Runs a keystroke's edit of `field`: keystrokes of one typing burst in one field are one undo step. */
  type = (field: string, fn: () => void): void => this.steps.typing(field, fn);

  /** Ends the current typing burst (a field lost focus): the next keystroke starts a new undo step. */
  endTyping = (): void => this.steps.endBurst();

  canUndo = (): boolean => this.undoManager.undoStack.length > 0;
  canRedo = (): boolean => this.undoManager.redoStack.length > 0;
  undo = (): void => {
    this.steps.endBurst();
    this.undoManager.undo();
  };
  redo = (): void => {
    this.steps.endBurst();
    this.undoManager.redo();
  };

  destroy(): void {
    this.site.elements.unobserveDeep(this.onElements);
    this.site.pages.unobserveDeep(this.onPages);
    this.undoManager.destroy();
  }
}

function listFor(tree: TreeIndex, key: string): readonly string[] {
  if (key.startsWith('root:')) return tree.roots.get(key.slice(5)) ?? EMPTY;
  return tree.children.get(key) ?? EMPTY;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((id, i) => id === b[i]));
}

function sameLists(a: Map<string, readonly string[]>, b: Map<string, readonly string[]>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, list] of a) if (b.get(key) !== list) return false;
  return true;
}
