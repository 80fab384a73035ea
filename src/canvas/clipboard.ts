import { htmlToClipboardNodes } from './clipboardHtml.ts';
import { isElementType } from './elements/registry.ts';
import type { ElementNode } from './ops/elementOps.ts';
import { type SpecElement, specElementOf, toNodes } from './pagesData.ts';
import { escapeHtml } from './safeText.ts';
import { type ElementProps, PLACEMENT_KEYS, type SiteDoc } from './siteDoc.ts';
import { renderPageMarkup } from './staticRender.tsx';
import { readTree, readTreeAndElements, type TreeIndex } from './tree.ts';

/** The type marker of the builder's clipboard payload (carried as `text/plain`). */
export const CLIPBOARD_TYPE = 'bizsite/elements';
export const CLIPBOARD_VERSION = 1;
/** What a pasted payload may hold: larger or deeper payloads are refused whole. */
export const CLIPBOARD_LIMITS = { maxChars: 5_000_000, maxElements: 2_000, maxDepth: 32 } as const;

/** The typed JSON payload: spec-shaped elements (the save payload's shape), each with its children. */
export type ClipboardPayload = {
  type: typeof CLIPBOARD_TYPE;
  version: typeof CLIPBOARD_VERSION;
  elements: SpecElement[];
};

/** What a copy puts on the system clipboard. */
export type ClipboardData = { json: string; html: string; count: number };

/** What the clipboard held, as read from a paste event or the async Clipboard API. */
export type ClipboardContent = { text?: string; html?: string };

/** The result of reading clipboard content as elements to paste. */
export type ParsedClipboard =
  | { ok: true; nodes: ElementNode[]; source: 'elements' | 'html' | 'text' }
  | { ok: false; reason: 'empty' | 'malformed' | 'unsupported' | 'too-large' };

// Keys that would reach an object's prototype when props are read back into a plain object.
// Placement keys are the document's own (a paste places elements itself).
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor', ...PLACEMENT_KEYS]);

/**
 * The selected elements worth copying: known, shown ids in document order, without those whose ancestor is
 * also selected (the ancestor brings them along).
 */
