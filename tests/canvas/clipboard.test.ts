import { describe, expect, test } from 'vitest';
import {
  CLIPBOARD_LIMITS,
  CLIPBOARD_TYPE,
  copyElements,
  parseClipboard,
  parseElementsPayload,
} from '../../src/canvas/clipboard.ts';
import { htmlToClipboardNodes } from '../../src/canvas/clipboardHtml.ts';
import {
  editAsOneStep,
  pasteElements,
  pastePlacement,
  removeElements,
} from '../../src/canvas/ops/clipboardOps.ts';
import { type ElementNode, insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { toNodes, toSpecPages } from '../../src/canvas/pagesData.ts';
import { createSiteDoc, edit, type SiteDoc } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import { renderPageMarkup } from '../../src/canvas/staticRender.tsx';
import { shape, siteWithHome } from './canvasFixtures.ts';

const top = { pageId: 'home', parentId: null };

/** Site A: a heading, a section holding a container with a text and a button, and a footer. */
function siteA(): SiteDoc {
  const site = siteWithHome();
  edit(site, () => {
    insertElement(site, { id: 'h', type: 'header', props: { content: 'Welcome' } }, top);
    insertElement(
      site,
      {
        id: 's',
        type: 'section',
        props: { backgroundColor: '#eeeeee' },
        children: [
          {
            id: 'c',
            type: 'container',
            props: {},
            children: [
              { id: 't', type: 'text', props: { content: '<b>Fresh</b> bread' } },
              { id: 'b', type: 'button', props: { buttonText: 'Order', buttonUrl: '/order' } },
            ],
          },
        ],
      },
      top,
    );
    insertElement(site, { id: 'f', type: 'footer', props: { content: '© Rosa' } }, top);
  });
  return site;
}

/** The page's tree as nested `[type, props, children]`, ids left out (pasted elements have new ones). */
function typesAndProps(site: SiteDoc, pageId = 'home'): unknown {
  const strip = (elements: ReturnType<typeof toSpecPages>[number]['elements']): unknown =>
    elements.map(({ id: _id, parentId: _p, type, children, ...props }) => [type, props, strip(children)]);
  return strip(toSpecPages(site).find((page) => page.id === pageId)?.elements ?? []);
}

function allIds(site: SiteDoc): string[] {
  return [...site.elements.keys()];
}

function paste(site: SiteDoc, nodes: ElementNode[], selected: string[] = [], pageId = 'home'): string[] {
  let ids: string[] = [];
  edit(site, () => {
    ids = pasteElements(site, nodes, pastePlacement(site, pageId, selected));
  });
  return ids;
}

function parsedNodes(text: string): ElementNode[] {
  const parsed = parseElementsPayload(text);
  if (!parsed.ok) throw new Error(`refused: ${parsed.reason}`);
  return parsed.nodes;
}

describe('the clipboard payload', () => {
  test('serialises a subtree as typed JSON with its children, plus the HTML the renderers make', () => {
    const data = copyElements(siteA(), ['s']);
    expect(data?.count).toBe(4);
    const payload = JSON.parse(data?.json ?? '');
    expect(payload).toMatchObject({ type: CLIPBOARD_TYPE, version: 1 });
    expect(payload.elements).toEqual([
      expect.objectContaining({
        id: 's',
        type: 'section',
        backgroundColor: '#eeeeee',
        children: [
          expect.objectContaining({
            type: 'container',
            children: [
              expect.objectContaining({ type: 'text', content: '<b>Fresh</b> bread' }),
              expect.objectContaining({ type: 'button', buttonText: 'Order', buttonUrl: '/order' }),
            ],
          }),
        ],
      }),
    ]);
    expect(data?.html).toContain('<b>Fresh</b> bread');
    expect(data?.html).toMatch(/<a href="\/order"[^>]*>Order<\/a>/);
  });

  test('several selected elements are copied in page order; a child of a selected parent comes once', () => {
    const data = copyElements(siteA(), ['f', 't', 'h', 's']);
    const payload = JSON.parse(data?.json ?? '');
    expect(payload.elements.map((e: { type: string }) => e.type)).toEqual(['header', 'section', 'footer']);
    expect(data?.count).toBe(6);
    expect(copyElements(siteA(), [])).toBeNull();
    expect(copyElements(siteA(), ['gone'])).toBeNull();
  });

  test('parses back into another site with the same tree under new ids', () => {
    const a = siteA();
    const data = copyElements(a, ['s']);
    const b = siteWithHome();
    const [pasted] = paste(b, parsedNodes(data?.json ?? ''));
    expect(typesAndProps(b)).toEqual([
      [
        'section',
        { backgroundColor: '#eeeeee' },
        [
          [
            'container',
            {},
            [
              ['text', { content: '<b>Fresh</b> bread' }, []],
              ['button', { buttonText: 'Order', buttonUrl: '/order' }, []],
            ],
          ],
        ],
      ],
    ]);
    for (const id of allIds(b)) expect(allIds(a)).not.toContain(id);
    expect(pasted).toBe((shape(b) as [string][])[0]?.[0]);
  });

  test('pasting into the same site copies: the originals stay untouched even though the payload names their ids', () => {
    const site = siteA();
    const before = typesAndProps(site);
    paste(site, parsedNodes(copyElements(site, ['s'])?.json ?? ''), ['h']);
    const after = typesAndProps(site) as unknown[];
    expect(after).toHaveLength(4);
    expect(after[1]).toEqual((before as unknown[])[1]);
    expect(after[2]).toEqual((before as unknown[])[1]);
    expect(new Set(allIds(site)).size).toBe(allIds(site).length);
  });

  test('pasted content is sanitised exactly like loaded content: the same markup, with nothing hostile', () => {
    const hostile = [
      {
        id: 'x1',
        type: 'text',
        parentId: null,
        content:
          'Hi <script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
        children: [],
      },
      { id: 'x2', type: 'button', buttonText: 'Go', buttonUrl: 'javascript:alert(4)', children: [] },
      { id: 'x3', type: 'image', imageUrl: 'javascript:alert(5)', alt: 'a', children: [] },
      {
        id: 'x4',
        type: 'section',
        backgroundType: 'image',
        backgroundImage: 'javascript:alert(6)',
        children: [],
      },
    ];
    // Loaded: a site's saved pages go through toNodes into the document.
    const loaded = createSiteDoc();
    edit(loaded, () => {
      addPage(loaded, {
        id: 'home',
        name: 'Home',
        path: 'home',
        isHomePage: true,
        elements: toNodes(hostile),
      });
    });
    const pasted = siteWithHome();
    paste(pasted, parsedNodes(JSON.stringify({ type: CLIPBOARD_TYPE, version: 1, elements: hostile })));

    const markup = (site: SiteDoc) =>
      renderPageMarkup(toSpecPages(site)[0] as never).replace(/data-element-id="[^"]*"/g, '');
    expect(markup(pasted)).toBe(markup(loaded));
    expect(markup(pasted)).toContain('Hi ');
    expect(markup(pasted)).not.toMatch(/<script|onerror|javascript:/i);
  });

  test('refuses malformed and hostile payloads whole', () => {
    const wrap = (elements: unknown, extra: object = {}) =>
      JSON.stringify({ type: CLIPBOARD_TYPE, version: 1, elements, ...extra });
    const nested = (depth: number): unknown =>
      depth === 0 ? [] : [{ type: 'container', children: nested(depth - 1) }];
    const many = Array.from({ length: CLIPBOARD_LIMITS.maxElements + 1 }, () => ({ type: 'text' }));

    expect(parseElementsPayload(`{"type":"${CLIPBOARD_TYPE}", "elements": [`)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(parseElementsPayload(wrap([], { version: 2 }))).toEqual({ ok: false, reason: 'unsupported' });
    expect(parseElementsPayload(wrap('<p>hi</p>'))).toEqual({ ok: false, reason: 'malformed' });
    expect(parseElementsPayload(wrap([{ type: 'section', children: { 0: { type: 'text' } } }]))).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(parseElementsPayload(wrap(nested(CLIPBOARD_LIMITS.maxDepth + 5)))).toEqual({
      ok: false,
      reason: 'too-large',
    });
    expect(parseElementsPayload(wrap(many))).toEqual({ ok: false, reason: 'too-large' });
    expect(
      parseElementsPayload(wrap([{ type: 'text', content: 'x'.repeat(CLIPBOARD_LIMITS.maxChars) }])),
    ).toEqual({ ok: false, reason: 'too-large' });
    expect(parseElementsPayload(wrap([{ type: 'script' }, 'text', null]))).toEqual({
      ok: false,
      reason: 'empty',
    });
    // A payload that claims the type marker is never read as plain text instead.
    expect(parseClipboard({ text: `{"type":"${CLIPBOARD_TYPE}",`, html: '<p>fallback</p>' })).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  test('unknown types go with their children; prototype keys and placement keys are dropped', () => {
    const text = `{"type":"${CLIPBOARD_TYPE}","version":1,"elements":[
      {"type":"evil-widget","children":[{"type":"text","content":"hidden"}]},
      {"type":"text","content":"ok","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},
       "pageId":"other","order":"zzz","deleted":false,"parentId":"s"}
    ]}`;
    const nodes = parsedNodes(text);
    expect(nodes).toEqual([{ type: 'text', props: { content: 'ok' }, children: [] }]);
    const site = siteWithHome();
    paste(site, nodes);
    expect(typesAndProps(site)).toEqual([['text', { content: 'ok' }, []]]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('HTML pasted from elsewhere', () => {
  test('becomes text, image, link and button elements; scripts and javascript: URLs are dropped', () => {
    const html = `<meta charset="utf-8"><!--StartFragment-->
      <h2 onclick="alert(1)">Opening hours</h2>
      <p>Open <b>daily</b> from 8<br>until 6 <span style="color:red">pm</span>.<script>alert(2)</script></p>
      <img src="https://cdn.example.com/bread.jpg" alt="Bread" onerror="alert(3)">
      <img src="javascript:alert(4)" alt="bad">
      <p><a href="https://example.com/menu" onclick="alert(5)">See the menu</a></p>
      <p><a href="javascript:alert(6)">Click me</a></p>
      <a class="btn btn-primary" href="https://example.com/order">Order now</a>
      <button onclick="alert(7)">Call us</button>
      <style>p{color:red}</style><iframe src="https://evil.example"></iframe>
      <!--EndFragment-->`;
    const nodes = htmlToClipboardNodes(html);
    expect(nodes).toEqual([
      { type: 'text', props: { content: 'Opening hours', fontSize: 30, fontWeight: 'bold' } },
      { type: 'text', props: { content: 'Open <b>daily</b> from 8<br>until 6 pm.' } },
      { type: 'image', props: { imageUrl: 'https://cdn.example.com/bread.jpg', alt: 'Bread' } },
      { type: 'text', props: { content: '<a href="https://example.com/menu">See the menu</a>' } },
      { type: 'text', props: { content: 'Click me' } },
      { type: 'button', props: { buttonText: 'Order now', buttonUrl: 'https://example.com/order' } },
      { type: 'button', props: { buttonText: 'Call us', buttonUrl: '#' } },
    ]);
    expect(JSON.stringify(nodes)).not.toMatch(/alert|javascript:|onerror|onclick|<script|iframe/i);
  });

  test('a paste prefers the builder payload, then the HTML, then plain text (escaped)', () => {
    const json = copyElements(siteA(), ['h'])?.json ?? '';
    const fromPayload = parseClipboard({ text: json, html: '<p>ignored</p>' });
    expect(fromPayload).toMatchObject({ ok: true, source: 'elements', nodes: [{ type: 'header' }] });
    expect(parseClipboard({ text: 'plain', html: '<p>From a page</p>' })).toEqual({
      ok: true,
      source: 'html',
      nodes: [{ type: 'text', props: { content: 'From a page' } }],
    });
    expect(parseClipboard({ text: '<b>not markup</b>\nline two' })).toEqual({
      ok: true,
      source: 'text',
      nodes: [{ type: 'text', props: { content: '&#60;b&#62;not markup&#60;/b&#62;<br>line two' } }],
    });
    expect(parseClipboard({ text: '  ', html: '<script>alert(1)</script>' })).toEqual({
      ok: false,
      reason: 'empty',
    });
  });
});

describe('where a paste goes, cut, and undo', () => {
  const header: ElementNode = { type: 'header', props: { content: 'Pasted' } };

  test('after the selected element, inside a selected container, else at the end of the page', () => {
    const site = siteA();
    expect(pastePlacement(site, 'home', ['h'])).toEqual({ pageId: 'home', parentId: null, index: 1 });
    expect(pastePlacement(site, 'home', ['t'])).toEqual({ pageId: 'home', parentId: 'c', index: 1 });
    expect(pastePlacement(site, 'home', ['c'])).toEqual({ pageId: 'home', parentId: 'c' });
    expect(pastePlacement(site, 'home', [])).toEqual({ pageId: 'home', parentId: null });
    // Several selected: after the last of them; a selection on another page does not count.
    expect(pastePlacement(site, 'home', ['f', 'h'])).toEqual({ pageId: 'home', parentId: null, index: 3 });
    expect(pastePlacement(site, 'other', ['h'])).toEqual({ pageId: 'other', parentId: null });

    const [inside] = paste(site, [header, header], ['c']);
    const [afterText] = paste(site, [header], ['t']);
    expect(shape(site)).toEqual([
      ['h', []],
      [
        's',
        [
          [
            'c',
            [
              ['t', []],
              [afterText, []],
              ['b', []],
              [inside, []],
              [expect.any(String), []],
            ],
          ],
        ],
      ],
      ['f', []],
    ]);
  });

  test('a cut removes the selected elements with their children', () => {
    const site = siteA();
    edit(site, () => removeElements(site, ['s', 't', 'f']));
    expect(shape(site)).toEqual([['h', []]]);
    expect(allIds(site).sort()).toEqual(['h']);
  });

  test('one undo removes a paste made right after another edit, and nothing else', () => {
    const store = new SiteStore(siteWithHome());
    store.edit(() => insertElement(store.site, { id: 'first', type: 'text', props: {} }, top));
    editAsOneStep(store, () => {
      pasteElements(store.site, parsedNodes(copyElements(siteA(), ['s', 'f'])?.json ?? ''), { ...top });
    });
    expect((shape(store.site) as unknown[]).length).toBe(3);
    store.undo();
    expect(shape(store.site)).toEqual([['first', []]]);
    store.redo();
    expect((shape(store.site) as unknown[]).length).toBe(3);
    store.destroy();
  });
});
