import type { ElementNode } from './ops/elementOps.ts';
import { type ElementProps, listPages, readElement, type SiteDoc } from './siteDoc.ts';
import { readTree, type TreeIndex } from './tree.ts';

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
export function specElementOf(
  site: SiteDoc,
  tree: TreeIndex,
  id: string,
  parentId: string | null,
): SpecElement {
  const map = site.elements.get(id);
  const element = map ? readElement(map) : null;
  return {
    ...(element?.props ?? {}),
    id,
    type: element?.type ?? 'text',
    parentId,
    children: (tree.children.get(id) ?? []).map((child) => specElementOf(site, tree, child, id)),
  };
}

/** The site's pages with their element trees, as shown (repaired, deleted left out). */
export function toSpecPages(site: SiteDoc): SpecPage[] {
  const tree = readTree(site);
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
    elements: (tree.roots.get(page.id) ?? []).map((id) => specElementOf(site, tree, id, null)),
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
