import { expect, it } from 'vitest';
import * as Y from 'yjs';
import { buildApp } from '../../server/app.ts';
import { isStoredIn, readStoredMessage } from '../../src/canvas/collabAck.ts';
import {
  addMember,
  addText,
  collabClients,
  createSite,
  docOf,
  seededSite,
  setText,
  stateBase64,
  storedState,
  texts,
  wsUrl,
} from './collabClient.ts';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase(
  'co-editing through /api/collab',
  (ctx) => {
    const open = collabClients(ctx);

    it('refuses a connection without a token, with a bad or revoked one, to a foreign or unknown site', async () => {
      const owner = await ctx.register();
      const stranger = await ctx.register();
      const id = await createSite(ctx, owner);
      const revoked = await addMember(ctx, owner, 'User');
      expect((await ctx.call('POST', '/api/auth/logout', { token: revoked.token })).statusCode).toBe(204);

      expect(await open(wsUrl(ctx), id, null).refused()).toBe('Session expired');
      expect(await open(wsUrl(ctx), id, 'not.a.token').refused()).toBe('Session expired');
      expect(await open(wsUrl(ctx), id, revoked.token).refused()).toBe('Session expired');
      expect(await open(wsUrl(ctx), id, stranger.token).refused()).toBe(
        'You do not have access to this account',
      );
      expect(await open(wsUrl(ctx), 999_999, owner.token).refused()).toBe('Website not found');
      // The refusals by membership are in the activity log, like refused HTTP requests.
      const denied = await ctx.db.one<{ details: Record<string, string> }>(
        "select details from activity_logs where type = 'access.denied' and user_id = $1",
        [stranger.userId],
      );
      expect(denied?.details).toEqual({
        method: 'WS',
        path: '/api/collab',
        reason: 'You do not have access to this account',
      });
      expect(ctx.app.collab.hocuspocus.documents.has(`site-${id}`)).toBe(false);
    });

    it('syncs edits and presence between two members; names come from the token, not the client', async () => {
      const owner = await ctx.register({ name: 'Olivia Owner' });
      const colleague = await addMember(ctx, owner, 'User');
      const id = await createSite(ctx, owner);
      const a = open(wsUrl(ctx), id, owner.token, { id: String(owner.userId), name: 'Olivia Owner' });
      const b = open(wsUrl(ctx), id, colleague.token, {
        id: String(colleague.userId),
        name: 'Mallory (fake)',
      });
      expect(await a.authenticated()).toBe('read-write');
      expect(await b.authenticated()).toBe('read-write');
      await Promise.all([a.acknowledged(), b.acknowledged()]);
      expect(a.site.pages.has('home')).toBe(true);

      const fromA = addText(a.site, 'Fresh bread daily');
      await a.acknowledged();
      await b.until(() => b.site.elements.has(fromA));
      expect(texts(b.site.doc)).toEqual(['Fresh bread daily']);

      b.collab.setSelection({ pageId: 'home', elementId: fromA });
      await a.until((s) => s.peers.some((peer) => peer.selection?.elementId === fromA));
      const [peer] = a.collab.getSnapshot().peers;
      expect(peer).toMatchObject({ userId: String(colleague.userId), name: 'User member' });
      expect(peer.color).toMatch(/^hsl\(/);
      // An editor does not list themself.
      await b.until((s) => s.peers.length === 1);
      expect(b.collab.getSnapshot().peers.map((p) => p.name)).toEqual(['Olivia Owner']);
    });

    it('a Viewer follows the site read-only: its edits never reach the server document', async () => {
      const owner = await ctx.register();
      const viewer = await addMember(ctx, owner, 'Viewer');
      const id = await createSite(ctx, owner);
      const editor = open(wsUrl(ctx), id, owner.token);
      const reader = open(wsUrl(ctx), id, viewer.token, { id: String(viewer.userId), name: 'V' });
      expect(await reader.authenticated()).toBe('readonly');
      await reader.until((s) => s.readOnly);
      await Promise.all([editor.acknowledged(), reader.until(() => reader.site.pages.has('home'))]);

      addText(reader.site, 'Viewer vandalism');
      await reader.refusedUpdates(1);
      const fromEditor = addText(editor.site, 'Owner text');
      await editor.acknowledged();
      await reader.until(() => reader.site.elements.has(fromEditor));
      const live = ctx.app.collab.hocuspocus.documents.get(`site-${id}`);
      expect(texts(live as Y.Doc)).toEqual(['Owner text']);
      expect(texts(editor.site.doc)).toEqual(['Owner text']);
    });

    it('a reconnect is authorised anew once a role changed: a member made Viewer comes back read-only', async () => {
      const owner = await ctx.register();
      const member = await addMember(ctx, owner, 'User');
      const id = await createSite(ctx, owner);
      const user = { id: String(member.userId), name: 'M' };
      const first = open(wsUrl(ctx), id, member.token, user);
      expect(await first.authenticated()).toBe('read-write');
      first.close();
      // The same token again, nothing changed: still allowed to edit.
      const again = open(wsUrl(ctx), id, member.token, user, first.site);
      expect(await again.authenticated()).toBe('read-write');
      again.close();
      const changed = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/${member.userId}`, {
        token: owner.token,
        body: { roleName: 'Viewer' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const back = open(wsUrl(ctx), id, member.token, user, first.site);
      expect(await back.authenticated()).toBe('readonly');
    });

    it('stores edits after the debounce and tells every client what is stored', async () => {
      const owner = await ctx.register();
      const id = await createSite(ctx, owner);
      const a = open(wsUrl(ctx), id, owner.token);
      await a.acknowledged();
      const element = addText(a.site, 'Stored soon');
      setText(a.site, element, 'Stored for sure');
      await a.until((s) => s.saved);
      expect(texts(docOf(await storedState(ctx, id)))).toEqual(['Stored for sure']);
      // Acknowledged means stored: the stored snapshot covers the client's whole document.
      const stored = docOf(await storedState(ctx, id));
      expect(isStoredIn(a.site.doc, Y.snapshot(stored))).toBe(true);
      expect(readStoredMessage('{"type":"other"}')).toBeNull();
    });

    it('a keystroke is sent after its task, the updates of one task as one message; a page hiding sends at once', async () => {
      const owner = await ctx.register();
      const id = await createSite(ctx, owner);
      const a = open(wsUrl(ctx), id, owner.token);
      await a.acknowledged();
      const sent: string[] = [];
      a.provider().on('outgoingMessage', ({ message }: { message: { description?: string } }) => {
        if (message.description === 'A document update') sent.push(message.description);
      });
      const element = addText(a.site, 'H');
      setText(a.site, element, 'He');
      // Nothing goes out inside the editing task (the keystroke's frame does not wait for the socket)…
      expect(sent).toEqual([]);
      // …and both edits arrive, as one message, once it is over.
      await a.acknowledged();
      expect(sent).toHaveLength(1);
      expect(texts(a.provider().document)).toEqual(['He']);

      // A tab closing right after a keystroke: the page-hide event sends what waits, before any timer.
      const page = new EventTarget();
      const b = open(wsUrl(ctx), id, owner.token, undefined, undefined, page);
      await b.acknowledged();
      let sentByB = 0;
      b.provider().on('outgoingMessage', ({ message }: { message: { description?: string } }) => {
        if (message.description === 'A document update') sentByB += 1;
      });
      await b.until(() => texts(b.site.doc).length === 1);
      setText(b.site, b.site.elements.keys().next().value as string, 'Hey');
      expect(sentByB).toBe(0);
      page.dispatchEvent(new Event('pagehide'));
      expect(sentByB).toBe(1);
      await a.until(() => texts(a.site.doc).includes('Hey'));
      b.close();
    });

    it('an HTTP save merges into the live document instead of overwriting collaborative edits', async () => {
      const owner = await ctx.register();
      const initial = seededSite();
      const id = await createSite(ctx, owner, initial.doc);
      const a = open(wsUrl(ctx), id, owner.token);
      await a.acknowledged();
      const live = addText(a.site, 'Live edit');
      await a.acknowledged();

      // Another device saves over HTTP a state that never saw the live edit.
      const offline = new Y.Doc();
      Y.applyUpdate(offline, Y.encodeStateAsUpdate(initial.doc));
      const saved = addText(
        (await import('../../src/canvas/siteDoc.ts')).createSiteDoc(offline),
        'Saved over HTTP',
      );
      const put = await ctx.call('PUT', `/api/website/${id}`, {
        token: owner.token,
        body: { name: 'Co-edited', yjsState: stateBase64(offline) },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(texts(docOf(put.json<{ yjsState: string }>().yjsState))).toEqual([
        'Live edit',
        'Saved over HTTP',
      ]);
      expect(texts(docOf(await storedState(ctx, id)))).toEqual(['Live edit', 'Saved over HTTP']);
      await a.until(() => a.site.elements.has(saved));
      expect(a.site.elements.has(live)).toBe(true);

      const unreadable = await ctx.call('PUT', `/api/website/${id}`, {
        token: owner.token,
        body: { name: 'Co-edited', yjsState: 'AQID' },
      });
      expect(unreadable.statusCode).toBe(400);
    });

    it('undo stays per person: edits that came from the server are not undone', async () => {
      const owner = await ctx.register();
      const id = await createSite(ctx, owner);
      const a = open(wsUrl(ctx), id, owner.token);
      const b = open(wsUrl(ctx), id, owner.token);
      await Promise.all([a.acknowledged(), b.acknowledged()]);
      const { SiteStore } = await import('../../src/canvas/siteStore.ts');
      const storeA = new SiteStore(a.site);
      const mine = addText(a.site, 'Mine');
      const theirs = addText(b.site, 'Theirs');
      await Promise.all([a.acknowledged(), b.acknowledged()]);
      await a.until(() => a.site.elements.has(theirs));
      storeA.undo();
      expect(a.site.elements.has(mine)).toBe(false);
      expect(a.site.elements.has(theirs)).toBe(true);
      expect(storeA.canUndo()).toBe(false);
      await a.acknowledged();
      await b.until(() => !b.site.elements.has(mine));
      expect(texts(b.site.doc)).toEqual(['Theirs']);
      storeA.destroy();
    });

    it('a logout closes the open connections of that session at its next message', async () => {
      const owner = await ctx.register();
      const id = await createSite(ctx, owner);
      const a = open(wsUrl(ctx), id, owner.token);
      await a.acknowledged();
      expect((await ctx.call('POST', '/api/auth/logout', { token: owner.token })).statusCode).toBe(204);
      addText(a.site, 'After logout');
      // The socket is closed; reconnecting, the client hears why and stays out.
      await a.until((s) => s.status === 'refused');
      const live = ctx.app.collab.hocuspocus.documents.get(`site-${id}`);
      expect(live ? texts(live) : []).toEqual([]);
    });

    it('a shutdown stores what the debounce still held in memory, before the database closes', async () => {
      const owner = await ctx.register();
      const id = await createSite(ctx, owner);
      const app = await buildApp({
        config: ctx.config,
        db: ctx.db,
        collab: { debounceMs: 600_000, maxDebounceMs: 600_000 },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const a = open(wsUrl({ port: (app.server.address() as { port: number }).port }), id, owner.token);
      await a.acknowledged();
      addText(a.site, 'Held in memory');
      await a.acknowledged();
      expect(texts(docOf(await storedState(ctx, id)))).toEqual([]);
      await app.close();
      expect(texts(docOf(await storedState(ctx, id)))).toEqual(['Held in memory']);
    });

    it('a deleted website lets its editors go', async () => {
      const owner = await ctx.register();
      const id = await createSite(ctx, owner);
      const a = open(wsUrl(ctx), id, owner.token);
      await a.acknowledged();
      expect((await ctx.call('DELETE', `/api/website/${id}`, { token: owner.token })).statusCode).toBe(204);
      addText(a.site, 'Into the void');
      // The editor hears why (the site is gone, not this session refused), so the builder can say so.
      await a.until((s) => s.status === 'gone');
      // Nothing brought the row back (a store into a deleted site finds nothing to write).
      expect(await ctx.db.query('select id from websites where id = $1', [id])).toEqual([]);
    });
  },
  { collab: { debounceMs: 50, maxDebounceMs: 500 } },
);
