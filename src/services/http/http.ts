import type { Input, KyInstance, Options, ResponsePromise } from 'ky';
import { ApiError } from './ApiError.ts';
import type { HttpDeps } from './kyClient.ts';

export type { CallContext, HttpDeps } from './kyClient.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type CallArgs = [input: Input, options?: Options];

/** The client every API module takes as its first argument: ky's calling shape (`http.get(url).json()`). */
export type Http = Pick<KyInstance, Method>;

type BodyMethod = 'json' | 'text' | 'blob' | 'arrayBuffer' | 'formData' | 'bytes';
const BODY_METHODS: readonly BodyMethod[] = ['json', 'text', 'blob', 'arrayBuffer', 'formData', 'bytes'];

/**
 * The app's http client (see `kyClient.ts` for what every call does: bearer token, account header, the
 * error catalogue of spec §8). ky itself is fetched with the first call, not with the first screen.
 */
export function createHttp(deps: HttpDeps): Http {
  let client: Promise<KyInstance> | null = null;
  const load = (): Promise<KyInstance> => {
    client ??= import('./kyClient.ts').then(
      ({ createKy }) => createKy(deps),
      () => {
        // The chunk did not arrive (offline): this call fails as any call would offline; the next tries again.
        client = null;
        throw new ApiError(0, 'Network error');
      },
    );
    return client;
  };
  const method =
    (name: Method) =>
    (...args: CallArgs): ResponsePromise =>
      deferredCall(load, name, args);
  return {
    get: method('get'),
    post: method('post'),
    put: method('put'),
    patch: method('patch'),
    delete: method('delete'),
  } as Http;
}

/**
 * One call, sent once ky is loaded. Like ky's own promise it can be awaited (the response) or read with a
 * body method called straight away (`.json()` sets the matching Accept header): the body method chosen before
 * the request leaves is handed to ky, so the call is sent exactly once either way.
 */
function deferredCall(load: () => Promise<KyInstance>, name: Method, args: CallArgs): ResponsePromise {
  let body: BodyMethod | null = null;
  let sent: ResponsePromise | null = null;
  const result = load().then((ky) => {
    sent = (ky[name] as (...call: CallArgs) => ResponsePromise)(...args);
    return body ? sent[body]() : sent;
  });
  const call = result as unknown as ResponsePromise;
  for (const bodyMethod of BODY_METHODS) {
    Object.defineProperty(call, bodyMethod, {
      value: () => {
        if (sent) return result.then((response) => (response as Response)[bodyMethod]());
        body = bodyMethod;
        return result;
      },
    });
  }
  return call;
}
