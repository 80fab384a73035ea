import { describe, expect, test } from 'vitest';
import { insertElement, updateElement } from '../../src/canvas/ops/elementOps.ts';
import { edit, LOCAL_ORIGIN, readElement } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import { createUndoManager, TYPING_BURST_MS } from '../../src/canvas/undo.ts';
import { siteWithHome } from './canvasFixtures.ts';

const top = { pageId: 'home', parentId: null };

function storeWithHome() {
  const store = new SiteStore(siteWithHome());
  const ids = () => [...store.getChildren('home', null)];
  const content = (id: string) => readElement(store.site.elements.get(id) as never).props.content;
  const add = (id: string) =>
    store.edit(() => insertElement(store.site, { id, type: 'text', props: { content: '' } }, top));
  const typeInto = (id: string, text: string) =>
    store.type(`${id}:content`, () => updateElement(store.site, id, { content: text }));
  return { store, ids, content, add, typeInto };
}

describe('undo manager configuration', () => {
  test('merges edits within the typing burst and tracks only local edits', () => {
    const um = createUndoManager(siteWithHome());
    expect(um.captureTimeout).toBe(TYPING_BURST_MS);
    expect(TYPING_BURST_MS).toBeGreaterThan(0);
    expect(um.trackedOrigins.has(LOCAL_ORIGIN)).toBe(true);
    expect(um.trackedOrigins.has('remote')).toBe(false);
  });

  test('without a stop, edits inside the capture timeout merge into one step (what commands must avoid)', () => {
    const site = siteWithHome();
    const um = createUndoManager(site);
    edit(site, () => insertElement(site, { id: 'a', type: 'text', props: {} }, top));
    edit(site, () => insertElement(site, { id: 'b', type: 'text', props: {} }, top));
    expect(um.undoStack.length).toBe(1);
    um.stopCapturing();
    edit(site, () => insertElement(site, { id: 'c', type: 'text', props: {} }, top));
    expect(um.undoStack.length).toBe(2);
  });

  test('every discrete command stops capturing before and after it', () => {
    const { store, add } = storeWithHome();
    const stops: number[] = [];
    const original = store.undoManager.stopCapturing.bind(store.undoManager);
    store.undoManager.stopCapturing = () => {
      stops.push(store.undoManager.undoStack.length);
      original();
    };
    add('a');
    add('b');
    expect(stops).toEqual([0, 1, 1, 2]);
    expect(store.undoManager.undoStack.length).toBe(2);
  });
});

describe('undo steps', () => {
  test('three elements added one right after another are three undo steps', () => {
    const { store, ids, add } = storeWithHome();
    add('a');
    add('b');
    add('c');
    expect(ids()).toEqual(['a', 'b', 'c']);
    store.undo();
    expect(ids()).toEqual(['a', 'b']);
    store.undo();
    expect(ids()).toEqual(['a']);
    store.redo();
    expect(ids()).toEqual(['a', 'b']);
  });

  test('a typing burst in one field is one step; a command after it is another', () => {
    const { store, content, add, typeInto, ids } = storeWithHome();
    add('a');
    typeInto('a', 'H');
    typeInto('a', 'He');
    typeInto('a', 'Hey');
    add('b');
    store.undo();
    expect(ids()).toEqual(['a']);
    expect(content('a')).toBe('Hey');
    store.undo();
    expect(content('a')).toBe('');
    expect(ids()).toEqual(['a']);
    store.redo();
    expect(content('a')).toBe('Hey');
  });

  test('typing into another field starts a new step', () => {
    const { store, content, add, typeInto } = storeWithHome();
    add('a');
    add('b');
    typeInto('a', 'one');
    typeInto('b', 'two');
    store.undo();
    expect([content('a'), content('b')]).toEqual(['one', '']);
    store.undo();
    expect([content('a'), content('b')]).toEqual(['', '']);
  });

  test('after an undo, typing again is a new step and redo never repeats text (append and replace-all)', () => {
    const { store, content, add, typeInto } = storeWithHome();
    add('a');
    typeInto('a', 'Fresh');
    store.endTyping();
    typeInto('a', 'Fresh bread');
    store.undo();
    expect(content('a')).toBe('Fresh');
    store.redo();
    expect(content('a')).toBe('Fresh bread');
    // Replace all: select everything and type over it.
    store.endTyping();
    typeInto('a', 'C');
    typeInto('a', 'Cakes');
    store.undo();
    expect(content('a')).toBe('Fresh bread');
    store.redo();
    expect(content('a')).toBe('Cakes');
    store.undo();
    store.undo();
    expect(content('a')).toBe('Fresh');
    typeInto('a', 'Fresh rolls');
    expect(store.canRedo()).toBe(false);
    store.undo();
    expect(content('a')).toBe('Fresh');
  });
});
