import { expect, test } from 'vitest';
import { type ElementGroup, GROUP_SIZE, groupIds } from '../../src/views/builder/canvas/elementGroups.ts';

const ids = (n: number, prefix = 'e') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const flat = (groups: ElementGroup[]) => groups.flatMap((group) => group.ids);
const keyOf = (groups: ElementGroup[], id: string) => groups.find((group) => group.ids.includes(id))?.key;
const unique = (groups: ElementGroup[]) => new Set(groups.map((group) => group.key)).size === groups.length;

test('a long list is split into groups of GROUP_SIZE, in order', () => {
  const list = ids(500);
  const groups = groupIds(list, null);
  expect(flat(groups)).toEqual(list);
  expect(groups.map((group) => group.ids.length)).toEqual([
    ...Array(Math.floor(500 / GROUP_SIZE)).fill(GROUP_SIZE),
    500 % GROUP_SIZE,
  ]);
  expect(unique(groups)).toBe(true);
});

test('an insertion or a deletion leaves every other id in its group, and unchanged groups the same object', () => {
  const list = ids(500);
  const first = groupIds(list, null);
  const inserted = ['new', ...list.slice(0, 250), 'middle', ...list.slice(250)];
  const second = groupIds(inserted, first);
  expect(flat(second)).toEqual(inserted);
  for (const id of list) expect(keyOf(second, id)).toBe(keyOf(first, id));
  // Only the two groups that received an id changed.
  expect(second.filter((group) => !first.includes(group))).toHaveLength(2);

  const deleted = inserted.filter((id) => id !== 'e100' && id !== 'e0');
  const third = groupIds(deleted, second);
  expect(flat(third)).toEqual(deleted);
  for (const id of deleted) expect(keyOf(third, id)).toBe(keyOf(second, id));
  expect(unique(third)).toBe(true);
});

test('a moved id joins the group it lands in; its old group keeps its key and the rest of its ids', () => {
  const list = ids(200);
  const first = groupIds(list, null);
  // e0 (first of the first group) moves into the middle of the fourth group.
  const moved = [...list.slice(1, 100), 'e0', ...list.slice(100)];
  const second = groupIds(moved, first);
  expect(flat(second)).toEqual(moved);
  expect(keyOf(second, 'e0')).toBe(keyOf(first, 'e99'));
  for (const id of list.slice(1)) expect(keyOf(second, id)).toBe(keyOf(first, id));
  expect(unique(second)).toBe(true);
});

test('a group that grew past twice the size splits; the others stay as they were', () => {
  const list = ids(100);
  const first = groupIds(list, null);
  const pasted = [...list.slice(0, 10), ...ids(80, 'p'), ...list.slice(10)];
  const second = groupIds(pasted, first);
  expect(flat(second)).toEqual(pasted);
  expect(Math.max(...second.map((group) => group.ids.length))).toBeLessThanOrEqual(GROUP_SIZE * 2);
  // The first ids of the grown group keep its key; the groups after it are the same objects.
  expect(keyOf(second, 'e0')).toBe(keyOf(first, 'e0'));
  for (const group of first.slice(1)) expect(second).toContain(group);
  expect(unique(second)).toBe(true);
});

test('a list reordered completely still holds every id once, under unique keys', () => {
  const list = ids(150);
  const first = groupIds(list, null);
  const reversed = [...list].reverse();
  const second = groupIds(reversed, first);
  expect(flat(second)).toEqual(reversed);
  expect(unique(second)).toBe(true);
});
