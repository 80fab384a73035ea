import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's query cache, created the first time something needs it: its code (TanStack Query) is no part of the
 * first screen. Before it exists nothing is cached, so there is nothing to clear or mark stale.
 */
export type QueryClientSource = {
  /** The cache, if it exists already. */
  current: () => QueryClient | undefined;
  /** The cache, loading its code the first time (a failed load is tried again by the next call). */
  load: () => Promise<QueryClient>;
  /** The cache, made with `create` if it does not exist yet: for code that has the cache's code already. */
  get: (create: () => QueryClient) => QueryClient;
};

/** The app's cache, created on first `load()`. */
export function lazyQueryClient(): QueryClientSource {
  let client: QueryClient | undefined;
  let loading: Promise<QueryClient> | undefined;
  const get = (create: () => QueryClient) => {
    client ??= create();
    return client;
  };
  return {
    current: () => client,
    get,
    load: () => {
      loading ??= import('./queryClient.ts').then(
        ({ createQueryClient }) => get(createQueryClient),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/** A cache that is there already (the replay sandbox's own, a test's). */
export function loadedQueryClient(client: QueryClient): QueryClientSource {
  const loaded = Promise.resolve(client);
  return { current: () => client, load: () => loaded, get: () => client };
}
