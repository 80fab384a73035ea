import { describe, expect, test } from 'vitest';
import type * as Y from 'yjs';
import {
  flagDeleted,
  insertElement,
  moveElement,
  pageAddIndex,
  purgeDeleted,
  removeElement,
  updateElement,
} from '../../src/canvas/ops/elementOps.ts';
import {
  addPage,
  deletePage,
  editNavigation,
  type NavItem,
  renamePage,
} from '../../src/canvas/ops/pageOps.ts';
import { normalizePath, PAGE_MESSAGES, validateNewPage } from '../../src/canvas/ops/pagePaths.ts';
import { edit, listPages, readElement } from '../../src/canvas/siteDoc.ts';
import { readTree } from '../../src/canvas/tree.ts';
import { createUndoManager } from '../../src/canvas/undo.ts';
import { shape, siteWithHome, syncAll } from './canvasFixtures.ts';

const top = { pageId: 'home', parentId: null };

describe('element ops', () => {
  test('insert places elements in order and at an index', () => {
    const site = siteWithHome();
    edit(site, () => {
      insertElement(site, { id: 'a', type: 'text', props: {} }, top);
      insertElement(site, { id: 'c', type: 'text', props: {} }, top);
      insertElement(site, { id: 'b', type: 'text', props: {} }, { ...top, index: 1 });
    });
    expect(shape(site)).toEqual([
      ['a', []],
      ['b', []],
      ['c', []],
    ]);
  });

  test('insert with children, move into a container, and refuse a move into its own subtree', () => {
    const site = siteWithHome();
    edit(site, () => {
      insertElement(
        site,
        { id: 's', type: 'section', props: {}, children: [{ id: 'inner', type: 'container', props: {} }] },
        top,
      );
      insertElement(site, { id: 't', type: 'text', props: {} }, top);
      expect(moveElement(site, 't', { parentId: 'inner' })).toBe(true);
      expect(moveElement(site, 's', { parentId: 'inner' })).toBe(false);
    });
    expect(shape(site)).toEqual([['s', [['inner', [['t', []]]]]]]);
  });

  test('an element added to the page without a position goes before the footer(s) that end it (a footer after them)', () => {
    const site = siteWithHome();
    const addToPage = (id: string, type = 'text') =>
      insertElement(site, { id, type, props: {} }, { ...top, index: pageAddIndex(site, 'home', type) });
    edit(site, () => {
      insertElement(site, { id: 'nav', type: 'navbar', props: {} }, top);
      insertElement(site, { id: 'footer', type: 'footer', props: {} }, top);
      insertElement(site, { id: 'legal', type: 'footer', props: {} }, top);
      addToPage('first');
      addToPage('second', 'button');
      addToPage('closing', 'footer');
    });
    expect(shape(site)).toEqual([
      ['nav', []],
      ['first', []],
      ['second', []],
      ['footer', []],
      ['legal', []],
      ['closing', []],
    ]);
  });

  test('without a closing footer (or with one higher up), it goes at the end; a hidden footer does not count', () => {
    const site = siteWithHome();
    edit(site, () => {
      insertElement(site, { id: 'footer', type: 'footer', props: {} }, top);
      insertElement(site, { id: 'text', type: 'text', props: {} }, top);
      insertElement(site, { id: 'gone', type: 'footer', props: {} }, top);
      flagDeleted(site, 'gone');
    });
    expect(pageAddIndex(site, 'home', 'text')).toBe(2);
    expect(pageAddIndex(siteWithHome(), 'home', 'text')).toBe(0);
  });

  test('update sets and clears properties', () => {
    const site = siteWithHome();
    edit(site, () => {
      insertElement(site, { id: 'a', type: 'text', props: { content: 'Hi' } }, top);
      updateElement(site, 'a', { content: 'Hello', fontSize: 20 });
      updateElement(site, 'a', { fontSize: undefined });
    });
    expect(readElement(site.elements.get('a') as Y.Map<unknown>).props).toEqual({ content: 'Hello' });
  });

  test('remove takes the children along; flagged elements are hidden, then purged', () => {
    const site = siteWithHome();
    edit(site, () => {
      insertElement(
        site,
        { id: 's', type: 'section', props: {}, children: [{ id: 'x', type: 'text', props: {} }] },
        top,
      );
      insertElement(
        site,
        { id: 'g', type: 'grid', props: {}, children: [{ id: 'y', type: 'text', props: {} }] },
        top,
      );
      removeElement(site, 's');
      flagDeleted(site, 'g');
    });
    expect(site.elements.has('x')).toBe(false);
    expect(shape(site)).toEqual([]);
    edit(site, () => {
      expect(purgeDeleted(site)).toBe(2);
    });
    expect(site.elements.size).toBe(0);
  });

  test('a parent cycle from concurrent moves is repaired the same way in both docs', () => {
    const a = siteWithHome();
    edit(a, () => {
      insertElement(a, { id: 'p', type: 'container', props: {} }, top);
      insertElement(a, { id: 'q', type: 'container', props: {} }, top);
    });
    const b = siteWithHome();
    syncAll([a, b]);
    edit(a, () => moveElement(a, 'p', { parentId: 'q' }));
    edit(b, () => moveElement(b, 'q', { parentId: 'p' }));
    syncAll([a, b]);
    expect(shape(a)).toEqual(shape(b));
    expect(shape(a)).toEqual([['p', [['q', []]]]]);
  });

  test('equal order keys from concurrent inserts tie-break by id', () => {
    const a = siteWithHome();
    const b = siteWithHome();
    syncAll([a, b]);
    edit(a, () => insertElement(a, { id: 'z', type: 'text', props: {} }, top));
    edit(b, () => insertElement(b, { id: 'm', type: 'text', props: {} }, top));
    syncAll([a, b]);
    expect(shape(a)).toEqual([
      ['m', []],
      ['z', []],
    ]);
    expect(shape(b)).toEqual(shape(a));
  });
});

