import { expect, it } from 'vitest';
import type * as Y from 'yjs';
import { createSiteDoc, readElement } from '../../src/canvas/siteDoc.ts';
import type { VersionSummary } from '../../src/contracts/versions.ts';
import {
  addMember,
  addText,
  collabClients,
  createSite,
  docOf,
  setText,
  stateBase64,
  storedState,
  texts,
  wsUrl,
} from './collabClient.ts';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase(
  'named versions',
  (ctx) => {
    const open = collabClients(ctx);
    const saveVersion = async (token: string, id: number, name: string) => {
      const response = await ctx.call('POST', `/api/website/${id}/versions`, { token, body: { name } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<VersionSummary>();
    };

    it('takes named versions of the live document, lists them newest first with what changed, and previews one', async () => {
      const owner = await ctx.register({ name: 'Olive Owner' });
      const id = await createSite(ctx, owner);
      const editor = open(wsUrl(ctx), id, owner.token);
      await editor.authenticated();
      const hello = addText(editor.site, 'Hello');
      await editor.acknowledged();

      const first = await saveVersion(owner.token, id, '  Before the spring sale ');
      expect(first).toMatchObject({
        name: 'Before the spring sale',
        kind: 'named',
        author: { id: owner.userId, name: 'Olive Owner' },
        changes: [{ pageId: 'home', page: 'Home', status: 'added', added: 1, removed: 0, changed: 0 }],
      });
      expect(Date.parse(first.createdAt)).not.toBeNaN();

      setText(editor.site, hello, 'Hello, spring');
      addText(editor.site, 'Sale!');
      await editor.acknowledged();
      const second = await saveVersion(owner.token, id, 'Sale live');
      expect(second.changes).toEqual([
        { pageId: 'home', page: 'Home', status: 'changed', added: 1, removed: 0, changed: 1 },
      ]);

      const list = await ctx.call('GET', `/api/website/${id}/versions`, { token: owner.token });
      expect(list.statusCode).toBe(200);
      expect(list.json<VersionSummary[]>().map((version) => version.name)).toEqual([
        'Sale live',
        'Before the spring sale',
      ]);

      const preview = await ctx.call('GET', `/api/website/${id}/versions/${first.id}`, {
        token: owner.token,
      });
      expect(preview.statusCode).toBe(200);
      const body = preview.json<{
        name: string;
        pages: { name: string; elements: { content: string }[] }[];
      }>();
      expect(body.name).toBe('Before the spring sale');
      expect(body.pages.map((page) => page.name)).toEqual(['Home']);
      expect(body.pages[0]?.elements.map((element) => element.content)).toEqual(['Hello']);
      // Taking a version wrote nothing into the document: the editor has nothing left to sync.
      expect(editor.provider().unsyncedChanges).toBe(0);
    });

    // A site saved with its pages only (through the API, as the docs show) lost them all when a version was
    // taken: the empty live document was stored over them, and the builder then opened it empty.
    it('a version of a site saved with pages only keeps the site and holds its pages', async () => {
      const owner = await ctx.register();
      const pages = [
        {
          id: 'home',
          name: 'Home',
          path: '',
          isHomePage: true,
          elements: [{ id: 'h', type: 'header', parentId: null, children: [], content: 'Fresh bread' }],
        },
        { id: 'about', name: 'About', path: 'about', isHomePage: false, elements: [] },
      ];
      const saved = await ctx.call('POST', '/api/website/save', {
        token: owner.token,
        body: { name: 'Rosa Bakery', pages },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { id } = saved.json<{ id: number }>();

      const version = await saveVersion(owner.token, id, 'Opening day');
      expect(version.changes.map((change) => [change.page, change.status, change.added])).toEqual([
        ['Home', 'added', 1],
        ['About', 'added', 0],
      ]);
      const site = await ctx.call('GET', `/api/website/${id}`, { token: owner.token });
      const body = site.json<{ pages: { name: string; elements: { content?: string }[] }[] }>();
      expect(body.pages.map((page) => page.name)).toEqual(['Home', 'About']);
      expect(body.pages[0]?.elements.map((element) => element.content)).toEqual(['Fresh bread']);
      const preview = await ctx.call('GET', `/api/website/${id}/versions/${version.id}`, {
        token: owner.token,
      });
      const held = preview.json<{ pages: { name: string; elements: { content?: string }[] }[] }>();
      expect(held.pages.map((page) => [page.name, page.elements.map((element) => element.content)])).toEqual([
        ['Home', ['Fresh bread']],
        ['About', []],
      ]);
    });

    it('restores a version into the live document as one change every editor receives, and keeps the history', async () => {
      const owner = await ctx.register();
      const id = await createSite(ctx, owner);
      const tab = open(wsUrl(ctx), id, owner.token);
      const other = open(wsUrl(ctx), id, owner.token);
      await Promise.all([tab.authenticated(), other.authenticated()]);
      const kept = addText(tab.site, 'Kept');
      await tab.acknowledged();
      const version = await saveVersion(owner.token, id, 'Original');

      setText(tab.site, kept, 'Changed');
      addText(tab.site, 'Added later');
      await tab.acknowledged();
      await other.until(() => texts(other.site.doc).includes('Added later'));

      let updates = 0;
      other.site.doc.on('update', () => {
        updates += 1;
      });
      const restored = await ctx.call('POST', `/api/website/${id}/versions/${version.id}/restore`, {
        token: owner.token,
      });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json<VersionSummary>()).toMatchObject({ id: version.id, name: 'Original' });

      await other.until(() => texts(other.site.doc).join() === 'Kept');
      await tab.until(() => texts(tab.site.doc).join() === 'Kept');
      expect(updates).toBe(1);
      expect(texts(docOf(await storedState(ctx, id)))).toEqual(['Kept']);
      const list = await ctx.call('GET', `/api/website/${id}/versions`, { token: owner.token });
      expect(list.json<VersionSummary[]>().map((item) => item.name)).toEqual(['Original']);
    });

    it('converges when a restore lands while others edit', async () => {
      const owner = await ctx.register();
      const id = await createSite(ctx, owner);
      const a = open(wsUrl(ctx), id, owner.token);
      const b = open(wsUrl(ctx), id, owner.token);
      await Promise.all([a.authenticated(), b.authenticated()]);
      const base = addText(a.site, 'Base');
      await a.acknowledged();
      const version = await saveVersion(owner.token, id, 'Base only');
      const extra = addText(a.site, 'Extra');
      await a.acknowledged();
      await b.until(() => texts(b.site.doc).includes('Extra'));

      // Both keep editing while the restore runs: edits of elements the version keeps, drops, and new ones.
      const restore = ctx.call('POST', `/api/website/${id}/versions/${version.id}/restore`, {
        token: owner.token,
      });
      setText(a.site, base, 'Base edited by A');
      setText(b.site, extra, 'Extra edited by B');
      const fresh = addText(b.site, 'New from B');
      expect((await restore).statusCode).toBe(200);
      await Promise.all([a.acknowledged(), b.acknowledged()]);

      const same = () => b64ish(a.site.doc) === b64ish(b.site.doc);
      await a.until(() => same());
      await b.until(() => same());
      const server = docOf(stateBase64(ctx.app.collab.hocuspocus.documents.get(`site-${id}`) as Y.Doc));
      expect(contentOf(server)).toEqual(contentOf(a.site.doc));
      expect(contentOf(a.site.doc)).toEqual(contentOf(b.site.doc));
      // Whatever order the edits and the restore met in, nothing else survives: the version's element (edited
      // or not), B's edit of the dropped one only if it came after (then it re-creates nothing), B's new one.
      const ids = Object.keys(contentOf(server).elements);
      expect(ids).toContain(base);
      for (const elementId of ids) expect([base, extra, fresh]).toContain(elementId);
      expect(texts(server)).toEqual(texts(a.site.doc));
    });

    it('lets a Viewer list and preview but not take or restore; another account gets 404; bad input is a 400', async () => {
      const owner = await ctx.register();
      const stranger = await ctx.register();
      const viewer = await addMember(ctx, owner, 'Viewer');
      const id = await createSite(ctx, owner);
      const version = await saveVersion(owner.token, id, 'First');
      const headers = { 'x-account-id': String(owner.accountId) };

      const listed = await ctx.call('GET', `/api/website/${id}/versions`, { token: viewer.token, headers });
      expect(listed.statusCode).toBe(200);
      expect(listed.json<VersionSummary[]>().map((item) => item.name)).toEqual(['First']);
      const previewed = await ctx.call('GET', `/api/website/${id}/versions/${version.id}`, {
        token: viewer.token,
        headers,
      });
      expect(previewed.statusCode).toBe(200);
      expect(previewed.json<{ pages: { name: string }[] }>().pages.map((page) => page.name)).toEqual([
        'Home',
      ]);

      const create = await ctx.call('POST', `/api/website/${id}/versions`, {
        token: viewer.token,
        headers,
        body: { name: 'Mine' },
      });
      expect(create.statusCode).toBe(403);
      const restore = await ctx.call('POST', `/api/website/${id}/versions/${version.id}/restore`, {
        token: viewer.token,
        headers,
      });
      expect(restore.statusCode).toBe(403);

      for (const [method, url] of [
        ['GET', `/api/website/${id}/versions`],
        ['GET', `/api/website/${id}/versions/${version.id}`],
        ['POST', `/api/website/${id}/versions/${version.id}/restore`],
      ] as const) {
        const response = await ctx.call(method, url, { token: stranger.token });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Website not found' });
      }
      const foreignCreate = await ctx.call('POST', `/api/website/${id}/versions`, {
        token: stranger.token,
        body: { name: 'Theirs' },
      });
      expect(foreignCreate.statusCode).toBe(404);
      const missing = await ctx.call('GET', `/api/website/${id}/versions/999999`, { token: owner.token });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Version not found' });

      for (const body of [{}, { name: '   ' }, { name: 'x'.repeat(201) }, { name: 'ok', extra: 1 }]) {
        const bad = await ctx.call('POST', `/api/website/${id}/versions`, { token: owner.token, body });
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(typeof bad.json<{ message: string }>().message).toBe('string');
      }
      const after = await ctx.call('GET', `/api/website/${id}/versions`, { token: owner.token });
      expect(after.json<VersionSummary[]>().map((item) => item.name)).toEqual(['First']);
    });

    it('refuses a version name over 200 characters saying the limit and what to do; 200 is fine', async () => {
      const owner = await ctx.register();
      const id = await createSite(ctx, owner);
      const long = await ctx.call('POST', `/api/website/${id}/versions`, {
        token: owner.token,
        body: { name: 'x'.repeat(201) },
      });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({
        message: 'A version name can be at most 200 characters: shorten it and save again.',
      });
      const longest = await saveVersion(owner.token, id, ` ${'y'.repeat(200)} `);
      expect(longest.name).toBe('y'.repeat(200));
    });

    it('takes a "Published <date>" version at every publish and keeps only the newest VERSION_RETENTION', async () => {
      const owner = await ctx.register({ name: 'Pat Publisher' });
      const id = await createSite(ctx, owner);
      const saved = await ctx.call('PUT', `/api/website/${id}`, {
        token: owner.token,
        body: { name: 'Versioned', pages: [{ id: 'home', name: 'Home', path: 'home', elements: [] }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const published = await ctx.call('POST', `/api/website/${id}/publish`, {
        token: owner.token,
        body: { subdomain: `versions-${id}` },
      });
      expect(published.statusCode, published.body).toBe(200);
      const at = published.json<{ publishedAt: string }>().publishedAt;
      const list = await ctx.call('GET', `/api/website/${id}/versions`, { token: owner.token });
      expect(list.json<VersionSummary[]>()).toMatchObject([
        {
          name: `Published ${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
          kind: 'publish',
          author: { name: 'Pat Publisher' },
        },
      ]);

      // This suite keeps 3: a fourth and fifth version drop the oldest two, the publish's included.
      for (const name of ['v2', 'v3', 'v4', 'v5']) await saveVersion(owner.token, id, name);
      const kept = await ctx.call('GET', `/api/website/${id}/versions`, { token: owner.token });
      expect(kept.json<VersionSummary[]>().map((item) => item.name)).toEqual(['v5', 'v4', 'v3']);
    });
  },
  { collab: { debounceMs: 50, maxDebounceMs: 500 }, config: { versionRetention: 3 } },
);

// The document's content as plain data (pages and elements by id), to compare replicas.
function contentOf(doc: Y.Doc) {
  const site = createSiteDoc(doc);
  return {
    pages: site.pages.toJSON(),
    elements: Object.fromEntries(
      [...site.elements.values()].map((map) => [readElement(map).id, map.toJSON()]),
    ),
  };
}

function b64ish(doc: Y.Doc): string {
  return JSON.stringify(contentOf(doc));
}
