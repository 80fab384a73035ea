import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createActor } from 'xstate';
import { createLiveAdminMachine } from '../../machines/liveTeamMachines.ts';
import { readStoredSession } from '../../services/browserStorage.ts';
import { createHttp } from '../../services/http.ts';
import { HttpContext } from '../../services/httpContext.ts';
import { createQueryClient } from '../../services/queryClient.ts';
import { JobDashboard } from './JobDashboard.tsx';

/**
 * /hangfire: the job dashboard as a page of its own (the Admin dashboard shows it in a 500px frame).
 * Same origin as the app, so it reads the signed-in user's token from localStorage; the API decides
 * again on every call whether that user is a platform admin.
 */
export function JobDashboardPage({ fetch }: { fetch?: typeof globalThis.fetch } = {}) {
  // One per page load; it lives as long as the page (StrictMode's double effects must not stop it).
  const [system] = useState(() => createJobPageSystem(fetch));
  return (
    <QueryClientProvider client={system.queryClient}>
      <HttpContext.Provider value={system.http}>
        <JobDashboard
          admin={system.admin}
          signedIn={system.session !== null}
          isAdmin={system.session?.user.role === 'admin'}
        />
      </HttpContext.Provider>
    </QueryClientProvider>
  );
}

/** `fetch`: the page's transport (tests pass a fake server, as to createAppSystem); the browser's by default. */
function createJobPageSystem(fetch?: typeof globalThis.fetch) {
  const session = readStoredSession();
  const queryClient = createQueryClient();
  const http = createHttp({
    getToken: () => readStoredSession()?.token ?? null,
    getAccountId: () => null,
    // The page reads 401 and 403 from the failed query itself; it has no session to end or toasts to show.
    onUnauthorized: () => {},
    notify: () => {},
    fetch,
  });
  const admin = createActor(createLiveAdminMachine(http, queryClient)).start();
  return { session, queryClient, http, admin };
}
