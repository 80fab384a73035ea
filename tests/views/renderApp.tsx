import { render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { permissionMatrix } from '../../server/auth/access.ts';
import type { User } from '../../src/contracts/auth.ts';
import type { AppInput } from '../../src/machines/app/appMachine.ts';
import { App } from '../../src/views/App.tsx';
import { createAppSystem } from '../../src/views/createAppSystem.ts';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
/** `"METHOD /api/path"` → the reply (or a function of the request). */
export type Routes = Record<string, Reply | ((request: Request) => Reply | Promise<Reply>)>;

export const bob: User = {
  id: 'u2',
  email: 'bob@example.com',
  name: 'Bob',
  role: 'user',
  plan: 1,
  status: 'active',
  accountId: 'a1',
};

export const rawBob = {
  userId: 'u2',
  email: 'bob@example.com',
  name: 'Bob',
  role: 'user',
  plan: 1,
  status: 'active',
  accountId: 'a1',
};

/** A site of the websites list (`GET /api/website`). */
export const bakerySite = {
  id: 5,
  name: 'Bakery Site',
  createdAt: '2026-01-01T00:00:00.000Z',
  isPublished: false,
  domain: null,
  subdomain: null,
  publishedAt: null,
  isActive: true,
  submissionCount: 0,
};

const statusText: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
};

const running: Array<{ stop: () => void }> = [];

// Stop every app of a test, or their storage listeners outlive it.
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
});

/** A fake server: `fetch` answers each `METHOD /path` from `routes` (404 otherwise) and records the requests. */
export function fakeServer(routes: Routes = {}) {
  const requests: Request[] = [];
  // ky passes a Request; the shoppers' store client (plain fetch) a URL and its init.
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const route = routes[key];
    const reply: Reply = route
      ? typeof route === 'function'
        ? await route(request)
        : route
      : { status: 404, body: { message: `no route ${key}` } };
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      statusText: statusText[status] ?? '',
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };
  return { fetch, requests };
}

/** Renders the whole app with the real machines over a fake server. */
export function renderApp(input: AppInput, routes: Routes = {}) {
  const { fetch, requests } = fakeServer(routes);
  const system = createAppSystem({ fetch: fetch as typeof globalThis.fetch, input });
  system.actor.start();
  running.push(system.actor);
  const view = render(<App system={system} />);
  return { ...view, system, requests };
}

/** A signed-in load of the dashboard (tour already seen, so nothing covers it). */
export function dashboardInput(user: User = bob): AppInput {
  localStorage.setItem('hasSeenWalkthrough', 'true');
  return {
    session: { token: 'token-1', user, accountId: user.accountId },
    location: { pathname: '/', search: '' },
    oauthProcessed: false,
  };
}

/** Server routes every dashboard load calls; `roleName` is the user's role in the account (Admin: the owner). */
export function dashboardRoutes(user: User = bob, roleName = 'Admin'): Routes {
  return {
    'GET /api/user/me': { body: { ...rawBob, userId: user.id, role: user.role, name: user.name } },
    'GET /api/accounts': {
      body: [{ id: 'a1', name: 'Bob Ltd', industry: 'retail', description: '', isActive: true, roleName }],
    },
    // The server's own table, so what the views hide follows what the server refuses.
    'GET /api/permissions': { body: permissionMatrix() },
  };
}