export function topLevelSelection(site: SiteDoc, ids: readonly string[], tree = readTree(site)): string[] {
  const wanted = new Set(ids.filter((id) => tree.parentOf.has(id)));
  const covered = (id: string): boolean => {
    let parent = tree.parentOf.get(id) ?? null;
    while (parent !== null) {
      if (wanted.has(parent)) return true;
      parent = tree.parentOf.get(parent) ?? null;
    }
    return false;
  };
  const order = documentOrder(tree);
  return [...wanted].filter((id) => !covered(id)).sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

function documentOrder(tree: TreeIndex): Map<string, number> {
  const order = new Map<string, number>();
  const walk = (ids: readonly string[]) => {
    for (const id of ids) {
      order.set(id, order.size);
      walk(tree.children.get(id) ?? []);
    }
  };
  for (const roots of tree.roots.values()) walk(roots);
  return order;
}

/** The elements (with their shown children) in the spec shape, as the save payload has them. */
export function specSubtrees(site: SiteDoc, ids: readonly string[]): SpecElement[] {
  const read = readTreeAndElements(site);
  return topLevelSelection(site, ids, read.tree).map((id) => specElementOf(read, id, null));
}

/**
 * Serialises the selected elements with their children for the clipboard: the typed JSON payload and, for
 * other programs, the HTML the site's own renderers make of them. Null when nothing copyable is selected.
 */
export function copyElements(site: SiteDoc, ids: readonly string[]): ClipboardData | null {
  const elements = specSubtrees(site, ids);
  if (elements.length === 0) return null;
  const payload: ClipboardPayload = { type: CLIPBOARD_TYPE, version: CLIPBOARD_VERSION, elements };
  const html = renderPageMarkup({ id: 'clipboard', name: '', path: '', isHomePage: false, elements });
  return { json: JSON.stringify(payload), html, count: countElements(elements) };
}

function countElements(elements: readonly { children?: readonly unknown[] }[]): number {
  return elements.reduce(
    (sum, element) => sum + 1 + countElements((element.children ?? []) as { children?: unknown[] }[]),
    0,
  );
}

/** Whether a text looks like the builder's payload (its type marker), whether or not it is valid. */
export function isElementsPayload(text: string): boolean {
  return /^\s*\{/.test(text) && text.includes(`"${CLIPBOARD_TYPE}"`);
}

/**
 * Reads the builder's JSON payload as elements to insert: the same path as a loaded site's pages
 * (`toNodes`), then every id dropped (pasted elements get new ones), unknown types left out with their
 * children, and property keys that could reach a prototype removed. Malformed, oversized or too deep
 * payloads are refused whole; the renderers sanitise the content exactly as they do loaded content.
 */
export function parseElementsPayload(text: string): ParsedClipboard {
  if (text.length > CLIPBOARD_LIMITS.maxChars) return { ok: false, reason: 'too-large' };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isRecord(data) || data.type !== CLIPBOARD_TYPE) return { ok: false, reason: 'malformed' };
  if (data.version !== CLIPBOARD_VERSION) return { ok: false, reason: 'unsupported' };
  if (!Array.isArray(data.elements)) return { ok: false, reason: 'malformed' };
  const shape = measure(data.elements, 1);
  if (shape === null) return { ok: false, reason: 'malformed' };
  if (shape.count > CLIPBOARD_LIMITS.maxElements || shape.depth > CLIPBOARD_LIMITS.maxDepth) {
    return { ok: false, reason: 'too-large' };
  }
  const nodes = toNodes(data.elements).flatMap(cleanNode);
  return nodes.length > 0 ? { ok: true, nodes, source: 'elements' } : { ok: false, reason: 'empty' };
}

// Counts elements and depth, refusing children that are not arrays (a payload is a tree of arrays).
function measure(list: unknown[], depth: number): { count: number; depth: number } | null {
  let count = 0;
  let deepest = list.length > 0 ? depth : depth - 1;
  for (const item of list) {
    if (!isRecord(item)) continue;
    count += 1;
    if (item.children === undefined) continue;
    if (!Array.isArray(item.children)) return null;
    if (depth > CLIPBOARD_LIMITS.maxDepth) return { count, depth };
    const inner = measure(item.children, depth + 1);
    if (inner === null) return null;
    count += inner.count;
    deepest = Math.max(deepest, inner.depth);
  }
  return { count, depth: deepest };
}

function cleanNode(node: ElementNode): ElementNode[] {
  if (!isElementType(node.type)) return [];
  const props: ElementProps = {};
  for (const [key, value] of Object.entries(node.props)) {
    if (!FORBIDDEN_KEYS.has(key) && value !== undefined) props[key] = value;
  }
  return [{ type: node.type, props, children: (node.children ?? []).flatMap(cleanNode) }];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What a paste inserts: the builder's payload when the clipboard holds one (refused whole when it is
 * malformed), else HTML from elsewhere as text, image, link and button elements, else plain text as a
 * text element.
 */
export function parseClipboard(content: ClipboardContent): ParsedClipboard {
  const text = content.text ?? '';
  if (isElementsPayload(text)) return parseElementsPayload(text);
  if (content.html && content.html.trim() !== '') {
    const nodes = htmlToClipboardNodes(content.html);
    if (nodes.length > 0) return { ok: true, nodes, source: 'html' };
  }
  const plain = text.trim();
  if (plain === '') return { ok: false, reason: 'empty' };
  if (plain.length > CLIPBOARD_LIMITS.maxChars) return { ok: false, reason: 'too-large' };
  const content_ = plain
    .split(/\n{2,}/)
    .map((paragraph) => escapeHtml(paragraph).replace(/\n/g, '<br>'))
    .join('<br><br>');
  return { ok: true, nodes: [{ type: 'text', props: { content: content_ } }], source: 'text' };
}
