import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query cache. No automatic query retries: ky already retries idempotent calls, and
 * every failed attempt here would raise the global error toast again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
