import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type Document, Hocuspocus } from '@hocuspocus/server';
import { type WebSocket, WebSocketServer } from 'ws';
import * as Y from 'yjs';
import { createSiteDoc } from '../../src/canvas/siteDoc.ts';
import { restoreInto } from '../../src/canvas/versions.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/types.ts';
import { COLLAB_PATH, type CollabContext, createCollabAuth, isRefusal } from './collabAuth.ts';
import { createCollabDocs, type SiteRef } from './collabDocs.ts';
import { createSharedRedis, redisPrefix } from './sharedRedis.ts';

type Log = {
  warn: (data: object, message: string) => void;
  error: (data: object, message: string) => void;
};

export type CollabOptions = {
  db: Db;
  tokens: TokenService;
  log: Log;
  /** REDIS_URL: documents are shared with the other server processes through Redis; null: this process only. */
  redisUrl?: string | null;
  /** What the processes sharing documents have in common: their database (DATABASE_URL, or DATA_DIR). */
  database?: string;
  /** Quiet time after the last edit before a document is stored, and the longest it may wait under edits. */
  debounceMs?: number;
  maxDebounceMs?: number;
};

export type Collab = {
  hocuspocus: Hocuspocus<CollabContext>;
  /** The `upgrade` listener of the HTTP server: takes COLLAB_PATH, refuses every other path. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /**
   * Merges a Yjs update into a website's document (an HTTP save): into the live document, which passes it to
   * every connected editor, and into the stored state, before it resolves. Never overwrites.
   */
  mergeUpdate(site: SiteRef, update: Uint8Array): Promise<void>;
  /** The whole state of a website's live document (loaded from storage when no one has it open). Writes nothing. */
  readState(site: SiteRef): Promise<Uint8Array>;
  /**
   * Makes a website's live document equal to `state` (a version) as one transaction, which every connected
   * editor receives as one update and which merges with their concurrent edits; stored before it resolves.
   */
  restoreState(site: SiteRef, state: Uint8Array): Promise<void>;
  /** Refuses new connections and closes the open ones (their edits stay in memory until `close`). */
  stopAccepting(): void;
  /**
   * Destroys the sockets still open after `stopAccepting`: a peer that never answers the close frame (a frozen
   * tab, a dead network) would otherwise hold the HTTP server open for ws's 30 s close timeout.
   */
  dropConnections(): void;
  /** Stores every open document, then lets go of everything; nothing touches the database afterwards. */
  close(): Promise<void>;
};

const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
const documentName = (websiteId: number) => `site-${websiteId}`;

// A direct connection of the server itself (an HTTP save): already authorised by its route.
type ServerContext = CollabContext & { site: SiteRef };

