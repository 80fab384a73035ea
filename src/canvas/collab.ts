import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { WEBSITE_NOT_FOUND } from '../contracts/website.ts';
import { afterPaint } from './afterPaint.ts';
import { isOtherTab } from './broadcastProvider.ts';
import {
  addPending,
  emptyPending,
  isEmpty,
  type PendingChanges,
  pendingOf,
  prunePending,
  readStoredMessage,
} from './collabAck.ts';
import { collabUrl } from './collabEndpoint.ts';
import { SEED_ORIGIN, SERVER_ORIGIN, type SiteDoc } from './siteDoc.ts';

/**
 * Where the editing is: local only (a draft), connecting, live with the server, offline, refused (this session
 * may not sync it), or gone (the site was deleted, e.g. in another tab or browser).
 */
export type CollabStatus = 'local' | 'connecting' | 'online' | 'offline' | 'refused' | 'gone';

/** What this editor has selected, as the others see it. */
export type PresenceSelection = { pageId: string; elementId: string };

/** Another person in the site (each person once: with several tabs open, the one every screen picks alike). */
export type Peer = {
  clientId: number;
  userId: string;
  name: string;
  color: string;
  selection: PresenceSelection | null;
};

export type CollabSnapshot = {
  status: CollabStatus;
  /** The server lets this person follow the site but not change it (their account role). */
  readOnly: boolean;
  peers: readonly Peer[];
  /**
   * Every change made on this device (and what it held when it connected) is in the server's database,
   * acknowledged by the server's stored snapshot; changes received from the server never count against it.
   */
  saved: boolean;
};

/** How to reach the sync server, injected by the app (the token is read per connection, never stored here). */
export type CollabRemote = {
  /** The sync server's WebSocket address; absent: this page's origin's (`collabEndpoint.ts`). */
  url?: string;
  token: () => string | null;
  user: { id: string; name: string };
  /** Node (tests): a WebSocket implementation such as `ws`. */
  WebSocketPolyfill?: unknown;
  /** Where the page's `online`, `offline` and `pagehide` events come from: `window` in a browser (the default). */
  page?: EventTarget;
};

type AwarenessState = { user?: { id?: unknown; name?: unknown }; selection?: PresenceSelection | null };

/** How long local updates are batched before they go to the server (the provider's `flushDelay`; 0 disables it). */
export const SEND_BATCH_MS = 1;
/** The origin of other tabs' updates this tab sends on to the server (never one of this tab's own). */
const OTHER_TABS_RELAY = Symbol('other-tabs-relay');

const LOCAL: CollabSnapshot = { status: 'local', readOnly: false, peers: [], saved: false };

/** A colour of its own per person, the same on every screen (derived from the user id). */
export function colorFor(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return `hsl(${Math.round((hash * 137.508) % 360)} 70% 40%)`;
}

/**
 * Live co-editing of one site with the server (Hocuspocus): the document syncs over a WebSocket that
 * authenticates with the session token in-band, presence (who is here, what they selected) travels as
 * awareness, and the status the builder shows. Connects only once the site has a room on the server.
 * Updates the provider applies carry the provider as origin, so the undo manager never tracks them.
 */
export class SiteCollab {
  private readonly doc: Y.Doc;
  private readonly remote: CollabRemote;
  private socket: HocuspocusProviderWebsocket | null = null;
  private provider: HocuspocusProvider | null = null;
  private snapshot: CollabSnapshot = LOCAL;
  private selection: PresenceSelection | null = null;
  private readonly listeners = new Set<() => void>();
  // The browser says it is offline: so does the status, whatever the connection was doing (one still being made
  // reports nothing when it is dropped, and would read as connecting for ever).
  private readonly onOffline = () => {
    this.socket?.disconnect();
    this.set({ status: 'offline' });
  };
  private readonly onOnline = () => void this.socket?.connect();
  // A closing tab sends what the send batch still holds (the provider's own page-hide handler, which runs
  // first, queues the removal of this editor's presence into the same batch), other tabs' updates waiting for
  // the relay first.
  private readonly onPageHide = () => {
    this.flushRelay();
    this.provider?.flushPendingUpdates();
  };
  // What this device still needs the server to store: every insertion and deletion made here (edits, the
  // local copy loaded from IndexedDB, other tabs), never what came from the server. So changes made by others
  // or by the server itself (a restore, an HTTP save) cannot leave the status waiting for an acknowledgement
  // that concerns nobody here.
  private pending: PendingChanges = emptyPending();
  private stopRelay: () => void = () => {};
  private flushRelay: () => void = () => {};
  // Every change not received from the server is pending until a stored snapshot covers it. The server's stored
  // state fetched over HTTP, and a seed derived from it, are the server's already (a Viewer's seed could never
  // be stored, and would leave the status waiting).
  private readonly onTransaction = (transaction: Y.Transaction) => {
    if (transaction.origin === this.provider && this.provider !== null) return;
    if (transaction.origin === SERVER_ORIGIN || transaction.origin === SEED_ORIGIN) return;
    if (addPending(this.pending, transaction)) this.set({ saved: false });
  };

  private page(): EventTarget | null {
    return this.remote.page ?? (typeof window === 'undefined' ? null : window);
  }

  constructor(site: SiteDoc, remote: CollabRemote) {
    this.doc = site.doc;
    this.remote = remote;
  }

