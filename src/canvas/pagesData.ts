import type { ElementNode } from './ops/elementOps.ts';
import { type ElementProps, listPages, type SiteDoc } from './siteDoc.ts';
import { type ReadTree, readTreeAndElements } from './tree.ts';

/** An element in the nested shape of spec §3 (the save payload and templates). */
export type SpecElement = ElementProps & {
  id: string;
  type: string;
  parentId: string | null;
  children: SpecElement[];
};

/** A page in the shape of spec §3, with its SEO settings. */
export type SpecPage = {
  id: string;
  name: string;
  path: string;
  isHomePage: boolean;
  title?: string;
  description?: string;
  canonicalUrl?: string;
  ogImage?: string;
  noindex?: boolean;
  elements: SpecElement[];
};

/** One element and its shown children in the spec shape (the save payload's and the clipboard's). */
export function specElementOf(read: ReadTree, id: string, parentId: string | null): SpecElement {
  // Every id of the tree is a shown element, read with it.
  const element = read.elements.get(id);
  return {
    ...(element?.props ?? {}),
    id,
    type: element?.type ?? 'text',
    parentId,
    children: (read.tree.children.get(id) ?? []).map((child) => specElementOf(read, child, id)),
  };
}

/** The site's pages with their element trees, as shown (repaired, deleted left out). */
export function toSpecPages(site: SiteDoc): SpecPage[] {
  const read = readTreeAndElements(site);
  return listPages(site).map((page) => ({
    id: page.id,
    name: page.name,
    path: page.path,
    isHomePage: page.isHomePage,
    title: page.title,
    description: page.description,
    canonicalUrl: page.canonicalUrl,
    ogImage: page.ogImage,
    noindex: page.noindex,
    elements: (read.tree.roots.get(page.id) ?? []).map((id) => specElementOf(read, id, null)),
  }));
}

/** Spec-shaped elements as nodes to insert (ids kept). */
export function toNodes(elements: unknown): ElementNode[] {
  if (!Array.isArray(elements)) return [];
  return elements
    .filter(
      (e): e is SpecElement =>
        typeof e === 'object' && e !== null && typeof (e as SpecElement).type === 'string',
    )
    .filter((e) => e.deleted !== true)
    .map(({ id, type, parentId: _parentId, children, deleted: _deleted, ...props }) => ({
      ...(typeof id === 'string' ? { id } : {}),
      type,
      props,
      children: toNodes(children),
    }));
}
