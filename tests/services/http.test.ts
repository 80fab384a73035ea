import { describe, expect, test } from 'vitest';
import { getBusinessProfile } from '../../src/services/account/businessApi.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { createHttp } from '../../src/services/http/http.ts';
import type { ToastInput } from '../../src/services/http/toast.ts';
import { login, register } from '../../src/services/session/authApi.ts';
import { getMe } from '../../src/services/session/userApi.ts';

type Answer = { status: number; statusText?: string; body?: unknown };

/** An http client over a fake fetch that answers `answer` and records what was asked. */
function client(answer: Answer, token: string | null = 'token-1', accountId: string | null = 'a1') {
  const requests: Request[] = [];
  const toasts: ToastInput[] = [];
  let signOuts = 0;
  const http = createHttp({
    getToken: () => token,
    getAccountId: () => accountId,
    onUnauthorized: () => {
      signOuts += 1;
    },
    notify: (toast) => {
      toasts.push(toast);
    },
    retry: 0,
    fetch: async (input) => {
      requests.push(input as Request);
      const body = answer.body === undefined ? null : JSON.stringify(answer.body);
      return new Response(body, {
        status: answer.status,
        statusText: answer.statusText ?? '',
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { http, requests, toasts, signOuts: () => signOuts };
}

const me = {
  userId: 7,
  email: 'bob@example.com',
  name: 'Bob',
  role: 'admin',
  plan: 2,
  status: 'active',
  accountId: 3,
};

describe('createHttp', () => {
  test('sends the bearer token and the current account header under /api', async () => {
    const c = client({ status: 200, body: me });

    const user = await getMe(c.http);

    expect(c.requests[0].url).toBe(`${location.origin}/api/user/me`);
    expect(c.requests[0].headers.get('authorization')).toBe('Bearer token-1');
    expect(c.requests[0].headers.get('x-account-id')).toBe('a1');
    expect(user).toEqual({
      id: '7',
      email: 'bob@example.com',
      name: 'Bob',
      role: 'admin',
      plan: 2,
      status: 'active',
      accountId: '3',
    });
  });

  test('sends neither header when signed out', async () => {
    const c = client({ status: 200, body: { ...me, token: 't' } }, null, null);

    await login(c.http, { email: 'bob@example.com', password: 'secret1' });

    expect(c.requests[0].headers.has('authorization')).toBe(false);
    expect(c.requests[0].headers.has('x-account-id')).toBe(false);
  });

  test('403 toasts Access Denied', async () => {
    const c = client({
      status: 403,
      statusText: 'Forbidden',
      body: { message: 'Not a member of this account' },
    });

    await expect(getMe(c.http)).rejects.toMatchObject({
      status: 403,
      message: 'Not a member of this account',
    });

    expect(c.toasts).toEqual([
      { type: 'error', title: 'Access Denied', message: 'You do not have permission to perform this action' },
    ]);
    expect(c.signOuts()).toBe(0);
  });

  test('a sign-in or sign-up failure with no reason says Login failed / Registration failed', async () => {
    const c = client({ status: 502, statusText: 'Bad Gateway' }, null);
    await expect(login(c.http, { email: 'x@y.z', password: 'nope12' })).rejects.toMatchObject({
      status: 502,
      message: 'Login failed',
    });
    await expect(register(c.http, { email: 'x@y.z', password: 'nope12' })).rejects.toMatchObject({
      status: 502,
      message: 'Registration failed',
    });
    const taken = client({
      status: 409,
      statusText: 'Conflict',
      body: { message: 'Email already registered' },
    });
    await expect(register(taken.http, { email: 'x@y.z', password: 'nope12' })).rejects.toMatchObject({
      message: 'Email already registered',
    });
    expect(taken.toasts).toEqual([]);
  });

  test('400 toasts Data Issue and the caller gets the server message', async () => {
    const c = client({ status: 400, statusText: 'Bad Request', body: { message: 'email is required' } });

    const error = await getMe(c.http).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('email is required');
    expect(c.toasts).toEqual([{ type: 'error', title: 'Data Issue', message: 'Data is not valid' }]);
  });

  test('401 on a call that carried a token ends the session, without a toast of its own', async () => {
    const c = client({ status: 401, statusText: 'Unauthorized', body: { message: 'Token revoked' } });

    await expect(getMe(c.http)).rejects.toMatchObject({ status: 401 });

    expect(c.signOuts()).toBe(1);
    expect(c.toasts).toEqual([]);
  });

  test('401 without a token (a failed sign-in) does not sign out', async () => {
    const c = client(
      { status: 401, statusText: 'Unauthorized', body: { message: 'Invalid email or password' } },
      null,
    );

    await expect(login(c.http, { email: 'x@y.z', password: 'nope12' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });

    expect(c.signOuts()).toBe(0);
    // The sign-in screen reports the refusal itself: no second, generic toast.
    expect(c.toasts).toEqual([]);
  });

  test('other failures toast API Error with the status text', async () => {
    const c = client({
      status: 500,
      statusText: 'Internal Server Error',
      body: { message: 'Internal error' },
    });

    await expect(getMe(c.http)).rejects.toMatchObject({ status: 500, message: 'Internal error' });

    expect(c.toasts).toEqual([{ type: 'error', title: 'API Error: Internal Server Error' }]);
  });

  test("a refusal that passes (503, 429) shows the server's words under the catalogue's title", async () => {
    const down = client({
      status: 503,
      statusText: 'Service Unavailable',
      body: { message: 'The database cannot be reached right now. Try again in a moment.' },
    });
    await expect(getMe(down.http)).rejects.toMatchObject({ status: 503 });
    expect(down.toasts).toEqual([
      {
        type: 'error',
        title: 'API Error: Service Unavailable',
        message: 'The database cannot be reached right now. Try again in a moment.',
      },
    ]);
    // A proxy's 503 page says nothing of its own: the title alone, as before.
    const proxy = client({ status: 503, statusText: 'Service Unavailable', body: '<html>down</html>' });
    await expect(getMe(proxy.http)).rejects.toMatchObject({ status: 503 });
    expect(proxy.toasts).toEqual([{ type: 'error', title: 'API Error: Service Unavailable' }]);
  });

  test('an account without a business profile reads null, without a toast', async () => {
    const c = client({ status: 200, body: null });

    expect(await getBusinessProfile(c.http)).toBeNull();
    expect(c.toasts).toEqual([]);
  });

  test("an earlier server's 404 for a missing business profile is null too, without a toast", async () => {
    const c = client({ status: 404, statusText: 'Not Found', body: { message: 'No business profile' } });

    expect(await getBusinessProfile(c.http)).toBeNull();
    expect(c.toasts).toEqual([]);
  });

  test('a network failure reaches the caller as an ApiError with status 0', async () => {
    const http = createHttp({
      getToken: () => 'token-1',
      getAccountId: () => null,
      onUnauthorized: () => {},
      notify: () => {},
      retry: 0,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });

    await expect(getMe(http)).rejects.toMatchObject({ name: 'ApiError', status: 0 });
  });

  // ky loads with the first call: each call still leaves exactly once, whichever way it is read.
  test('a call read with .json() asks for JSON and is sent once', async () => {
    const c = client({ status: 200, body: { ok: true } });

    expect(await c.http.get('thing').json()).toEqual({ ok: true });

    expect(c.requests).toHaveLength(1);
    expect(c.requests[0].headers.get('accept')).toBe('application/json');
  });

  test('an awaited call gives the response, sent once', async () => {
    const c = client({ status: 201, body: { id: 3 } });

    const response = await c.http.post('things', { json: { name: 'A' } });

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: 3 });
    expect(c.requests).toHaveLength(1);
    expect(c.requests[0].method).toBe('POST');
  });

  test('a call nobody awaits is still sent', async () => {
    const c = client({ status: 204 });

    void c.http.delete('things/3');
    await expect.poll(() => c.requests.length).toBe(1);

    expect(c.requests[0].method).toBe('DELETE');
  });

  test('calls made at once share one client and are each sent once', async () => {
    const c = client({ status: 200, body: me });

    await Promise.all([getMe(c.http), getMe(c.http), c.http.get('other').text()]);

    expect(c.requests.map((request) => new URL(request.url).pathname).sort()).toEqual([
      '/api/other',
      '/api/user/me',
      '/api/user/me',
    ]);
  });

  test('a background call never toasts, whatever the failure; a 401 still ends the session once', async () => {
    for (const status of [400, 403, 404, 408, 413, 500, 503]) {
      const c = client({ status, statusText: 'Failed', body: { message: 'No' } });
      await expect(c.http.get('events', { context: { background: true } })).rejects.toMatchObject({ status });
      expect(c.toasts).toEqual([]);
      expect(c.signOuts()).toBe(0);
    }
    const expired = client({ status: 401, body: { message: 'Token expired' } });
    await expect(expired.http.get('events', { context: { background: true } })).rejects.toMatchObject({
      status: 401,
    });
    expect(expired.signOuts()).toBe(1);
    // The same failure on an ordinary call goes through the catalogue's toast.
    const shown = client({ status: 500, statusText: 'Internal Server Error' });
    await expect(shown.http.get('events')).rejects.toMatchObject({ status: 500 });
    expect(shown.toasts).toEqual([{ type: 'error', title: 'API Error: Internal Server Error' }]);
  });
});
