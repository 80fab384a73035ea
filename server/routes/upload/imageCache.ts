/**
 * Recently served images in memory, the least recently served dropped first once they hold more than `maxBytes`.
 * An image's key never names other bytes (keys are random and never rewritten), so an entry never goes stale; its
 * existence is still asked of the database on every request, so a deleted image (its account deleted) is not served.
 */
export type ImageCache = {
  get(key: string): Buffer | undefined;
  set(key: string, bytes: Buffer): void;
  delete(key: string): void;
};

export function createImageCache(maxBytes: number): ImageCache {
  const entries = new Map<string, Buffer>();
  let held = 0;
  const drop = (key: string) => {
    const bytes = entries.get(key);
    if (!bytes) return;
    entries.delete(key);
    held -= bytes.length;
  };
  return {
    get(key) {
      const bytes = entries.get(key);
      if (!bytes) return undefined;
      // Most recently used last: a Map iterates in insertion order.
      entries.delete(key);
      entries.set(key, bytes);
      return bytes;
    },
    set(key, bytes) {
      if (bytes.length > maxBytes) return;
      drop(key);
      entries.set(key, bytes);
      held += bytes.length;
      for (const oldest of entries.keys()) {
        if (held <= maxBytes) break;
        drop(oldest);
      }
    },
    delete: drop,
  };
}
