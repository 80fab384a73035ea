import * as Y from 'yjs';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc, edit, type SiteDoc } from '../../src/canvas/siteDoc.ts';
import { readTree } from '../../src/canvas/tree.ts';

/** A site with one Home page (`home`). */
export function siteWithHome(): SiteDoc {
  const site = createSiteDoc();
  edit(site, () => {
    addPage(site, { id: 'home', name: 'Home', path: 'home', isHomePage: true });
  });
  return site;
}

/** Two-way sync of every update between the docs (like two tabs on one channel). */
export function syncAll(sites: SiteDoc[]): void {
  for (const a of sites) {
    for (const b of sites) {
      if (a !== b) Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc, Y.encodeStateVector(b.doc)), 'remote');
    }
  }
}

/** The shown tree of a page as nested `[id, children]` pairs, for comparisons. */
export function shape(site: SiteDoc, pageId = 'home'): unknown {
  const tree = readTree(site);
  const walk = (ids: string[]): unknown[] => ids.map((id) => [id, walk(tree.children.get(id) ?? [])]);
  return walk(tree.roots.get(pageId) ?? []);
}
