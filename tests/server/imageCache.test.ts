import { describe, expect, it } from 'vitest';
import { createImageCache } from '../../server/routes/upload/imageCache.ts';

const bytes = (length: number, fill: number) => Buffer.alloc(length, fill);

describe('the served images kept in memory', () => {
  it('drops the least recently served first once over its size, and keeps nothing larger than it all', () => {
    const cache = createImageCache(100);
    cache.set('a', bytes(40, 1));
    cache.set('b', bytes(40, 2));
    expect(cache.get('a')?.[0]).toBe(1); // a is now the most recent
    cache.set('c', bytes(40, 3)); // 120 > 100: b, the least recent, goes
    expect([cache.get('a')?.[0], cache.get('b'), cache.get('c')?.[0]]).toEqual([1, undefined, 3]);
    cache.set('huge', bytes(101, 4));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')?.length).toBe(40);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    // Deleting made room: two of 40 and one of 20 fit exactly.
    cache.set('d', bytes(40, 5));
    cache.set('e', bytes(20, 6));
    expect([cache.get('c')?.[0], cache.get('d')?.[0], cache.get('e')?.[0]]).toEqual([3, 5, 6]);
  });
});
