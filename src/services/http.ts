import type { KyInstance, ResponsePromise } from 'ky';
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

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The app's ky client (the calls the API modules use), every API module's first argument. */
export type Http = Pick<KyInstance, Method>;

/**
 * Per-call options read by the error catalogue, passed as ky's `context`.
 * `quietStatuses`: statuses the caller expects and handles itself (no global toast).
 */
export type CallContext = { quietStatuses?: readonly number[] };

type BodyType = 'json' | 'text' | 'blob' | 'arrayBuffer' | 'formData' | 'bytes';
const BODY_TYPES: readonly BodyType[] = ['json', 'text', 'blob', 'arrayBuffer', 'formData', 'bytes'];

/**
 * The app's http client (see `kyClient.ts` for the token, account header and error catalogue of spec §8).
 * ky itself is loaded with the first call, so the first screen does not download it before it is needed.
 */
export function createHttp(deps: HttpDeps): Http {
  let client: Promise<KyInstance> | undefined;
  const load = () => {
    client ??= import('./kyClient.ts').then(({ createKyClient }) => createKyClient(deps));
    return client;
  };
  const method =
    (name: Method) => (url: Parameters<KyInstance[Method]>[0], options?: Parameters<KyInstance[Method]>[1]) =>
      deferredResponse(load(), (ky) => ky[name](url, options));
  return {
    get: method('get'),
    post: method('post'),
    put: method('put'),
    patch: method('patch'),
    delete: method('delete'),
  };
}

/**
 * A ky `ResponsePromise` whose call starts once the client is loaded. Callers pick the body type
 * (`.json()`) in the same tick as the call, before it starts, so ky still sets the matching Accept header.
 */
function deferredResponse(
  client: Promise<KyInstance>,
  call: (ky: KyInstance) => ResponsePromise,
): ResponsePromise {
  let wanted: BodyType | undefined;
  const started = client.then((ky) => {
    const response = call(ky);
    // Wrapped: a ResponsePromise is a thenable, and returning it bare would resolve to its Response.
    return { response, body: wanted ? response[wanted]() : undefined };
  });
  const settled = () => started.then(({ response }) => response);
  const deferred = {
    // biome-ignore lint/suspicious/noThenProperty: it stands in for ky's ResponsePromise, a thenable.
    then: (onFulfilled?: never, onRejected?: never) => settled().then(onFulfilled, onRejected),
    catch: (onRejected?: never) => settled().catch(onRejected),
    finally: (onFinally?: () => void) => settled().finally(onFinally),
    [Symbol.toStringTag]: 'Promise',
  } as Record<string | symbol, unknown>;
  for (const type of BODY_TYPES) {
    deferred[type] = () => {
      wanted = type;
      // Asked for after the call started (not how the API modules call it): ky still reads the body.
      return started.then(({ response, body }) => (wanted === type && body ? body : response[type]()));
    };
  }
  return deferred as unknown as ResponsePromise;
}
