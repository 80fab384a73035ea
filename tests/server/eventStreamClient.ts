import type { LiveEvent } from '../../src/contracts/liveEvents.ts';

/** A subscriber of GET /api/events over real HTTP (inject cannot stream), as the browser reads it. */
export type EventStreamClient = {
  status: number;
  /** Every `change` event's events, in order of arrival. */
  readonly events: LiveEvent[];
  /** Resolves with the first event that matches, waiting at most `boundMs`. */
  waitFor(match: (event: LiveEvent) => boolean, what: string, boundMs?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

/** Opens the stream with the session's token and account header; resolves once it is subscribed (`ready`). */
export async function openEventStream(
  baseUrl: string,
  { token, accountId }: { token?: string; accountId?: number | string },
): Promise<EventStreamClient> {
  const abort = new AbortController();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (accountId !== undefined) headers['x-account-id'] = String(accountId);
  const response = await fetch(`${baseUrl}/api/events`, { headers, signal: abort.signal });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const handleFrame = (text: string) => {
    let name = 'message';
    const data: string[] = [];
    for (const line of text.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trim());
    }
    if (name === 'ready') markReady();
    if (name === 'change') {
      events.push(...(JSON.parse(data.join('\n')) as { events: LiveEvent[] }).events);
      for (const wake of waiters) wake();
    }
  };
  const ended = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          handleFrame(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  if (response.ok) await Promise.race([ready, ended]);
  else await response.body?.cancel();
  return {
    status: response.status,
    events,
    ended,
    close: () => abort.abort(),
    waitFor: (match, what, boundMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no event: ${what}; got ${JSON.stringify(events)}`));
        }, boundMs);
        waiters.add(check);
        check();
      }),
  };
}