/** The builder's document sync: Hocuspocus on the app's own HTTP server, persisting to the website rows. */
export function createCollab({
  db,
  tokens,
  log,
  redisUrl = null,
  database = '',
  debounceMs = 2000,
  maxDebounceMs = 10_000,
}: CollabOptions): Collab {
  const auth = createCollabAuth(db, tokens);
  const docs = createCollabDocs(db, log);
  const redis = redisUrl ? createSharedRedis(redisUrl, redisPrefix(database), log) : null;
  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  let accepting = true;

  const siteOf = (context: CollabContext & { site?: SiteRef }): SiteRef | null =>
    context.site ??
    (context.user ? { accountId: context.user.accountId, websiteId: context.user.websiteId } : null);

  const hocuspocus = new Hocuspocus<CollabContext>({
    name: 'bizsite-collab',
    quiet: true,
    debounce: debounceMs,
    maxDebounce: maxDebounceMs,
    extensions: redis ? [redis] : [],
    onAuthenticate: async ({ token, documentName: name, context, connectionConfig }) => {
      const user = await auth.authenticate(token, name, context.ip);
      // Members whose role may not edit websites follow the document but cannot change it.
      connectionConfig.readOnly = !user.canEdit;
      return { user };
    },
    onLoadDocument: async ({ document, context }) => {
      const site = siteOf(context);
      if (!site) throw new Error('a document was opened without an authorised connection');
      await docs.load(document, site);
    },
    // A client learns at once what is stored, so it can tell whether its offline edits still need the server.
    connected: async ({ connection }) => {
      const message = docs.storedMessage(connection.document);
      if (message) connection.sendStateless(message);
    },
    onStoreDocument: async ({ document, instance }) => {
      // A deleted website: its editors are let go; there is nothing left to store into.
      if (!(await docs.store(document))) instance.closeConnections(document.name);
    },
    // Logout, a password change, a removal or a new role apply to open connections too, like to HTTP requests.
    beforeHandleMessage: async ({ context, connection }) => {
      if (!context.user) return;
      try {
        context.user = await auth.recheck(context.user);
      } catch (error) {
        // A refusal closes the whole socket: the client reconnects, authenticates again and hears why.
        if (isRefusal(error)) connection.webSocket.close(error.code, error.reason);
        throw error;
      }
      connection.readOnly = !context.user.canEdit;
    },
    // Presence names come from the token's user, never from what a client claims.
    beforeHandleAwareness: async ({ context, states }) => {
      const user = context?.user;
      if (!user) return;
      for (const state of states.values()) state.user = { id: String(user.userId), name: user.name };
    },
  });

  const accept = (request: IncomingMessage, ws: WebSocket) => {
    sockets.add(ws);
    const connection = hocuspocus.handleConnection(ws, toFetchRequest(request), {
      ip: request.socket.remoteAddress ?? null,
    });
    ws.on('message', (data, isBinary) => {
      if (!isBinary) return ws.close(1003, 'binary messages only');
      // A Buffer (ws's default binary type) is used as it is; fragments are joined.
      const bytes = Array.isArray(data)
        ? Buffer.concat(data)
        : data instanceof ArrayBuffer
          ? Buffer.from(data)
          : data;
      connection.handleMessage(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
    ws.on('error', (error) => log.warn({ err: error }, 'collab: socket error'));
    ws.on('close', (code, reason) => {
      sockets.delete(ws);
      connection.handleClose({ code, reason: reason.toString() });
    });
  };

  const storeNow = (document: Document) => document.saveMutex.runExclusive(() => docs.store(document));

  return {
    hocuspocus,

    handleUpgrade: (request, socket, head) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== COLLAB_PATH || !accepting) {
        socket.end(
          `HTTP/1.1 ${accepting ? '404 Not Found' : '503 Service Unavailable'}\r\nConnection: close\r\n\r\n`,
        );
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => accept(request, ws));
    },

    mergeUpdate: async (site, update) => {
      const context: ServerContext = { ip: null, site };
      const direct = await hocuspocus.openDirectConnection(documentName(site.websiteId), context);
      try {
        await direct.transact((document) => Y.applyUpdate(document, update));
        if (direct.document) await storeNow(direct.document);
      } finally {
        // Stays loaded until the debounced store, so saves in a row share one load.
        await direct.disconnect({ unloadImmediately: false });
      }
    },

    readState: async (site) => {
      const context: ServerContext = { ip: null, site };
      const direct = await hocuspocus.openDirectConnection(documentName(site.websiteId), context);
      try {
        if (!direct.document) throw new Error('the document closed while it was read');
        return Y.encodeStateAsUpdate(direct.document);
      } finally {
        await direct.disconnect({ unloadImmediately: false });
      }
    },

    restoreState: async (site, state) => {
      const target = createSiteDoc(new Y.Doc());
      Y.applyUpdate(target.doc, state);
      const context: ServerContext = { ip: null, site };
      const direct = await hocuspocus.openDirectConnection(documentName(site.websiteId), context);
      try {
        await direct.transact((document) => restoreInto(createSiteDoc(document), target));
        if (direct.document) await storeNow(direct.document);
      } finally {
        await direct.disconnect({ unloadImmediately: false });
      }
    },

    stopAccepting: () => {
      accepting = false;
      hocuspocus.closeConnections();
      for (const ws of sockets) ws.close(1001, 'server shutting down');
    },

    dropConnections: () => {
      for (const ws of sockets) ws.terminate();
    },

    close: async () => {
      accepting = false;
      hocuspocus.closeConnections();
      const open = [...hocuspocus.documents.values()].filter((document) => !document.isLoading);
      const results = await Promise.allSettled(open.map(storeNow));
      for (const result of results) {
        if (result.status === 'rejected') log.error({ err: result.reason }, 'collab: final store failed');
      }
      docs.stop();
      // Pending debounced stores run now and find nothing to do; no timer outlives the database.
      hocuspocus.flushPendingStores();
      for (const ws of sockets) ws.terminate();
      wss.close();
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
    },
  };
}

// Hocuspocus reads headers and query parameters from a Fetch Request; nothing else of the upgrade is needed.
function toFetchRequest(request: IncomingMessage): Request {
  const headers = new Headers();
  const agent = request.headers['user-agent'];
  if (agent) headers.set('user-agent', agent);
  return new Request(new URL(request.url ?? '/', 'http://localhost'), { headers });
}