  /** Starts syncing `room` (`site-<id>`) with the server; a previous room is left first. */
  connect(room: string): void {
    this.disconnect();
    const socket = new HocuspocusProviderWebsocket({
      url: this.remote.url ?? collabUrl(window.location),
      // Retries soon after a network loss, backing off to 5 s (the browser's 'online' event reconnects at once).
      // The retry library refuses a delay below minDelay: keep minDelay <= delay.
      delay: 1000,
      minDelay: 500,
      maxDelay: 5000,
      ...(this.remote.WebSocketPolyfill ? { WebSocketPolyfill: this.remote.WebSocketPolyfill } : {}),
    });
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: room,
      document: this.doc,
      // A keystroke's update goes to the server in a task of its own right after the keystroke's (1 ms later),
      // not inside it: the keystroke's frame does not wait for the send, and the updates of one task go as one
      // message. Nothing is lost on the way: the batch is sent when the page is hidden (a tab closing) and when
      // the site is closed, and `saved` waits for the server's stored snapshot either way.
      flushDelay: SEND_BATCH_MS,
      token: () => this.remote.token() ?? '',
      onStatus: ({ status }) => {
        if (status === 'connected') return;
        this.set({ status: status === 'connecting' ? 'connecting' : 'offline' });
      },
      onAuthenticated: ({ scope }) => this.set({ status: 'online', readOnly: scope === 'readonly' }),
      onAuthenticationFailed: ({ reason }) =>
        this.set({ status: reason === WEBSITE_NOT_FOUND ? 'gone' : 'refused' }),
      onAwarenessChange: () => {
        const peers = this.readPeers();
        if (JSON.stringify(peers) !== JSON.stringify(this.snapshot.peers)) this.set({ peers });
      },
      onStateless: ({ payload }) => {
        const stored = readStoredMessage(payload);
        if (!stored) return;
        prunePending(this.pending, stored);
        this.set({ saved: isEmpty(this.pending) });
      },
    });
    provider.attach();
    this.relayOtherTabsLater(provider);
    provider.awareness?.setLocalState({ user: this.remote.user, selection: this.selection });
    this.socket = socket;
    this.provider = provider;
    // Whatever the document holds as it connects waits for the server's word that it is stored.
    this.pending = pendingOf(Y.snapshot(this.doc));
    this.doc.on('afterTransaction', this.onTransaction);
    const page = this.page();
    page?.addEventListener('offline', this.onOffline);
    page?.addEventListener('online', this.onOnline);
    page?.addEventListener('pagehide', this.onPageHide);
    this.set({ status: 'connecting', saved: isEmpty(this.pending) });
  }

  /**
   * Another tab's update (applied here from the tab channel) is also sent to the server from this tab, in case
   * that tab is not connected, but after this tab's frame: the tab that made the edit sends it at once, and this
   * tab shows it first. Updates waiting are merged into one message, and sent before any update of this tab,
   * so the server receives them in the order they were applied here.
   */
  private relayOtherTabsLater(provider: HocuspocusProvider): void {
    const send = provider.boundDocumentUpdateHandler;
    let waiting: Uint8Array[] = [];
    const flush = () => {
      if (waiting.length === 0) return;
      const updates = waiting;
      waiting = [];
      send(updates.length === 1 ? updates[0] : Y.mergeUpdates(updates), OTHER_TABS_RELAY);
    };
    const onUpdate = (update: Uint8Array, origin: unknown) => {
      if (isOtherTab(origin)) {
        waiting.push(update);
        if (waiting.length === 1)
          afterPaint(() => {
            if (this.provider === provider) flush();
          });
        return;
      }
      flush();
      send(update, origin);
    };
    this.doc.off('update', send);
    this.doc.on('update', onUpdate);
    this.flushRelay = flush;
    this.stopRelay = () => {
      this.doc.off('update', onUpdate);
      flush();
    };
  }

  /** Tells the others what this editor has selected (null: nothing). */
  setSelection(selection: PresenceSelection | null): void {
    this.selection = selection;
    this.provider?.awareness?.setLocalStateField('selection', selection);
  }

  /** Stops syncing; the document stays as it is (IndexedDB keeps it). */
  disconnect(): void {
    if (!this.provider) return;
    this.stopRelay();
    this.doc.off('afterTransaction', this.onTransaction);
    const page = this.page();
    page?.removeEventListener('offline', this.onOffline);
    page?.removeEventListener('online', this.onOnline);
    page?.removeEventListener('pagehide', this.onPageHide);
    // Sends what the batch holds, then stops.
    this.provider.destroy();
    this.socket?.destroy();
    this.provider = null;
    this.socket = null;
    this.pending = emptyPending();
    this.set(LOCAL);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The current state (the same object until something changes). */
  getSnapshot = (): CollabSnapshot => this.snapshot;

  /** The provider, for tests that drive the sync by hand. */
  get connection(): HocuspocusProvider | null {
    return this.provider;
  }

  private set(change: Partial<CollabSnapshot>): void {
    const next = { ...this.snapshot, ...change };
    if ((Object.keys(change) as (keyof CollabSnapshot)[]).every((key) => next[key] === this.snapshot[key]))
      return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }

  private readPeers(): Peer[] {
    const awareness = this.provider?.awareness;
    if (!awareness) return [];
    const byUser = new Map<string, Peer>();
    for (const [clientId, state] of awareness.getStates() as Map<number, AwarenessState>) {
      const id = state.user?.id;
      if (clientId === awareness.clientID || typeof id !== 'string' || id === this.remote.user.id) continue;
      const name = typeof state.user?.name === 'string' ? state.user.name : 'Someone';
      const previous = byUser.get(id);
      // One entry per person; of several tabs, the highest client id, so every screen shows the same one.
      if (previous && previous.clientId > clientId) continue;
      byUser.set(id, { clientId, userId: id, name, color: colorFor(id), selection: state.selection ?? null });
    }
    return [...byUser.values()].sort(
      (a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId),
    );
  }
}
