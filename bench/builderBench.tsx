// Runs inside Vite's SSR module loader (bench/run.ts), so the element renderers' JSX loads as in the app.
import { renderToStaticMarkup } from 'react-dom/server';
import * as Y from 'yjs';
import { BroadcastProvider } from '../src/canvas/broadcastProvider.ts';
import { insertElement } from '../src/canvas/ops/elementOps.ts';
import { addPage } from '../src/canvas/ops/pageOps.ts';
import { toSpecPages } from '../src/canvas/pagesData.ts';
import { createSiteDoc, edit, type SiteDoc } from '../src/canvas/siteDoc.ts';
import { SiteStore } from '../src/canvas/siteStore.ts';
import { renderPageDocument, StaticElements } from '../src/canvas/staticRender.tsx';

export type BuilderFigures = {
  elements: number;
  openMs: number;
  applyUpdateMs: number;
  exportMs: number;
  renderMs: number;
  tabEditMs: number;
  channelRoundTripMs: number;
};

const SECTIONS = 500;
const CHILDREN = 9; // 500 sections × (1 + 9) = 5,000 elements

function buildSite(): { site: SiteDoc; pageId: string } {
  const site = createSiteDoc();
  let pageId = '';
  edit(site, () => {
    pageId = addPage(site, { name: 'Home', path: '', isHomePage: true });
    for (let s = 0; s < SECTIONS; s++) {
      insertElement(
        site,
        {
          type: 'section',
          props: { sectionHeight: 'auto', backgroundColor: '#ffffff' },
          children: Array.from({ length: CHILDREN }, (_, c) =>
            c % 3 === 0
              ? { type: 'header', props: { content: `Heading ${s}.${c}` } }
              : c % 3 === 1
                ? { type: 'text', props: { content: `Paragraph ${s}.${c} with some words in it.` } }
                : { type: 'button', props: { buttonText: `Button ${s}.${c}`, buttonUrl: '/contact' } },
          ),
        },
        { pageId, parentId: null },
      );
    }
  });
  return { site, pageId };
}

/** Median of `runs` timings of `fn` (ms). */
function median(runs: number, fn: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function medianAsync(runs: number, fn: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** One edit in a "tab" until the other tab's document has it, over a real BroadcastChannel. */
async function tabEdit(): Promise<{ tabEditMs: number; channelRoundTripMs: number }> {
  const room = `bench-${process.pid}`;
  const a = new Y.Doc();
  const b = new Y.Doc();
  const providerA = BroadcastProvider.forRoom(a, room);
  const providerB = BroadcastProvider.forRoom(b, room);
  const textA = a.getMap<string>('bench');
  const textB = b.getMap<string>('bench');
  await new Promise((resolve) => setTimeout(resolve, 50));
  let n = 0;
  const tabEditMs = await medianAsync(200, async () => {
    n += 1;
    const seen = new Promise<void>((resolve) => {
      const check = () => {
        if (textB.get('k') === String(n)) {
          textB.unobserve(check);
          resolve();
        }
      };
      textB.observe(check);
    });
    a.transact(() => textA.set('k', String(n)));
    await seen;
  });
  providerA.destroy();
  providerB.destroy();

  const sender = new BroadcastChannel(`raw-${room}`);
  const receiver = new BroadcastChannel(`raw-${room}`);
  const channelRoundTripMs = await medianAsync(200, async () => {
    const got = new Promise<void>((resolve) => {
      receiver.onmessage = () => resolve();
    });
    sender.postMessage({ kind: 'update', update: new Uint8Array(16) });
    await got;
  });
  sender.close();
  receiver.close();
  return { tabEditMs, channelRoundTripMs };
}

/** The 5,000-element site as saved on the server (base64 Yjs state) and one heading to edit in it. */
export function benchSiteState(): { yjsState: string; headingId: string; elements: number } {
  const { site, pageId } = buildSite();
  const [page] = toSpecPages(site);
  const section = page.elements[Math.floor(page.elements.length / 2)];
  const heading = section.children.find((child) => child.type === 'header');
  if (!heading || page.id !== pageId) throw new Error('bench site has no heading');
  const yjsState = Buffer.from(Y.encodeStateAsUpdate(site.doc)).toString('base64');
  return { yjsState, headingId: heading.id, elements: site.elements.size };
}

export async function builderBench(): Promise<BuilderFigures> {
  const { site } = buildSite();
  const bytes = Y.encodeStateAsUpdate(site.doc);
  const elements = site.elements.size;

  const applyUpdateMs = median(7, () => {
    Y.applyUpdate(new Y.Doc(), bytes);
  });
  // Opening in the builder: the bytes into a document, then the read side the views subscribe to.
  const openMs = median(7, () => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, bytes);
    new SiteStore(createSiteDoc(doc));
  });

  const [page] = toSpecPages(site);
  const renderMs = median(5, () => {
    renderToStaticMarkup(<StaticElements elements={page.elements} />);
  });
  // The export as saved: read the pages out of the document, render the home page as a document.
  const exportMs = median(5, () => {
    const [home] = toSpecPages(site);
    renderPageDocument(home, 'Bench');
  });

  return { elements, openMs, applyUpdateMs, exportMs, renderMs, ...(await tabEdit()) };
}
