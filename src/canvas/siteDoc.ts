import * as Y from 'yjs';

import { LOCAL_ORIGIN, SERVER_ORIGIN } from './origins.ts';

export { LOCAL_ORIGIN, SEED_ORIGIN, SERVER_ORIGIN } from './origins.ts';

/** Element keys that place the element; every other key of an element map is one of its properties. */
export const PLACEMENT_KEYS = ['id', 'type', 'pageId', 'parentId', 'order', 'deleted'] as const;
const PLACEMENT = new Set<string>(PLACEMENT_KEYS);

export type ElementProps = Record<string, unknown>;

/** An element as read from the document: its placement and its own properties. */
export type ElementData = {
  id: string;
  type: string;
  pageId: string;
  parentId: string | null;
  order: string;
  deleted: boolean;
  props: ElementProps;
};

/** A page of the site (spec §3) plus its SEO settings and its order key. */
export type PageData = {
  id: string;
  name: string;
  path: string;
  isHomePage: boolean;
  order: string;
  title: string;
  description: string;
  /** SEO: the canonical address ('' = the page's own), the Open Graph image, and search engines kept out. */
  canonicalUrl: string;
  ogImage: string;
  noindex: boolean;
};

/** The typed handles of one site's document. */
export type SiteDoc = {
  doc: Y.Doc;
  pages: Y.Map<Y.Map<unknown>>;
  elements: Y.Map<Y.Map<unknown>>;
};

/** Wraps a Y.Doc (new by default) as a site document. */
export function createSiteDoc(doc: Y.Doc = new Y.Doc()): SiteDoc {
  return { doc, pages: doc.getMap('pages'), elements: doc.getMap('elements') };
}

/** Runs `fn` as one local, undoable transaction. */
export function edit(site: SiteDoc, fn: () => void): void {
  site.doc.transact(fn, LOCAL_ORIGIN);
}

/** A fresh id for an element or page. */
export function newId(prefix = 'el'): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 12)}`;
}

/** The plain data of an element map. */
export function readElement(map: Y.Map<unknown>): ElementData {
  const props: ElementProps = {};
  for (const [key, value] of map.entries()) {
    if (!PLACEMENT.has(key)) props[key] = value;
  }
  return {
    id: String(map.get('id')),
    type: String(map.get('type')),
    pageId: String(map.get('pageId') ?? ''),
    parentId: (map.get('parentId') as string | null | undefined) ?? null,
    order: String(map.get('order') ?? ''),
    deleted: map.get('deleted') === true,
    props,
  };
}

/** The plain data of a page map. */
export function readPage(map: Y.Map<unknown>): PageData {
  return {
    id: String(map.get('id')),
    name: String(map.get('name') ?? ''),
    path: String(map.get('path') ?? ''),
    isHomePage: map.get('isHomePage') === true,
    order: String(map.get('order') ?? ''),
    title: String(map.get('title') ?? ''),
    description: String(map.get('description') ?? ''),
    canonicalUrl: String(map.get('canonicalUrl') ?? ''),
    ogImage: String(map.get('ogImage') ?? ''),
    noindex: map.get('noindex') === true,
  };
}

/** Pages in display order (order key, then id for ties). */
export function listPages(site: SiteDoc): PageData[] {
  return [...site.pages.values()].map(readPage).sort(compareOrdered);
}

/** Sort by order key, ties broken by id, so every replica agrees. */
export function compareOrdered(a: { order: string; id: string }, b: { order: string; id: string }): number {
  if (a.order !== b.order) return a.order < b.order ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Encodes the whole document as base64 (the server's stored state). */
export function encodeState(site: SiteDoc): string {
  return bytesToBase64(Y.encodeStateAsUpdate(site.doc));
}

/** Merges a base64 state from the server into the document. */
export function applyEncodedState(site: SiteDoc, base64: string): void {
  if (base64) Y.applyUpdate(site.doc, base64ToBytes(base64), SERVER_ORIGIN);
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
