import fc from 'fast-check';
import { afterEach, beforeAll, expect, it } from 'vitest';
import * as Y from 'yjs';
import { removeElement } from '../../src/canvas/ops/elementOps.ts';
import { createSiteDoc, edit, type SiteDoc } from '../../src/canvas/siteDoc.ts';
import { addText, type CollabClient, openClient, seededSite, setText, wsUrl } from './collabClient.ts';
import { describeEachDatabase } from './harness.ts';

type Command =
  | { kind: 'add'; client: number; text: string }
  | { kind: 'set'; client: number; target: number; text: string }
  | { kind: 'remove'; client: number; target: number }
  | { kind: 'disconnect'; client: number }
  | { kind: 'reconnect'; client: number };

const CLIENTS = 2;
const client = fc.nat({ max: CLIENTS - 1 });
const text = fc.string({ maxLength: 6 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), client, text }),
  fc.record({ kind: fc.constant('set' as const), client, target: fc.nat(), text }),
  fc.record({ kind: fc.constant('remove' as const), client, target: fc.nat() }),
  fc.record({ kind: fc.constant('disconnect' as const), client }),
  fc.record({ kind: fc.constant('reconnect' as const), client }),
);

// The document as every replica must agree on it: pages and elements with all their properties (compared as
// values: the key order of a Y.Map follows the order its entries arrived in, which differs between replicas).
const content = (doc: Y.Doc) => {
  const site = createSiteDoc(doc);
  return JSON.stringify({ pages: site.pages.toJSON(), elements: site.elements.toJSON() });
};

const ids = (site: SiteDoc) => [...site.elements.keys()].sort();

describeEachDatabase(
  'co-editing converges (property)',
  (ctx) => {
    const open: CollabClient[] = [];

    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterEach(() => {
      for (const c of open.splice(0)) c.close();
    });

    it('two devices and the server agree after random edits, disconnects and reconnects', async () => {
      const owner = await ctx.register();
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
          const seed = seededSite();
          const saved = await ctx.call('POST', '/api/website/save', {
            token: owner.token,
            body: {
              name: 'Property',
              yjsState: Buffer.from(Y.encodeStateAsUpdate(seed.doc)).toString('base64'),
            },
          });
          const { id } = saved.json<{ id: number }>();
          const clients = Array.from({ length: CLIENTS }, () => openClient(wsUrl(ctx), id, owner.token));
          open.push(...clients);
          const connected = clients.map(() => true);
          try {
            await Promise.all(clients.map((c) => c.acknowledged()));
            for (const step of commands) {
              const c = clients[step.client];
              const existing = ids(c.site);
              const target =
                'target' in step && existing.length > 0 ? existing[step.target % existing.length] : null;
              switch (step.kind) {
                case 'add':
                  addText(c.site, step.text);
                  break;
                case 'set':
                  if (target) setText(c.site, target, step.text);
                  break;
                case 'remove':
                  if (target) edit(c.site, () => removeElement(c.site, target));
                  break;
                case 'disconnect':
                  if (connected[step.client]) c.close();
                  connected[step.client] = false;
                  break;
                case 'reconnect':
                  if (!connected[step.client]) c.reconnect();
                  connected[step.client] = true;
                  break;
              }
            }
            clients.forEach((c, i) => {
              if (!connected[i]) c.reconnect();
            });
            // The server has everything once each device's updates are acknowledged; a second handshake then
            // brings each device everything the server has.
            await Promise.all(clients.map((c) => c.acknowledged()));
            for (const c of clients) {
              c.provider().forceSync();
              await c.acknowledged();
            }
            const server = ctx.app.collab.hocuspocus.documents.get(`site-${id}`);
            expect(server).toBeDefined();
            const expected = content(server as Y.Doc);
            for (const c of clients) expect(JSON.parse(content(c.site.doc))).toEqual(JSON.parse(expected));
            // And the database: once every device hears that all of its own changes are stored, it is all in
            // the row (a device's "saved" covers what it changed, not what it received).
            await Promise.all(clients.map((c) => c.until((snapshot) => snapshot.saved)));
            const row = await ctx.db.one<{ yjs_state: string }>(
              'select yjs_state from websites where id = $1',
              [id],
            );
            const stored = new Y.Doc();
            Y.applyUpdate(stored, new Uint8Array(Buffer.from(row?.yjs_state ?? '', 'base64')));
            expect(JSON.parse(content(stored))).toEqual(JSON.parse(expected));
          } finally {
            for (const c of clients) c.close();
          }
        }),
        { numRuns: 30 },
      );
    });
  },
  { collab: { debounceMs: 20, maxDebounceMs: 200 } },
);
