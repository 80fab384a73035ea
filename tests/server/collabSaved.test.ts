import { expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addText,
  collabClients,
  createSite,
  seededSite,
  setText,
  stateBase64,
  texts,
  wsUrl,
} from './collabClient.ts';
import { describeEachDatabase } from './harness.ts';

// The builder's "All changes saved" comes from the server's acknowledgement of what this device changed: changes
// made elsewhere (another editor, the server itself) never leave it waiting.
describeEachDatabase(
  'the saved status of a co-edited site',
  (ctx) => {
    const open = collabClients(ctx);

    it('an edit is "saved" only once stored; a remote editor’s update arriving leaves it saved', async () => {
      const owner = await ctx.register();
      const initial = seededSite();
      const id = await createSite(ctx, owner, initial.doc, 'Autosaved');
      const a = open(wsUrl(ctx), id, owner.token);
      await a.until((s) => s.status === 'online' && s.saved);

      const mine = addText(a.site, 'Mine');
      expect(a.collab.getSnapshot().saved).toBe(false);
      await a.until((s) => s.saved);

      const b = open(wsUrl(ctx), id, owner.token);
      await b.until((s) => s.status === 'online' && s.saved);
      const theirs = addText(b.site, 'Theirs');
      await a.until(() => a.site.elements.has(theirs));
      // The remote update is not this device's to store: still saved, with both edits on screen.
      expect(a.collab.getSnapshot().saved).toBe(true);
      expect(texts(a.site.doc)).toEqual(['Mine', 'Theirs']);
      expect(a.site.elements.has(mine)).toBe(true);
      await b.until((s) => s.saved);
    });

    it('a change the server makes itself, which it never announces as stored, does not leave it saving', async () => {
      const owner = await ctx.register();
      const initial = seededSite();
      const id = await createSite(ctx, owner, initial.doc, 'Autosaved');
      const a = open(wsUrl(ctx), id, owner.token);
      await a.until((s) => s.status === 'online' && s.saved);
      const element = addText(a.site, 'Draft');
      await a.until((s) => s.saved);

      // The server changes the live document without a store (as a restore applied from storage would).
      const live = ctx.app.collab.hocuspocus.documents.get(`site-${id}`) as Y.Doc;
      const server = new Y.Doc();
      Y.applyUpdate(server, Y.encodeStateAsUpdate(live));
      const { createSiteDoc } = await import('../../src/canvas/siteDoc.ts');
      setText(createSiteDoc(server), element, 'Restored by the server');
      Y.applyUpdate(live, Y.encodeStateAsUpdate(server, Y.encodeStateVector(live)), {
        source: 'local',
        skipStoreHooks: true,
      });
      await a.until(() => texts(a.site.doc).includes('Restored by the server'));
      expect(a.collab.getSnapshot().saved).toBe(true);

      // An HTTP save (Rename, Save) merged by the server: saved as well.
      const put = await ctx.call('PUT', `/api/website/${id}`, {
        token: owner.token,
        body: { name: 'Renamed', yjsState: stateBase64(server) },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(a.collab.getSnapshot().saved).toBe(true);

      // And this device's next edit is again saving until stored.
      setText(a.site, element, 'Mine again');
      expect(a.collab.getSnapshot().saved).toBe(false);
      await a.until((s) => s.saved);
    });

    it('what the server stores from the live document is also the site’s pages (publish and SEO read them)', async () => {
      const owner = await ctx.register();
      const id = await createSite(ctx, owner, seededSite().doc, 'Autosaved');
      const a = open(wsUrl(ctx), id, owner.token);
      await a.until((s) => s.status === 'online' && s.saved);
      addText(a.site, 'Autosaved text');
      await a.until((s) => s.saved);
      const site = await ctx.call('GET', `/api/website/${id}`, { token: owner.token });
      const pages = site.json<{ pages: { id: string; elements: { content?: string }[] }[] }>().pages;
      expect(pages.map((page) => page.id)).toEqual(['home']);
      expect(pages[0]?.elements.map((element) => element.content)).toEqual(['Autosaved text']);
    });

    it('offline edits stay unsaved until the server has stored them after reconnecting', async () => {
      const owner = await ctx.register();
      const initial = seededSite();
      const id = await createSite(ctx, owner, initial.doc, 'Autosaved');
      const a = open(wsUrl(ctx), id, owner.token);
      await a.until((s) => s.status === 'online' && s.saved);
      a.close();
      const element = addText(a.site, 'Written offline');
      a.reconnect();
      expect(a.collab.getSnapshot().saved).toBe(false);
      await a.until((s) => s.status === 'online' && s.saved);
      const b = open(wsUrl(ctx), id, owner.token);
      await b.until(() => b.site.elements.has(element));
      expect(texts(b.site.doc)).toEqual(['Written offline']);
    });
  },
  { collab: { debounceMs: 50, maxDebounceMs: 500 } },
);
