import { definitionOf } from './elements/registry.ts';
import { listPages, readElement, type SiteDoc } from './siteDoc.ts';
import { readTree } from './tree.ts';

/** A component that still shows the text it started with, where a visitor would read it. */
export type StartingText = {
  id: string;
  pageId: string;
  pageName: string;
  /** The component's kind, as the Components panel names it. */
  label: string;
  text: string;
};

/**
 * The components of the site whose text is still their type's starting prompt ('Add your text here. Click
 * to edit.', 'Card Title'…), page by page in the order they show; only the properties each type marks as a
 * prompt (`startingText`), so a default that reads well ('Learn More', 'Our Products') is not flagged.
 */
export function startingTextsLeft(site: SiteDoc): StartingText[] {
  const tree = readTree(site);
  const found: StartingText[] = [];
  const visit = (id: string, page: { id: string; name: string }) => {
    const map = site.elements.get(id);
    if (!map) return;
    const element = readElement(map);
    const definition = definitionOf(element.type);
    const defaults = definition?.defaults() ?? {};
    for (const key of definition?.startingText ?? []) {
      const value = element.props[key];
      if (typeof value === 'string' && value !== '' && value === defaults[key]) {
        found.push({ id, pageId: page.id, pageName: page.name, label: definition?.label ?? '', text: value });
        break;
      }
    }
    for (const child of tree.children.get(id) ?? []) visit(child, page);
  };
  for (const page of listPages(site)) for (const id of tree.roots.get(page.id) ?? []) visit(id, page);
  return found;
}
