import type { QueryClient } from '@tanstack/react-query';
import type { ReplaySettings } from '../../contracts/replay.ts';
import { REPLAY_LIMITS } from '../../contracts/replay.ts';
import { ApiError } from '../../services/http/ApiError.ts';
import { STORAGE_KEYS } from '../../services/http/browserStorage.ts';
import type { Http } from '../../services/http/http.ts';
import { getReplaySettings, postReplayEntries } from '../../services/replay/replayApi.ts';
import { replayQueryKeys } from '../../services/replay/replayQueries.ts';
import type { RecordedBatch, ReplayRecorder } from './replayRecorder.ts';

/** Whether the signed-in user's steps are sent: not known yet, yes, or no (they turned recording off). */
export type ShippingPreference = 'unknown' | 'on' | 'off';

export type ReplayShipperOptions = {
  recorder: ReplayRecorder;
  http: Http;
  queryClient: QueryClient;
  /** Where this browser remembers an opt-out across loads (localStorage). */
  storage?: Storage;
  /** How often buffered steps are sent. */
  intervalMs?: number;
  /** How long to wait after a refusal for flooding or a server failure. */
  backoffMs?: number;
  now?: () => number;
};

export type ReplayShipper = {
  /** Sends what is buffered now (resolves when done; one flush at a time). */
  flush(): Promise<void>;
  /** `flush`, for at most `SIGN_OUT_FLUSH_MS`: signing out waits for it, but never long, before the token goes. */
  flushBeforeSignOut(): Promise<void>;
  preference(): ShippingPreference;
  stop(): void;
};

type Outcome = 'sent' | 'retryLater' | 'stop';

/** How long signing out waits for the recorded steps to go out. */
export const SIGN_OUT_FLUSH_MS = 2_000;

/**
 * Sends the recorder's steps to `POST /api/replay/sessions/{id}/events` in batches, as the signed-in
 * user, if (and only if) that user has not turned recording off. The choice is read from the query
 * cache entry the User Settings switch writes, so turning it off stops recording at once and forgets
 * whatever was waiting. Steps recorded before anyone signed in wait until someone does, and go out as
 * theirs; steps of a user who signed out and were not sent by then are dropped.
 *
 * @returns the shipper; it starts its timer at once.
 */
export function startReplayShipper(options: ReplayShipperOptions): ReplayShipper {
  const { recorder, http, queryClient } = options;
  const storage = options.storage ?? globalThis.localStorage;
  const now = options.now ?? (() => Date.now());
  const backoffMs = options.backoffMs ?? 30_000;
  let user: string | null = null;
  let preference: ShippingPreference = 'unknown';
  let batchSize: number = REPLAY_LIMITS.batchSize;
  let pausedUntil = 0;
  let sending: Promise<void> | null = null;

  function apply(settings: ReplaySettings): void {
    if (!user) return;
    preference = settings.optOut ? 'off' : 'on';
    if (settings.optOut) storage?.setItem(STORAGE_KEYS.replayOptOut, 'true');
    else storage?.removeItem(STORAGE_KEYS.replayOptOut);
    recorder.setRecording(!settings.optOut);
    if (!settings.optOut) void flush();
  }

  async function loadPreference(): Promise<void> {
    const forUser = user;
    try {
      const settings = await queryClient.fetchQuery({
        queryKey: replayQueryKeys.settings,
        queryFn: () => getReplaySettings(http),
      });
      if (user === forUser) apply(settings);
    } catch {
      // Not known yet: steps keep waiting in the (bounded) buffer; asked again on the next tick.
    }
  }

  async function send(batch: RecordedBatch): Promise<Outcome> {
    let entries = batch.entries.slice(0, batchSize);
    const body = () => ({ startedAt: new Date(batch.session.startedAt).toISOString(), entries });
    while (entries.length > 1 && JSON.stringify(body()).length > REPLAY_LIMITS.bodyBytes * 0.9) {
      entries = entries.slice(0, Math.ceil(entries.length / 2));
    }
    try {
      await postReplayEntries(http, batch.session.id, body());
      recorder.ack(entries.length);
      batchSize = REPLAY_LIMITS.batchSize;
      return 'sent';
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 413 && entries.length > 1) {
        batchSize = Math.max(1, Math.floor(entries.length / 2));
        return 'sent';
      }
      if (status === 413 || status === 400) {
        recorder.ack(entries.length); // cannot ever be stored: given up
        return 'sent';
      }
      if (status === 403) {
        // Turned off elsewhere (another tab, another device)? Read the choice again, and wait a while
        // whatever it says: a refusal for another reason must not become a loop.
        pausedUntil = now() + backoffMs;
        preference = 'unknown';
        void queryClient.invalidateQueries({ queryKey: replayQueryKeys.settings });
        void loadPreference();
        return 'stop';
      }
      if (status === 409) {
        recorder.discard(batch.session.id);
        if (recorder.current().id === batch.session.id) recorder.restart();
        return 'sent';
      }
      pausedUntil = now() + (status === 401 ? 0 : backoffMs);
      return 'stop';
    }
  }

  async function drain(): Promise<void> {
    while (preference === 'on' && user !== null && now() >= pausedUntil) {
      const batch = recorder.nextBatch(batchSize);
      if (!batch || batch.session.owner === null) return;
      if (batch.session.owner !== user) {
        recorder.discard(batch.session.id); // another user's steps: not ours to send
        continue;
      }
      if ((await send(batch)) !== 'sent') return;
    }
  }

  function flush(): Promise<void> {
    if (preference === 'unknown' && user !== null) void loadPreference();
    sending ??= drain().finally(() => {
      sending = null;
    });
    return sending;
  }

  const unlisten = recorder.listen({
    onUser: (next) => {
      user = next;
      preference = 'unknown';
      if (next) void loadPreference();
    },
    // Signing out revokes the token: the sign-out call first waits for `flush` (createAppSystem.ts).
  });
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryKey.join('/') !== replayQueryKeys.settings.join('/')) return;
    apply(event.query.state.data as ReplaySettings);
  });
  const timer = setInterval(() => void flush(), options.intervalMs ?? 3000);
  const onHide = () => {
    if (document.visibilityState === 'hidden') void flush();
  };
  globalThis.document?.addEventListener('visibilitychange', onHide);

  return {
    flush,
    flushBeforeSignOut: () =>
      Promise.race([flush(), new Promise<void>((resolve) => setTimeout(resolve, SIGN_OUT_FLUSH_MS))]),
    preference: () => preference,
    stop: () => {
      clearInterval(timer);
      unlisten();
      unsubscribe();
      globalThis.document?.removeEventListener('visibilitychange', onHide);
    },
  };
}
