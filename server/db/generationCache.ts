const DEFAULT_MAX_ENTRIES = 2_000;

/**
 * `read`, with each answer kept until `generation` moves (a write that may change what it read: every write
 * of this process, and on PostgreSQL the notification of another process's change; see Db). The generation
 * is noted before the read, so an answer that a write overtakes is never served again. At most `maxEntries`
 * answers are kept; past that the cache starts again empty.
 */
export function cacheByGeneration<Q, R>({
  generation,
  key,
  read,
  maxEntries = DEFAULT_MAX_ENTRIES,
}: {
  generation: () => number;
  key: (query: Q) => string;
  read: (query: Q) => Promise<R>;
  maxEntries?: number;
}): (query: Q) => Promise<R> {
  const cache = new Map<string, { generation: number; value: R }>();
  return async (query) => {
    const id = key(query);
    const hit = cache.get(id);
    if (hit && hit.generation === generation()) return hit.value;
    const noted = generation();
    const value = await read(query);
    if (cache.size >= maxEntries) cache.clear();
    cache.set(id, { generation: noted, value });
    return value;
  };
}
