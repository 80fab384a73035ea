import { afterEach, describe, expect, test } from 'vitest';
import { waitFor } from 'xstate';
import { appRoute } from '../../src/contracts/appRoutes.ts';
import { selectToastQueue } from '../../src/machines/app/toastsMachine.ts';
import { type AppSystem, createAppSystem } from '../../src/views/createAppSystem.ts';
import { bob, fakeServer, type Routes } from './renderApp.tsx';

// One 401 path (issue 17): whichever call is refused, the http client's error catalogue tells the session
// once (`session.expired`); the session shows one toast and the app goes to /login, keeping the place.

const running: AppSystem[] = [];
afterEach(() => {
  for (const system of running.splice(0)) system.actor.stop();
});

const refused = { status: 401, body: { message: 'Session expired' } };

/**
 * Starts the app signed in at `pathname` over a server that refuses every call with 401; `calls` makes
 * calls of its own through the app's http client (as the views' queries do).
 */
async function expireAt(pathname: string, calls: (system: AppSystem) => void = () => {}, extra: Routes = {}) {
  localStorage.setItem('hasSeenWalkthrough', 'true');
  const { fetch, requests } = fakeServer(
    new Proxy(extra, { get: (routes, key: string) => routes[key] ?? refused }) as Routes,
  );
  const system = createAppSystem({
    fetch: fetch as typeof globalThis.fetch,
    collabUrl: null,
    input: {
      session: { token: 'token-1', user: bob, accountId: bob.accountId },
      location: { pathname, search: '' },
      oauthProcessed: false,
    },
  });
  running.push(system);
  system.actor.start();
  calls(system);
  const ended = await waitFor(system.actor, (s) => s.matches('auth'), { timeout: 5000 });
  // Let every call still in flight settle: none may add a second toast or a second sign-out.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const toasts = system.actor.system.get('toasts');
  return { system, ended, requests, toasts: toasts ? selectToastQueue(toasts.getSnapshot()) : [] };
}

describe('a 401 from any API call ends the session once', () => {
  test('opening a site in the builder (its load is refused): one toast, /login, back to the site after', async () => {
    const { system, toasts, requests } = await expireAt('/builder/42');

    expect(requests.some((r) => new URL(r.url).pathname === '/api/website/42')).toBe(true);
    expect(toasts.map((t) => [t.title, t.message])).toEqual([['Session expired', 'Please log in again']]);
    expect(window.location.pathname).toBe('/login');
    expect(system.actor.getSnapshot().context.returnTo).toEqual(appRoute('builder', { siteId: '42' }));
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('the dashboard (several calls refused at once): one toast, /login, back to the place after', async () => {
    const { system, toasts, requests } = await expireAt('/crm/contacts', ({ http }) => {
      for (const path of ['user/me', 'accounts', 'crm/contacts']) void http.get(path).catch(() => {});
    });

    // These three, and whatever of the CRM's own load (the app runs the CRM at a CRM place) went out before.
    const paths = requests.map((r) => new URL(r.url).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/api/user/me', '/api/accounts', '/api/crm/contacts']));
    expect(paths.filter((path) => !path.startsWith('/api/crm/'))).toEqual(['/api/user/me', '/api/accounts']);
    expect(toasts.map((t) => t.title)).toEqual(['Session expired']);
    expect(window.location.pathname).toBe('/login');
    expect(system.actor.getSnapshot().context.returnTo).toEqual(appRoute('crm', { section: 'contacts' }));
  });
});
