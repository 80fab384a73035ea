import * as Y from 'yjs';
import { encodeTransactionUpdate } from './transactionUpdate.ts';

type Message =
  | { kind: 'update'; update: Uint8Array }
  | { kind: 'sync-request'; stateVector: Uint8Array; reply: boolean }
  | { kind: 'sync-answer'; update: Uint8Array };

/** The minimal BroadcastChannel surface, so tests can pass an in-memory pair. */
export type ChannelLike = {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
};

/** Whether a transaction's origin is another tab: its update arrived on the tab channel. */
export function isOtherTab(origin: unknown): boolean {
  return origin instanceof BroadcastProvider;
}

/**
 * Live sync between tabs of one browser: every transaction's update is posted on the channel (before its
 * observers run: see `encodeTransactionUpdate`); on join a
 * tab sends its state vector and each peer answers with the diff (and its own vector, once, so the
 * newcomer's edits reach it too).
 */
export class BroadcastProvider {
  readonly doc: Y.Doc;
  private readonly channel: ChannelLike;
  // A transaction's update is posted as soon as its changes are made, before its observers run: in the tab that
  // made an edit, the other tabs receive it before this tab's store, undo manager and save status see it (and
  // before Yjs merges structs and encodes the same update for the `update` event's listeners).
  private readonly onChanges = (transaction: Y.Transaction) => {
    if (transaction.origin === this) return;
    const update = encodeTransactionUpdate(transaction);
    if (update) this.channel.postMessage({ kind: 'update', update } satisfies Message);
  };
  private readonly onMessage = (event: MessageEvent) => this.receive(event.data as Message);

  constructor(doc: Y.Doc, channel: ChannelLike) {
    this.doc = doc;
    this.channel = channel;
    doc.on('beforeObserverCalls', this.onChanges);
    channel.addEventListener('message', this.onMessage);
    this.requestSync(true);
  }

  /** Opens the channel of a room by name. */
  static forRoom(doc: Y.Doc, room: string): BroadcastProvider {
    return new BroadcastProvider(doc, new BroadcastChannel(`bizsite-yjs:${room}`));
  }

  private requestSync(reply: boolean): void {
    this.channel.postMessage({
      kind: 'sync-request',
      stateVector: Y.encodeStateVector(this.doc),
      reply,
    } satisfies Message);
  }

  private receive(message: Message): void {
    switch (message.kind) {
      case 'update':
      case 'sync-answer':
        Y.applyUpdate(this.doc, message.update, this);
        return;
      case 'sync-request':
        this.channel.postMessage({
          kind: 'sync-answer',
          update: Y.encodeStateAsUpdate(this.doc, message.stateVector),
        } satisfies Message);
        if (message.reply) this.requestSync(false);
        return;
    }
  }

  destroy(): void {
    this.doc.off('beforeObserverCalls', this.onChanges);
    this.channel.removeEventListener('message', this.onMessage);
    this.channel.close();
  }
}
