import * as Y from 'yjs';
import {
  TAB_BROKER_NAME,
  TAB_BROKER_PATH,
  type TabBrokerNotice,
  type TabBrokerRequest,
} from './tabBroker.ts';
import { encodeTransactionUpdate } from './transactionUpdate.ts';

type Message =
  | { kind: 'update'; update: Uint8Array }
  | { kind: 'sync-request'; stateVector: Uint8Array; reply: boolean }
  | { kind: 'sync-answer'; update: Uint8Array }
  // A tab closing its end of a direct link.
  | { kind: 'bye' };

/** The minimal BroadcastChannel / MessagePort surface, so tests can pass in-memory pairs. */
export type ChannelLike = {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** A MessagePort delivers to `addEventListener` listeners only once started. */
  start?(): void;
  close(): void;
};

/** A connection to the tab broker (`tabBroker.ts`): a SharedWorker's port, or an in-memory one in tests. */
export type BrokerLike = {
  postMessage(message: TabBrokerRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  start?(): void;
  close(): void;
};

/** Whether a transaction's origin is another tab: its update arrived on a tab link. */
export function isOtherTab(origin: unknown): boolean {
  return origin instanceof BroadcastProvider;
}

/**
 * Live sync between tabs of one browser. Every transaction's update is posted on each link to another tab
 * (before its observers run: see `encodeTransactionUpdate`). A link is either a direct MessagePort to one other
 * tab, made by the tab broker (`tabBroker.ts`; both ends ask each other for what they miss), or, where there is
 * no SharedWorker, one BroadcastChannel to all of them (on join a tab sends its state vector and each peer
 * answers with the diff, and its own vector once, so the newcomer's edits reach it too).
 */
export class BroadcastProvider {
  readonly doc: Y.Doc;
  // Each link with its listener, and whether it is a direct link to one tab (else a BroadcastChannel to all).
  private readonly links = new Map<
    ChannelLike,
    { onMessage: (event: MessageEvent) => void; direct: boolean }
  >();
  private broker: { connection: BrokerLike; room: string } | null = null;
  private onDestroy: () => void = () => {};
  // A transaction's update is posted as soon as its changes are made, before its observers run: in the tab that
  // made an edit, the other tabs receive it before this tab's store, undo manager and save status see it (and
  // before Yjs merges structs and encodes the same update for the `update` event's listeners).
  private readonly onChanges = (transaction: Y.Transaction) => {
    if (transaction.origin === this || this.links.size === 0) return;
    const update = encodeTransactionUpdate(transaction);
    if (!update) return;
    const message: Message = { kind: 'update', update };
    for (const link of this.links.keys()) link.postMessage(message);
  };

  /** A provider over one BroadcastChannel (or none yet: links come from `addPeer` / `connectBroker`). */
  constructor(doc: Y.Doc, channel: ChannelLike | null = null) {
    this.doc = doc;
    doc.on('beforeObserverCalls', this.onChanges);
    if (channel) this.addChannel(channel);
  }

  /**
   * Opens the tab links of a room: through the tab broker where the browser has SharedWorker (a BroadcastChannel
   * instead if the broker cannot start), else one BroadcastChannel.
   */
  static forRoom(doc: Y.Doc, room: string): BroadcastProvider {
    const channel = () => new BroadcastChannel(`bizsite-yjs:${room}`);
    if (typeof SharedWorker === 'undefined') return new BroadcastProvider(doc, channel());
    const provider = new BroadcastProvider(doc);
    let worker: SharedWorker;
    try {
      worker = new SharedWorker(TAB_BROKER_PATH, { name: TAB_BROKER_NAME });
    } catch {
      provider.addChannel(channel());
      return provider;
    }
    worker.addEventListener('error', () => {
      if (provider.broker) provider.addChannel(channel());
    });
    provider.connectBroker(worker.port, room);
    // A closing tab says goodbye (the browser does not tell the other tabs that a port's tab is gone), so the
    // others stop posting to it and the broker stops introducing it. A page kept in the back/forward cache stays.
    const onPageHide = (event: PageTransitionEvent) => {
      if (!event.persisted) provider.destroy();
    };
    window.addEventListener('pagehide', onPageHide);
    provider.onDestroy = () => window.removeEventListener('pagehide', onPageHide);
    return provider;
  }

  /** How many links this tab has: one per other tab through the broker (a BroadcastChannel counts one). */
  get linkCount(): number {
    return this.links.size;
  }

  /** Joins a room at the tab broker: each tab in it, now or later, becomes a direct link. */
  connectBroker(connection: BrokerLike, room: string): void {
    this.broker = { connection, room };
    connection.addEventListener('message', (event: MessageEvent) => {
      const notice = event.data as TabBrokerNotice;
      if (this.broker?.connection === connection && notice?.kind === 'peer' && notice.room === room)
        this.addPeer(notice.port);
    });
    connection.start?.();
    connection.postMessage({ kind: 'join', room });
  }

  /** A direct link to one other tab: each side asks the other for what it misses. */
  addPeer(port: ChannelLike): void {
    this.listen(port, true);
    this.requestSync(port, false);
  }

  /** A BroadcastChannel to every other tab of the room. */
  private addChannel(channel: ChannelLike): void {
    this.listen(channel, false);
    this.requestSync(channel, true);
  }

  private listen(link: ChannelLike, direct: boolean): void {
    const onMessage = (event: MessageEvent) => this.receive(link, event.data as Message);
    this.links.set(link, { onMessage, direct });
    link.addEventListener('message', onMessage);
    link.start?.();
  }

  private requestSync(link: ChannelLike, reply: boolean): void {
    link.postMessage({
      kind: 'sync-request',
      stateVector: Y.encodeStateVector(this.doc),
      reply,
    } satisfies Message);
  }

  private receive(link: ChannelLike, message: Message): void {
    switch (message.kind) {
      case 'update':
      case 'sync-answer':
        Y.applyUpdate(this.doc, message.update, this);
        return;
      case 'sync-request':
        link.postMessage({
          kind: 'sync-answer',
          update: Y.encodeStateAsUpdate(this.doc, message.stateVector),
        } satisfies Message);
        if (message.reply) this.requestSync(link, false);
        return;
      case 'bye':
        if (this.links.get(link)?.direct) this.drop(link);
        return;
    }
  }

  private drop(link: ChannelLike): void {
    const entry = this.links.get(link);
    if (!entry) return;
    this.links.delete(link);
    link.removeEventListener('message', entry.onMessage);
    link.close();
  }

  destroy(): void {
    this.onDestroy();
    this.doc.off('beforeObserverCalls', this.onChanges);
    if (this.broker) {
      this.broker.connection.postMessage({ kind: 'leave', room: this.broker.room });
      this.broker.connection.close();
      this.broker = null;
    }
    for (const [link, { direct }] of [...this.links]) {
      // A direct link says goodbye, so the other tab drops its end.
      if (direct) link.postMessage({ kind: 'bye' } satisfies Message);
      this.drop(link);
    }
  }
}
