import { QueryClient } from '@tanstack/react-query';
import { createHttp, type Http } from '../../../services/http/http.ts';

/** What the sandbox's views get instead of the server: every call answers 503, nothing is toasted. */
export const SANDBOX_NO_SERVER = 'Not available in the session replay sandbox';

/**
 * The composition root of the replay sandbox: an http client that never reaches the server (so the
 * real views cannot read or write anyone's data, the admin's included) and a query cache of its own.
 */
export function createSandboxSystem(): { http: Http; queryClient: QueryClient } {
  const refuse = async () =>
    new Response(JSON.stringify({ message: SANDBOX_NO_SERVER }), {
      status: 503,
      headers: { 'content-type': 'application/json' },
    });
  const http = createHttp({
    getToken: () => null,
    getAccountId: () => null,
    onUnauthorized: () => {},
    notify: () => {},
    fetch: refuse,
    retry: 0,
  });
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  return { http, queryClient };
}
