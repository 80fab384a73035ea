import { type Actor, createActor } from 'xstate';
import type { CollabRemote } from '../canvas/collab.ts';
import type { AppInput } from '../machines/app/appMachine.ts';
import { createLiveAppMachine } from '../machines/app/liveAppMachine.ts';
import type { ReplayShipper } from '../machines/replay/replayShipper.ts';
import { selectAccountId, selectToken, selectUser } from '../machines/session/sessionMachine.ts';
import { hasFlag, readStoredSession, STORAGE_KEYS } from '../services/http/browserStorage.ts';
import { createHttp, type Http } from '../services/http/http.ts';
import { lazyQueryClient, type QueryClientSource } from '../services/http/queryClientSource.ts';
import { captureInvitationLink } from '../services/session/invitationLink.ts';
import { startLazyReplay } from './lazyReplay.ts';

export type AppActor = Actor<ReturnType<typeof createLiveAppMachine>>;

/**
 * `replay`: the session-replay shipper (loaded after the first screen) when recording is set up (the real
 * app), else null. Every actor of the app is one of the app actor's system, so the recorder observes them all.
 */
export type AppSystem = {
  actor: AppActor;
  http: Http;
  /** The query cache, created when the first view or child that reads server data loads. */
  queries: QueryClientSource;
  replay: Promise<ReplayShipper> | null;
};

export type AppSystemOptions = {
  /** The transport of every call (the app's API and the Storefront preview's store API); tests pass a fake server. */
  fetch?: typeof fetch;
  input?: AppInput;
  /** Record the session for support (see replayRecorder.ts); tests leave it off unless they test it. */
  replay?: boolean;
  /** The co-editing WebSocket (null: none, as in tests); by default `/api/collab` on this origin. */
  collabUrl?: string | null;
};

/** Start-up facts the app machine needs, read once from the browser. */
export function readAppInput(): AppInput {
  // An invitation link (/invite#token): its landing page shows first (the token is kept for this tab).
  const invitationToken = captureInvitationLink(window.location);
  return {
    invitationToken,
    session: readStoredSession(),
    location: { pathname: window.location.pathname, search: window.location.search },
    oauthProcessed: hasFlag(STORAGE_KEYS.oauthProcessed, sessionStorage),
  };
}

/**
 * The composition root: the http client reads the token from the session actor and reports 401s
 * and toasts back into the same actor system; the app actor is created (not started) here.
 */
export function createAppSystem(options: AppSystemOptions = {}): AppSystem {
  const queries = lazyQueryClient();
  // Assigned below: the client only reads it when a request runs, after start-up.
  let actor: AppActor | undefined;
  const session = () => actor?.getSnapshot().children.session;
  const http = createHttp({
    getToken: () => selectToken(session()?.getSnapshot()),
    getAccountId: () => selectAccountId(session()?.getSnapshot()),
    onUnauthorized: () => session()?.send({ type: 'session.expired' }),
    notify: (toast) => actor?.getSnapshot().children.toasts?.send({ type: 'toast.show', toast }),
    fetch: options.fetch,
  });
  // The builder co-edits as the signed-in user; the token is read again on every (re)connection. No address:
  // this origin's endpoint, resolved by the builder's code (`collabEndpoint.ts`), not by the first screen.
  const serverUrl =
    options.collabUrl === undefined && typeof WebSocket === 'undefined' ? null : options.collabUrl;
  const collabRemote = (): CollabRemote | null => {
    const snapshot = session()?.getSnapshot();
    const user = selectUser(snapshot);
    if (serverUrl === null || serverUrl === '' || !user || !selectToken(snapshot)) return null;
    return {
      url: serverUrl,
      token: () => selectToken(session()?.getSnapshot()),
      user: { id: String(user.id), name: user.name || user.email },
    };
  };
  // This browser's last user turned recording off: nothing is recorded until a user says otherwise.
  const recorder = options.replay
    ? startLazyReplay({ recording: !hasFlag(STORAGE_KEYS.replayOptOut), http, queries })
    : null;
  actor = createActor(
    createLiveAppMachine(http, queries, collabRemote, options.fetch, recorder?.flushBeforeSignOut),
    {
      input: options.input ?? readAppInput(),
      inspect: recorder?.inspect,
    },
  );
  return { actor, http, queries, replay: recorder?.shipper ?? null };
}
