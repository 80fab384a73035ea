import pg from 'pg';

/** What one subscriber of a channel is told. */
export type ChannelHandlers = {
  /** One notification's payload. */
  message(payload: string): void;
  /**
   * The channel is heard (again): after the first LISTEN and after every reconnection. Whatever was sent while
   * nobody listened is unknown.
   */
  listening?(): void;
  /** The connection dropped: notifications may be missed until `listening` is called again. */
  lost?(): void;
};

/**
 * The one LISTEN connection of a process on PostgreSQL: every channel (the row-change generations of
 * postgresDb.ts, the invalidation bus) is heard through it, so a server process holds one listening backend.
 */
export type PgNotifications = {
  /** Starts hearing `channel` (LISTEN once per channel); returns the unsubscribe. */
  subscribe(channel: string, handlers: ChannelHandlers): () => void;
  /** True while `channel` is heard: connected and its LISTEN done. */
  listening(channel: string): boolean;
  close(): Promise<void>;
};

export type PgNotificationsOptions = {
  onError?: (error: Error) => void;
  /** How long to wait before connecting again after the connection dropped. */
  reconnectMs?: number;
};

/** PostgreSQL identifiers of our channels only: LISTEN takes no parameter. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export function createPgNotifications(
  url: string,
  { onError, reconnectMs = 1000 }: PgNotificationsOptions = {},
): PgNotifications {
  const channels = new Map<string, Set<ChannelHandlers>>();
  /** The channels LISTENed on the current connection. */
  const heard = new Set<string>();
  let client: pg.Client | null = null;
  let connected = false;
  let closed = false;

  const each = (channel: string, call: (handlers: ChannelHandlers) => void) => {
    for (const handlers of [...(channels.get(channel) ?? [])]) call(handlers);
  };

  const listenOn = async (on: pg.Client, channel: string) => {
    await on.query(`listen ${channel}`);
    if (client !== on || !connected) return;
    heard.add(channel);
    each(channel, (handlers) => handlers.listening?.());
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: url,
      application_name: 'notifications',
      keepAlive: true,
    });
    client = next;
    let retrying = false;
    const retry = () => {
      if (client === next) {
        connected = false;
        const lost = [...heard];
        heard.clear();
        for (const channel of lost) each(channel, (handlers) => handlers.lost?.());
      }
      if (retrying || closed) return;
      retrying = true;
      setTimeout(() => void connect(), reconnectMs).unref();
    };
    next.on('notification', ({ channel, payload }) => {
      each(channel, (handlers) => handlers.message(payload ?? ''));
    });
    next.on('error', (error) => onError?.(error));
    next.on('end', retry);
    try {
      await next.connect();
      connected = true;
      for (const channel of [...channels.keys()]) await listenOn(next, channel);
    } catch (error) {
      onError?.(error as Error);
      await next.end().catch(() => undefined);
      retry();
    }
  };
  void connect();

  return {
    subscribe(channel, handlers) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
      let set = channels.get(channel);
      if (!set) {
        set = new Set();
        channels.set(channel, set);
        const on = client;
        if (on && connected) void listenOn(on, channel).catch((error: Error) => onError?.(error));
      } else if (heard.has(channel)) {
        queueMicrotask(() => set?.has(handlers) && handlers.listening?.());
      }
      set.add(handlers);
      return () => {
        set.delete(handlers);
      };
    },
    listening: (channel) => connected && heard.has(channel),
    async close() {
      closed = true;
      connected = false;
      heard.clear();
      await client?.end().catch(() => undefined);
    },
  };
}