describe('page ops', () => {
  test('adding, renaming and deleting pages refreshes every navbar', () => {
    const site = siteWithHome();
    edit(site, () => {
      insertElement(site, { id: 'nav', type: 'navbar', props: { navItems: [] } }, top);
      const about = addPage(site, { name: 'About', path: 'about' });
      renamePage(site, about, 'About us');
      renamePage(site, about, '   ');
    });
    const labels = () =>
      ((site.elements.get('nav')?.get('navItems') as { label: string }[]) ?? []).map((item) => item.label);
    expect(labels()).toEqual(['Home', 'About us']);
    const about = listPages(site)[1]?.id as string;
    edit(site, () => {
      expect(deletePage(site, about)).toBe(true);
      expect(deletePage(site, 'home')).toBe(false);
    });
    expect(labels()).toEqual(['Home']);
    expect(listPages(site).map((page) => page.name)).toEqual(['Home']);
  });

  test('a refresh keeps the owner’s navigation: labels, URLs, sub-menu items, order and custom links', () => {
    const site = siteWithHome();
    const nav = () => site.elements.get('nav')?.get('navItems') as NavItem[];
    let menu = '';
    edit(site, () => {
      insertElement(site, { id: 'nav', type: 'navbar', props: { navItems: [] } }, top);
      menu = addPage(site, { name: 'Menu', path: 'menu-prices' });
      addPage(site, { name: 'Contact', path: 'contact' });
    });
    const [home, menuItem, contactItem] = nav();
    // Edit Navigation: Menu renamed and given a sub item, Contact moved first, an outside link added.
    edit(site, () =>
      site.elements.get('nav')?.set('navItems', [
        contactItem,
        home,
        {
          ...menuItem,
          label: 'Our Menu',
          children: [{ id: 'nav-cakes', label: 'Cakes', url: '/menu-prices#cakes' }],
        },
        { id: 'nav-order', label: 'Order online', url: 'https://order.example' },
      ]),
    );
    edit(site, () => addPage(site, { name: 'Team', path: 'team' }));
    const summary = () =>
      nav().map((item) => [item.label, item.url, ...(item.children ?? []).map((child) => child.label)]);
    expect(summary()).toEqual([
      ['Contact', '/contact'],
      ['Home', '/'],
      ['Our Menu', '/menu-prices', 'Cakes'],
      ['Team', '/team'],
      ['Order online', 'https://order.example'],
    ]);
    // Renaming pages: a label the owner chose stays; one that followed its page follows the new name.
    const contact = listPages(site).find((page) => page.name === 'Contact')?.id as string;
    edit(site, () => {
      renamePage(site, menu, 'Menu & Prices');
      renamePage(site, contact, 'Visit us');
    });
    expect(summary().map(([label]) => label)).toEqual([
      'Visit us',
      'Home',
      'Our Menu',
      'Team',
      'Order online',
    ]);
    // A deleted page's link goes; the rest stays as it was.
    edit(site, () => deletePage(site, menu));
    expect(summary()).toEqual([
      ['Visit us', '/contact'],
      ['Home', '/'],
      ['Team', '/team'],
      ['Order online', 'https://order.example'],
    ]);
  });

  test('a link the owner removed in Edit Navigation stays removed when pages change; a new page gets its link', () => {
    const site = siteWithHome();
    const items = () => (site.elements.get('nav')?.get('navItems') ?? []) as NavItem[];
    const labels = () => items().map((item) => item.label);
    let about = '';
    edit(site, () => {
      insertElement(site, { id: 'nav', type: 'navbar', props: { navItems: [] } }, top);
      about = addPage(site, { name: 'About', path: 'about' });
      addPage(site, { name: 'Menu', path: 'menu' });
    });
    expect(labels()).toEqual(['Home', 'About', 'Menu']);
    const [home, , menu] = items();
    // Edit Navigation: Home and About taken out, Save Changes.
    edit(site, () => editNavigation(site, 'nav', [menu as NavItem]));

    edit(site, () => addPage(site, { name: 'Team', path: 'team' }));
    expect(labels()).toEqual(['Menu', 'Team']);
    edit(site, () => renamePage(site, about, 'About us'));
    expect(labels()).toEqual(['Menu', 'Team']);

    // Home put back: from then on it follows the pages again; About's page deleted: nothing left to keep out.
    edit(site, () => editNavigation(site, 'nav', [home as NavItem, ...items()]));
    edit(site, () => deletePage(site, about));
    expect(labels()).toEqual(['Home', 'Menu', 'Team']);
    expect(site.elements.get('nav')?.get('removedPageLinks')).toBeUndefined();
  });

  test('page paths and messages follow spec §5', () => {
    expect(normalizePath('My New Page!')).toBe('my-new-page');
    expect(validateNewPage('', 'x', [])).toBe(PAGE_MESSAGES.emptyName);
    expect(validateNewPage('A', '!!', [])).toBe('Page path cannot be empty');
    expect(validateNewPage('A', 'About', ['about'])).toBe(
      'This path is already in use. Please choose a different one.',
    );
    expect(validateNewPage('A', 'contact', ['about'])).toBeNull();
  });
});

describe('undo', () => {
  test('undo reverts this doc’s own edits only, never another doc’s', () => {
    const a = siteWithHome();
    const b = siteWithHome();
    syncAll([a, b]);
    const undoA = createUndoManager(a);
    edit(a, () => insertElement(a, { id: 'mine', type: 'text', props: { content: 'A' } }, top));
    syncAll([a, b]);
    edit(b, () => insertElement(b, { id: 'theirs', type: 'text', props: {} }, top));
    edit(b, () => updateElement(b, 'mine', { color: 'red' }));
    syncAll([a, b]);
    undoA.undo();
    syncAll([a, b]);
    expect(readTree(b).parentOf.has('theirs')).toBe(true);
    expect(a.elements.has('mine')).toBe(false);
    undoA.redo();
    syncAll([a, b]);
    expect(readTree(b).parentOf.has('mine')).toBe(true);
    expect(shape(a)).toEqual(shape(b));
  });
});
