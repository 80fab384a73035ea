import type { QueryClient } from '@tanstack/react-query';
import { type Actor, createActor } from 'xstate';
import { createLiveAdminMachine } from '../../machines/account/liveTeamMachines.ts';
import { readStoredSession, type StoredSession } from '../../services/http/browserStorage.ts';
import { createHttp, type Http } from '../../services/http/http.ts';
import { createQueryClient } from '../../services/http/queryClient.ts';

/** The /hangfire page's system: who is signed in (as stored), its http client and its `admin` actor. */
export type JobPageSystem = {
  session: StoredSession | null;
  queryClient: QueryClient;
  http: Http;
  admin: Actor<ReturnType<typeof createLiveAdminMachine>>;
};

/**
 * The composition root of /hangfire, a page of its own (the Admin dashboard shows it in a frame): created and
 * started once, outside React, as `createAppSystem` is for the app. Same origin as the app, so it reads the
 * signed-in user's token from storage; the API decides again on every call whether that user is a platform admin.
 * `fetch`: the page's transport (tests pass a fake server); the browser's by default.
 */
export function createJobPageSystem(options: { fetch?: typeof globalThis.fetch } = {}): JobPageSystem {
  const session = readStoredSession();
  const queryClient = createQueryClient();
  const http = createHttp({
    getToken: () => readStoredSession()?.token ?? null,
    getAccountId: () => null,
    // The page reads 401 and 403 from the failed query itself; it has no session to end or toasts to show.
    onUnauthorized: () => {},
    notify: () => {},
    fetch: options.fetch,
  });
  const admin = createActor(createLiveAdminMachine(http, queryClient), { systemId: 'admin' }).start();
  return { session, queryClient, http, admin };
}
