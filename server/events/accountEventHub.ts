import { isLiveEventKind, type LiveEvent, type LiveEventKind } from '../../src/contracts/liveEvents.ts';
import type { InvalidationBus } from '../cluster/invalidationBus.ts';

/** Who a stream belongs to: its account, and whether its user also sees the platform's activity log. */
export type EventScope = { accountId: number; platformAdmin: boolean };

export type EventSubscriber = {
  scope: EventScope;
  /** Called with the events of one flush (never empty). */
  send(events: LiveEvent[]): void;
};

export type AccountEventHub = {
  /** Returns the unsubscribe. */
  subscribe(subscriber: EventSubscriber): () => void;
  /** The open subscriptions (for shutdown and tests). */
  size(): number;
  close(): void;
};

export type AccountEventHubOptions = {
  /** Events of one account arriving within this window go out together, duplicates folded. */
  flushMs?: number;
  /** More changed records of one kind in a window than this: one event for the kind, without ids. */
  maxIdsPerKind?: number;
};

// The platform's activity log belongs to no account: its events go to the platform admins' streams.
const PLATFORM = 'platform';
type Target = number | typeof PLATFORM;
/** Per kind, the changed ids, or null for "the kind as a whole". */
type Pending = Map<LiveEventKind, Set<string> | null>;

/** What a trigger of migration 0019 announced; null when it is not an event of ours. */
function parseEvent(payload: string): { target: Target; event: LiveEvent } | null {
  try {
    const raw = JSON.parse(payload) as { accountId?: unknown; kind?: unknown; id?: unknown };
    if (!isLiveEventKind(raw.kind) || raw.kind === 'resync') return null;
    const event: LiveEvent = typeof raw.id === 'string' ? { kind: raw.kind, id: raw.id } : { kind: raw.kind };
    if (raw.kind === 'activity') return { target: PLATFORM, event };
    if (typeof raw.accountId !== 'number') return null;
    return { target: raw.accountId, event };
  } catch {
    return null;
  }
}

const receives = (scope: EventScope, target: Target) =>
  target === PLATFORM ? scope.platformAdmin : scope.accountId === target;

/**
 * The per-account event streams of this process, fed by the invalidation bus's `account-events` topic: the
 * database's own announcements (migration 0019), from this process or any other sharing the database.
 */
export function createAccountEventHub(
  bus: InvalidationBus,
  { flushMs = 25, maxIdsPerKind = 20 }: AccountEventHubOptions = {},
): AccountEventHub {
  const subscribers = new Set<EventSubscriber>();
  const pending = new Map<Target, Pending>();
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    timer = null;
    const batches = [...pending];
    pending.clear();
    for (const [target, kinds] of batches) {
      const events: LiveEvent[] = [];
      for (const [kind, ids] of kinds) {
        if (ids === null) events.push({ kind });
        else for (const id of ids) events.push({ kind, id });
      }
      for (const subscriber of subscribers) {
        if (receives(subscriber.scope, target)) subscriber.send(events);
      }
    }
  };

  const queue = (target: Target, { kind, id }: LiveEvent) => {
    let kinds = pending.get(target);
    if (!kinds) {
      kinds = new Map();
      pending.set(target, kinds);
    }
    const ids = kinds.get(kind);
    if (ids === null) return;
    if (id === undefined || (ids && ids.size >= maxIdsPerKind && !ids.has(id))) kinds.set(kind, null);
    else if (ids) ids.add(id);
    else kinds.set(kind, new Set([id]));
    timer ??= setTimeout(flush, flushMs);
  };

  const stopListening = bus.subscribe('account-events', (payload) => {
    if (payload === null) {
      // Whatever happened while nobody listened is unknown: every stream refetches what it shows.
      for (const subscriber of subscribers) subscriber.send([{ kind: 'resync' }]);
      return;
    }
    const parsed = parseEvent(payload);
    if (parsed && [...subscribers].some((subscriber) => receives(subscriber.scope, parsed.target))) {
      queue(parsed.target, parsed.event);
    }
  });

  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    size: () => subscribers.size,
    close() {
      stopListening();
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
      subscribers.clear();
    },
  };
}
