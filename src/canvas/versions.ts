import * as Y from 'yjs';
import type { PageChange } from '../contracts/versions.ts';
import { base64ToBytes, createSiteDoc, edit, listPages, readElement, type SiteDoc } from './siteDoc.ts';

export type { PageChange } from '../contracts/versions.ts';

// Deep equality of plain JSON values (what element and page maps hold).
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const key of keys) if (!(key in y) || !same(x[key], y[key])) return false;
  return true;
}

// Makes `map` hold exactly the entries of `target`: changed keys set, missing ones deleted; untouched keys
// are not written at all, so a restore of an unchanged element makes no update.
function syncMap(map: Y.Map<unknown>, target: Y.Map<unknown>): void {
  for (const key of [...map.keys()]) {
    if (!target.has(key)) map.delete(key);
  }
  for (const [key, value] of target.entries()) {
    if (!map.has(key) || !same(map.get(key), value)) map.set(key, value);
  }
}

function copyMap(target: Y.Map<unknown>): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  for (const [key, value] of target.entries()) map.set(key, value);
  return map;
}

function syncCollection(current: Y.Map<Y.Map<unknown>>, target: Y.Map<Y.Map<unknown>>): void {
  for (const id of [...current.keys()]) {
    if (!target.has(id)) current.delete(id);
  }
  for (const [id, map] of target.entries()) {
    const existing = current.get(id);
    if (existing) syncMap(existing, map);
    else current.set(id, copyMap(map));
  }
}

/**
 * Makes `site` equal to `target` (a version) with the smallest set of writes: pages and elements not in the
 * version are deleted, changed fields set, missing ones added. Run it inside one transaction — `edit()` in a tab
 * (one undoable local change), the server's live document for the API — so every replica receives it as one
 * update that merges with concurrent edits like any other.
 */
export function restoreInto(site: SiteDoc, target: SiteDoc): void {
  syncCollection(site.pages, target.pages);
  syncCollection(site.elements, target.elements);
}

/**
 * Restores a version (its encoded Yjs state, base64) in this tab as one local, undoable transaction: the
 * provider sends it like any edit, so it reaches every open tab and device and is acknowledged when stored.
 */
export function restoreVersionState(
  site: SiteDoc,
  base64: string,
  // The builder passes its store's `edit`, which makes the restore an undo step of its own.
  run: (fn: () => void) => void = (fn) => edit(site, fn),
): void {
  const target = createSiteDoc(new Y.Doc());
  if (base64) Y.applyUpdate(target.doc, base64ToBytes(base64));
  run(() => restoreInto(site, target));
}

/** Whether two site documents hold the same pages and elements (field by field). */
export function sameContent(a: SiteDoc, b: SiteDoc): boolean {
  const sameCollection = (x: Y.Map<Y.Map<unknown>>, y: Y.Map<Y.Map<unknown>>) => {
    if (x.size !== y.size) return false;
    for (const [id, map] of x.entries()) {
      const other = y.get(id);
      if (!other || !same(map.toJSON(), other.toJSON())) return false;
    }
    return true;
  };
  return sameCollection(a.pages, b.pages) && sameCollection(a.elements, b.elements);
}

type Shown = Map<string, Map<string, unknown>>;

// The elements of each page that a visitor would see (flagged-deleted ones left out), as plain JSON by id.
function elementsByPage(site: SiteDoc): Shown {
  const byPage: Shown = new Map();
  for (const map of site.elements.values()) {
    const element = readElement(map);
    if (element.deleted) continue;
    let page = byPage.get(element.pageId);
    if (!page) {
      page = new Map();
      byPage.set(element.pageId, page);
    }
    page.set(element.id, map.toJSON());
  }
  return byPage;
}

/**
 * What changed from `before` (the previous version; null for the first) to `after`, per page: elements added,
 * removed and changed (any field, placement included). A page whose own settings changed counts as changed.
 * Pages without any change are left out.
 */
export function summarizeChanges(before: SiteDoc | null, after: SiteDoc): PageChange[] {
  const oldPages = new Map((before ? listPages(before) : []).map((page) => [page.id, page]));
  const newPages = listPages(after);
  const oldElements = before ? elementsByPage(before) : new Map<string, Map<string, unknown>>();
  const newElements = elementsByPage(after);
  const changes: PageChange[] = [];
  const count = (pageId: string) => {
    const was = oldElements.get(pageId) ?? new Map<string, unknown>();
    const now = newElements.get(pageId) ?? new Map<string, unknown>();
    let added = 0;
    let changed = 0;
    for (const [id, value] of now) {
      if (!was.has(id)) added += 1;
      else if (!same(was.get(id), value)) changed += 1;
    }
    let removed = 0;
    for (const id of was.keys()) if (!now.has(id)) removed += 1;
    return { added, removed, changed };
  };
  for (const page of newPages) {
    const old = oldPages.get(page.id);
    const counts = count(page.id);
    if (!old) {
      changes.push({ pageId: page.id, page: page.name, status: 'added', ...counts });
      continue;
    }
    const settingsChanged = !same({ ...old, order: '' }, { ...page, order: '' });
    if (settingsChanged || counts.added + counts.removed + counts.changed > 0) {
      changes.push({ pageId: page.id, page: page.name, status: 'changed', ...counts });
    }
  }
  const kept = new Set(newPages.map((page) => page.id));
  for (const old of oldPages.values()) {
    if (!kept.has(old.id)) {
      changes.push({ pageId: old.id, page: old.name, status: 'removed', ...count(old.id) });
    }
  }
  return changes;
}

/** One line per page, as the history shows it: "Home: 2 added, 1 changed". */
export function describeChanges(changes: readonly PageChange[]): string {
  if (changes.length === 0) return 'No changes';
  return changes
    .map((change) => {
      const parts = [
        change.added ? `${change.added} added` : '',
        change.removed ? `${change.removed} removed` : '',
        change.changed ? `${change.changed} changed` : '',
      ].filter(Boolean);
      const prefix =
        change.status === 'added'
          ? `${change.page} (new page)`
          : change.status === 'removed'
            ? `${change.page} (page removed)`
            : change.page;
      if (parts.length) return `${prefix}: ${parts.join(', ')}`;
      return change.status === 'changed' ? `${prefix}: page settings changed` : prefix;
    })
    .join('; ');
}
