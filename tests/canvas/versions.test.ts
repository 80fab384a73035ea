import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { insertElement, removeElement, updateElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage, deletePage, renamePage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc, edit, type SiteDoc } from '../../src/canvas/siteDoc.ts';
import { createUndoManager } from '../../src/canvas/undo.ts';
import { describeChanges, restoreInto, sameContent, summarizeChanges } from '../../src/canvas/versions.ts';

const copyOf = (site: SiteDoc) => {
  const copy = createSiteDoc(new Y.Doc());
  Y.applyUpdate(copy.doc, Y.encodeStateAsUpdate(site.doc));
  return copy;
};

function siteWithHome(): { site: SiteDoc; title: string; body: string } {
  const site = createSiteDoc();
  let title = '';
  let body = '';
  site.doc.transact(() => {
    addPage(site, { id: 'home', name: 'Home', path: 'home', isHomePage: true });
    title = insertElement(
      site,
      { type: 'text', props: { content: 'Title' } },
      { pageId: 'home', parentId: null },
    );
    body = insertElement(
      site,
      { type: 'text', props: { content: 'Body' } },
      { pageId: 'home', parentId: null },
    );
  }, 'seed');
  return { site, title, body };
}

describe('restoreInto', () => {
  it('makes the site equal to the version as one undoable local change, and undo brings the edits back', () => {
    const { site, title, body } = siteWithHome();
    const version = copyOf(site);
    const undo = createUndoManager(site);
    edit(site, () => {
      updateElement(site, title, { content: 'New title', color: 'red' });
      removeElement(site, body);
      insertElement(site, { type: 'button', props: { label: 'Buy' } }, { pageId: 'home', parentId: null });
      addPage(site, { id: 'about', name: 'About', path: 'about' });
    });
    undo.stopCapturing();
    const edited = copyOf(site);

    let transactions = 0;
    site.doc.on('afterTransaction', () => {
      transactions += 1;
    });
    edit(site, () => restoreInto(site, version));
    expect(transactions).toBe(1);
    expect(sameContent(site, version)).toBe(true);

    undo.undo();
    expect(sameContent(site, edited)).toBe(true);
    undo.redo();
    expect(sameContent(site, version)).toBe(true);
  });

  it('writes nothing when the site already equals the version', () => {
    const { site } = siteWithHome();
    const version = copyOf(site);
    let updates = 0;
    site.doc.on('update', () => {
      updates += 1;
    });
    edit(site, () => restoreInto(site, version));
    expect(updates).toBe(0);
  });

  it('converges with a concurrent edit on another replica', () => {
    const { site, title } = siteWithHome();
    const version = copyOf(site);
    const other = copyOf(site);
    edit(site, () => updateElement(site, title, { content: 'Changed here' }));
    Y.applyUpdate(other.doc, Y.encodeStateAsUpdate(site.doc));
    // The restore here, a new element there, exchanged afterwards.
    edit(site, () => restoreInto(site, version));
    edit(other, () =>
      insertElement(
        other,
        { type: 'text', props: { content: 'Meanwhile' } },
        { pageId: 'home', parentId: null },
      ),
    );
    Y.applyUpdate(other.doc, Y.encodeStateAsUpdate(site.doc));
    Y.applyUpdate(site.doc, Y.encodeStateAsUpdate(other.doc));
    expect(sameContent(site, other)).toBe(true);
    const contents = [...site.elements.values()].map((map) => map.get('content')).sort();
    expect(contents).toEqual(['Body', 'Meanwhile', 'Title']);
  });
});

describe('summarizeChanges', () => {
  it('counts elements added, removed and changed per page, and pages added, removed or renamed', () => {
    const { site, title, body } = siteWithHome();
    site.doc.transact(() => addPage(site, { id: 'old', name: 'Old', path: 'old' }));
    const before = copyOf(site);
    site.doc.transact(() => {
      updateElement(site, title, { content: 'Title 2' });
      removeElement(site, body);
      insertElement(site, { type: 'text', props: { content: 'A' } }, { pageId: 'home', parentId: null });
      insertElement(site, { type: 'text', props: { content: 'B' } }, { pageId: 'home', parentId: null });
      deletePage(site, 'old');
      addPage(site, {
        id: 'new',
        name: 'Contact',
        path: 'contact',
        elements: [{ type: 'text', props: { content: 'Call us' } }],
      });
    });
    const changes = summarizeChanges(before, site);
    expect(changes).toEqual([
      { pageId: 'home', page: 'Home', status: 'changed', added: 2, removed: 1, changed: 1 },
      { pageId: 'new', page: 'Contact', status: 'added', added: 1, removed: 0, changed: 0 },
      { pageId: 'old', page: 'Old', status: 'removed', added: 0, removed: 0, changed: 0 },
    ]);
    expect(describeChanges(changes)).toBe(
      'Home: 2 added, 1 removed, 1 changed; Contact (new page): 1 added; Old (page removed)',
    );
  });

  it('reports a renamed page and no changes at all', () => {
    const { site } = siteWithHome();
    const before = copyOf(site);
    expect(summarizeChanges(before, site)).toEqual([]);
    expect(describeChanges([])).toBe('No changes');
    site.doc.transact(() => renamePage(site, 'home', 'Start'));
    expect(describeChanges(summarizeChanges(before, site))).toBe('Start: page settings changed');
  });
});
