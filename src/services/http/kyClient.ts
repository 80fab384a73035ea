import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import { ApiError } from './ApiError.ts';
import type { Notify } from './toast.ts';

/** What the http client needs from the running app; all read lazily, per request. */
export type HttpDeps = {
  getToken: () => string | null;
  getAccountId: () => string | null;
  /** A 401 on a call that carried a token: the session is over. */
  onUnauthorized: () => void;
  notify: Notify;
  /** Tests pass a fake fetch. */
  fetch?: typeof fetch;
  /** Resolves `/api/...` (defaults to this page's origin). */
  baseUrl?: string;
  /** Retry limit for idempotent calls (ky's default when unset). */
  retry?: number;
};

/**
 * Per-call options read by the error catalogue, passed as ky's `context`.
 * `quietStatuses`: statuses the caller expects and handles itself (no global toast).
 * `background`: a call nobody is looking at (a poll, the event stream): it never toasts; a 401 still ends the
 * session, as on any call.
 */
export type CallContext = { quietStatuses?: readonly number[]; background?: boolean };

/**
 * Loaded with the first API call (see `createHttp`), so ky stays off the first screen.
 *
 * Creates the app's ky client: bearer token and `X-Account-Id` on every call, and the global
 * error catalogue of spec §8 (403 and 400 toasts, 401 with a token ends the session, other
 * failures toast 'API Error: {status text}'). Every failure reaches the caller as an {@link ApiError}.
 */
export function createKy(deps: HttpDeps): KyInstance {
  return ky.create({
    prefix: '/api',
    baseUrl: deps.baseUrl ?? globalThis.location?.origin,
    fetch: deps.fetch,
    ...(deps.retry === undefined ? {} : { retry: deps.retry }),
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = deps.getToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          const accountId = deps.getAccountId();
          if (accountId) request.headers.set('X-Account-Id', accountId);
        },
      ],
      beforeError: [
        ({ error, request, options }) => {
          if (isNetworkError(error) || isTimeoutError(error)) return new ApiError(0, 'Network error');
          if (!isHTTPError(error)) return error;
          const { status, statusText } = error.response;
          const said = serverMessage(error.data);
          const apiError = new ApiError(status, said ?? (statusText || `HTTP ${status}`));
          const context = options.context as CallContext;
          const quiet =
            (context.background === true && status !== 401) ||
            (context.quietStatuses?.includes(status) ?? false);
          if (!quiet) applyCatalogue(deps, status, statusText, request.headers.has('Authorization'), said);
          return apiError;
        },
      ],
    },
  });
}

// Refusals that pass (the database out of reach, too many attempts): the server's words say when to try again.
const SAYS_WHAT_TO_DO = [429, 503];

function applyCatalogue(
  deps: HttpDeps,
  status: number,
  statusText: string,
  hadToken: boolean,
  said: string | undefined,
): void {
  if (status === 401) {
    // Without a token (a failed sign-in) there is no session to end; the caller reports it.
    if (hadToken) deps.onUnauthorized();
    return;
  }
  if (status === 403) {
    deps.notify({
      type: 'error',
      title: 'Access Denied',
      message: 'You do not have permission to perform this action',
    });
    return;
  }
  if (status === 400) {
    deps.notify({ type: 'error', title: 'Data Issue', message: 'Data is not valid' });
    return;
  }
  const title = `API Error: ${statusText || `HTTP ${status}`}`;
  deps.notify(
    said && SAYS_WHAT_TO_DO.includes(status)
      ? { type: 'error', title, message: said }
      : { type: 'error', title },
  );
}

function serverMessage(data: unknown): string | undefined {
  if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return undefined;
}
