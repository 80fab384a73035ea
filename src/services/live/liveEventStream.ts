import type { LiveEvent } from '../../contracts/liveEvents.ts';
import { ApiError } from '../http/ApiError.ts';
import type { CallContext, Http } from '../http/http.ts';

/** One server-sent event: its name and its data lines joined. */
export type SseFrame = { event: string; data: string };

/**
 * Splits a server-sent event stream into frames (comments, such as the `: ping` heartbeats, are skipped).
 * @param chunks - the body's text as it arrives, cut anywhere.
 */
export async function* sseFrames(chunks: AsyncIterable<string>): AsyncGenerator<SseFrame> {
  let buffer = '';
  for await (const chunk of chunks) {
    buffer += chunk.replaceAll('\r\n', '\n');
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf('\n\n');
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) yield { event, data: data.join('\n') };
    }
  }
}

async function* bodyText(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
}

export type LiveEventStreamOptions = {
  http: Http;
  signal: AbortSignal;
  /** Each batch of changes; after a reconnect, `[{kind: 'resync'}]` (changes may have been missed meanwhile). */
  onEvents: (events: LiveEvent[]) => void;
  /** Waits before the next attempt (tests pass a fake); resolves early when aborted. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

/** 1 s, 2 s, 4 s … at most 30 s between attempts; back to 1 s once a stream was subscribed. */
export const reconnectDelayMs = (attempt: number): number => Math.min(30_000, 1000 * 2 ** attempt);

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps the account's event stream (GET /api/events) open until `signal` aborts, reconnecting with backoff.
 * Read with fetch streaming, since the bearer token and the account header must travel as headers. Ends by
 * itself when the server refuses: a 401 has already ended the session (the http client's catalogue), a 403
 * means this user left the account. Returns why it stopped.
 */
export async function runLiveEventStream({
  http,
  signal,
  onEvents,
  sleep = wait,
}: LiveEventStreamOptions): Promise<'aborted' | 'refused'> {
  let attempt = 0;
  let subscribedBefore = false;
  while (!signal.aborted) {
    try {
      // A background stream never toasts: it retries quietly. Only a 401 goes through the catalogue (it ends
      // the session, as on any call).
      const context: CallContext = { background: true };
      const response = await http.get('events', { timeout: false, retry: 0, signal, context });
      if (!response.body) throw new ApiError(0, 'No stream');
      for await (const frame of sseFrames(bodyText(response.body))) {
        if (frame.event === 'ready') {
          attempt = 0;
          if (subscribedBefore) onEvents([{ kind: 'resync' }]);
          subscribedBefore = true;
        } else if (frame.event === 'change') {
          onEvents((JSON.parse(frame.data) as { events: LiveEvent[] }).events);
        }
      }
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return 'refused';
      // Otherwise (network, server restarting, a malformed frame): try again after a while.
    }
    if (signal.aborted) break;
    await sleep(reconnectDelayMs(attempt), signal);
    attempt += 1;
  }
  return 'aborted';
}
