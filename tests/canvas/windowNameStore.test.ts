import { describe, expect, test } from 'vitest';
import { windowNameStore } from '../../src/canvas/published/storefront.ts';

describe('a sandboxed published page keeps the visitor’s cart in the tab’s name', () => {
  test('what is kept is read again by the next page of the tab (a reload, another page of the site)', () => {
    const tab = { name: '' };
    const first = windowNameStore(tab);
    first?.setItem('bizsite-customer', 'visitor-1');
    first?.setItem('bizsite-cart:mill', 'cart-9');
    const next = windowNameStore(tab);
    expect(next?.getItem('bizsite-cart:mill')).toBe('cart-9');
    expect(next?.getItem('bizsite-customer')).toBe('visitor-1');
    expect(next?.getItem('bizsite-cart:other')).toBeNull();
  });

  test('a name that is not ours is left as it is, and nothing is kept', () => {
    const frame = { name: 'preview' };
    expect(windowNameStore(frame)).toBeNull();
    expect(frame.name).toBe('preview');
  });

  test('a kept name that cannot be read counts as empty, and is written anew', () => {
    const tab = { name: 'bizsite-store:{broken' };
    const store = windowNameStore(tab);
    expect(store?.getItem('bizsite-cart:mill')).toBeNull();
    store?.setItem('bizsite-cart:mill', 'cart-2');
    expect(windowNameStore(tab)?.getItem('bizsite-cart:mill')).toBe('cart-2');
  });
});
