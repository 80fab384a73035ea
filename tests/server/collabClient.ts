// A builder document connected to the sync server the way the app connects it (SiteCollab over `ws`), with
// waits on protocol events only: authenticated, acknowledged, stored. No test here waits on a clock.
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { afterEach, beforeAll, expect } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { type CollabSnapshot, SiteCollab } from '../../src/canvas/collab.ts';
import { insertElement, updateElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc, edit, readElement, type SiteDoc } from '../../src/canvas/siteDoc.ts';
import type { Session, TestContext } from './harness.ts';

// `ws` emits an 'error' event when a socket still connecting is closed, and the provider removes its listeners
// before closing: without one of its own, that event would be an uncaught exception (a browser's WebSocket
// only fires a harmless event there).
class NodeWebSocket extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('error', () => {});
  }
}

export type CollabClient = {
  site: SiteDoc;
  collab: SiteCollab;
  provider(): HocuspocusProvider;
  /** Resolves with the granted scope once the server accepted the token. */
  authenticated(): Promise<'readonly' | 'read-write'>;
  /** Resolves with the server's reason once it refused the connection. */
  refused(): Promise<string>;
  /** Resolves once the server has acknowledged every update sent so far (applied in its memory). */
  acknowledged(): Promise<void>;
  /** Resolves once a snapshot change satisfies `predicate`. */
  until(predicate: (snapshot: CollabSnapshot) => boolean): Promise<void>;
  /** Counts the server's sync statuses: updates applied, and refused (read-only). */
  statuses: { applied: number; refused: number };
  /** Resolves once the server has refused `count` updates in total. */
  refusedUpdates(count: number): Promise<void>;
  reconnect(): void;
  close(): void;
};

export const wsUrl = (ctx: TestContext | { port: number }) =>
  `ws://127.0.0.1:${'port' in ctx ? ctx.port : (ctx.app.server.address() as { port: number }).port}/api/collab`;

/** Connects a fresh (or the given) site document to `site-<websiteId>` as the bearer of `token`. */
export function openClient(
  url: string,
  websiteId: number,
  token: string | null,
  user: { id: string; name: string } = { id: 'me', name: 'Me' },
  site: SiteDoc = createSiteDoc(),
  /** The page whose events (pagehide, online, offline) the client hears; Node has no window. */
  page?: EventTarget,
): CollabClient {
  const collab = new SiteCollab(site, {
    url,
    token: () => token,
    user,
    WebSocketPolyfill: NodeWebSocket,
    page,
  });
  const room = `site-${websiteId}`;
  const statuses = { applied: 0, refused: 0 };
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let scope: 'readonly' | 'read-write' | null = null;
  let refusal: string | null = null;

  const wait = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!done()) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });

  const attach = () => {
    collab.connect(room);
    const provider = collab.connection as HocuspocusProvider;
    provider.on('authenticated', ({ scope: granted }: { scope: 'readonly' | 'read-write' }) => {
      scope = granted;
      notify();
    });
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => {
      refusal = reason;
      notify();
    });
    provider.on('unsyncedChanges', notify);
    provider.on('synced', notify);
    provider.on('message', ({ event }: { event: MessageEvent }) => {
      // [document name][type 8: SyncStatus][1 applied | 0 refused]
      const bytes = new Uint8Array(event.data as ArrayBuffer);
      const nameLength = bytes[0];
      if (bytes[1 + nameLength] === 8) {
        if (bytes[2 + nameLength] === 1) statuses.applied += 1;
        else statuses.refused += 1;
        notify();
      }
    });
  };
  attach();
  collab.subscribe(notify);
  site.doc.on('update', notify);

  return {
    site,
    collab,
    provider: () => collab.connection as HocuspocusProvider,
    statuses,
    authenticated: async () => {
      await wait(() => scope !== null);
      return scope as 'readonly' | 'read-write';
    },
    refused: async () => {
      await wait(() => refusal !== null);
      return refusal as string;
    },
    acknowledged: () =>
      wait(() => {
        const provider = collab.connection;
        return Boolean(provider?.isSynced && provider.unsyncedChanges === 0);
      }),
    until: (predicate) => wait(() => predicate(collab.getSnapshot())),
    refusedUpdates: (count) => wait(() => statuses.refused >= count),
    reconnect: () => {
      scope = null;
      attach();
    },
    close: () => collab.disconnect(),
  };
}

/** A site with a Home page, as the builder seeds it (not an undoable edit). */
export function seededSite(): SiteDoc {
  const site = createSiteDoc();
  site.doc.transact(
    () => addPage(site, { id: 'home', name: 'Home', path: 'home', isHomePage: true }),
    'seed',
  );
  return site;
}

/** Adds a text element to Home as a local, undoable edit; returns its id. */
export function addText(site: SiteDoc, content: string): string {
  let id = '';
  edit(site, () => {
    id = insertElement(site, { type: 'text', props: { content } }, { pageId: 'home', parentId: null });
  });
  return id;
}

export function setText(site: SiteDoc, id: string, content: string): void {
  edit(site, () => updateElement(site, id, { content }));
}

/** The text contents of a document's elements, sorted (what every replica must agree on). */
export function texts(doc: Y.Doc): string[] {
  const site = createSiteDoc(doc);
  return [...site.elements.values()].map((map) => String(readElement(map).props.content ?? '')).sort();
}

/** A stored base64 state as a document. */
export function docOf(base64: string): Y.Doc {
  const doc = new Y.Doc();
  if (base64) Y.applyUpdate(doc, new Uint8Array(Buffer.from(base64, 'base64')));
  return doc;
}

/** A document's whole state as the save API takes it (base64). */
export const stateBase64 = (doc: Y.Doc) => Buffer.from(Y.encodeStateAsUpdate(doc)).toString('base64');

/** Saves a new site of the owner's account with this document; its id. */
export async function createSite(
  ctx: TestContext,
  owner: Session,
  doc: Y.Doc = seededSite().doc,
  name = 'Co-edited',
): Promise<number> {
  const saved = await ctx.call('POST', '/api/website/save', {
    token: owner.token,
    body: { name, yjsState: stateBase64(doc) },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<{ id: number }>().id;
}

/** A new user added to the owner's account with this role. */
export async function addMember(
  ctx: TestContext,
  owner: Session,
  roleName: 'User' | 'Viewer',
): Promise<Session> {
  const member = await ctx.register({ name: `${roleName} member` });
  const added = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
    token: owner.token,
    body: { email: member.email, roleName },
  });
  expect(added.statusCode, added.body).toBe(200);
  return member;
}

/** The document the database holds for a site (base64). */
export const storedState = async (ctx: TestContext, id: number) =>
  (await ctx.db.one<{ yjs_state: string }>('select yjs_state from websites where id = $1', [id]))
    ?.yjs_state ?? '';

/**
 * For a describe block of co-editing tests: the app listens on a free port, and every client opened with the
 * returned `open` is closed after each test.
 */
export function collabClients(ctx: TestContext): typeof openClient {
  const clients: CollabClient[] = [];
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  return (...args) => {
    const client = openClient(...args);
    clients.push(client);
    return client;
  };
}
