import { afterEach, expect, test, vi } from 'vitest';
import { BroadcastProvider } from '../../src/canvas/broadcastProvider.ts';
import { insertElement, updateElement } from '../../src/canvas/ops/elementOps.ts';
import { createSiteDoc, edit, type SiteDoc } from '../../src/canvas/siteDoc.ts';
import { TAB_BROKER_SOURCE } from '../../src/canvas/tabBroker.ts';
import { shape, siteWithHome } from './canvasFixtures.ts';

// The broker's shipped script, run in a stand-in for a SharedWorker's global scope: each tab's connection is a
// real MessageChannel whose far end arrives in a `connect` event, as in the browser.
function startBroker() {
  const scope = new EventTarget();
  new Function('self', TAB_BROKER_SOURCE)(scope);
  return {
    connect(): MessagePort {
      const connection = new MessageChannel();
      const event = new Event('connect') as Event & { ports: MessagePort[] };
      Object.defineProperty(event, 'ports', { value: [connection.port2] });
      scope.dispatchEvent(event);
      return connection.port1;
    },
  };
}

const open: BroadcastProvider[] = [];
afterEach(() => {
  for (const provider of open.splice(0)) provider.destroy();
});

function tab(site: SiteDoc, broker: ReturnType<typeof startBroker>, room: string): BroadcastProvider {
  // No BroadcastChannel: the provider's only links are the ports the broker makes.
  const provider = new BroadcastProvider(site.doc);
  provider.connectBroker(broker.connect(), room);
  open.push(provider);
  return provider;
}

const content = (site: SiteDoc, id: string) => site.elements.get(id)?.get('content');

test('the broker links the tabs of one room directly: edits flow both ways, a late tab catches up, other rooms see nothing', async () => {
  const broker = startBroker();
  const a = siteWithHome();
  edit(a, () =>
    insertElement(a, { id: 'title', type: 'text', props: {} }, { pageId: 'home', parentId: null }),
  );
  tab(a, broker, 'site-1');
  const b = createSiteDoc();
  // Made before B met A (offline): it reaches A when they are linked.
  edit(b, () =>
    insertElement(b, { id: 'offline', type: 'text', props: {} }, { pageId: 'home', parentId: null }),
  );
  tab(b, broker, 'site-1');
  const elsewhere = createSiteDoc();
  tab(elsewhere, broker, 'site-2');

  await vi.waitFor(() => expect(shape(b)).toEqual(shape(a)), { timeout: 5_000 });
  expect(a.elements.has('offline')).toBe(true);
  edit(a, () => updateElement(a, 'title', { content: 'from A' }));
  await vi.waitFor(() => expect(content(b, 'title')).toBe('from A'), { timeout: 5_000 });
  edit(b, () => updateElement(b, 'title', { content: 'from B' }));
  await vi.waitFor(() => expect(content(a, 'title')).toBe('from B'), { timeout: 5_000 });

  const late = createSiteDoc();
  tab(late, broker, 'site-1');
  await vi.waitFor(() => expect(shape(late)).toEqual(shape(a)), { timeout: 5_000 });
  expect(content(late, 'title')).toBe('from B');
  edit(late, () => updateElement(late, 'title', { content: 'from the late tab' }));
  await vi.waitFor(
    () =>
      expect([content(a, 'title'), content(b, 'title')]).toEqual(['from the late tab', 'from the late tab']),
    { timeout: 5_000 },
  );
  expect(elsewhere.elements.size).toBe(0);
});

test('a tab that closes leaves its room: the others keep editing together and a tab opened afterwards meets only them', async () => {
  const broker = startBroker();
  const a = siteWithHome();
  edit(a, () =>
    insertElement(a, { id: 'title', type: 'text', props: {} }, { pageId: 'home', parentId: null }),
  );
  const closing = tab(a, broker, 'site-1');
  const b = createSiteDoc();
  const pb = tab(b, broker, 'site-1');
  const c = createSiteDoc();
  const pc = tab(c, broker, 'site-1');
  await vi.waitFor(() => expect([shape(b), shape(c)]).toEqual([shape(a), shape(a)]), { timeout: 5_000 });
  expect([closing.linkCount, pb.linkCount, pc.linkCount]).toEqual([2, 2, 2]);

  closing.destroy();
  // Its goodbye reaches the others, which drop their port to it.
  await vi.waitFor(() => expect([pb.linkCount, pc.linkCount]).toEqual([1, 1]), { timeout: 5_000 });
  // The closed tab's own later edit goes nowhere; the others go on together.
  edit(a, () => updateElement(a, 'title', { content: 'after closing' }));
  edit(b, () =>
    insertElement(b, { id: 'fromB', type: 'text', props: {} }, { pageId: 'home', parentId: null }),
  );
  await vi.waitFor(() => expect(c.elements.has('fromB')).toBe(true), { timeout: 5_000 });
  const d = createSiteDoc();
  tab(d, broker, 'site-1');
  await vi.waitFor(() => expect(shape(d)).toEqual(shape(b)), { timeout: 5_000 });
  // The broker introduced the new tab to the two open ones only.
  expect(open.at(-1)?.linkCount).toBe(2);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect([content(b, 'title'), content(c, 'title'), content(d, 'title')]).toEqual([
    undefined,
    undefined,
    undefined,
  ]);
});
