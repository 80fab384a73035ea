import type { ElementNode } from './ops/elementOps.ts';
import { escapeHtml, safeImageUrl, safeUrl, sanitizeHtml } from './sanitize.ts';

/** At most this many elements come out of one pasted piece of HTML. */
export const MAX_PASTED_HTML_ELEMENTS = 500;

const SKIPPED = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'SVG',
  'CANVAS',
  'VIDEO',
  'AUDIO',
  'HEAD',
  'META',
  'LINK',
  'TITLE',
  'SELECT',
  'TEXTAREA',
]);
const BLOCKS = new Set([
  'P',
  'DIV',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'ASIDE',
  'HEADER',
  'FOOTER',
  'NAV',
  'FORM',
  'FIGURE',
  'FIGCAPTION',
  'BLOCKQUOTE',
  'PRE',
  'UL',
  'OL',
  'LI',
  'DL',
  'DT',
  'DD',
  'TABLE',
  'THEAD',
  'TBODY',
  'TFOOT',
  'TR',
  'TD',
  'TH',
  'CAPTION',
  'HR',
  'ADDRESS',
  'CENTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
]);
// Inline formatting kept inside a text element (the rich-text sanitiser allows the same tags).
const FORMATTING = new Set(['B', 'STRONG', 'I', 'EM', 'U', 'S', 'SMALL', 'SUB', 'SUP', 'MARK']);
const HEADING_SIZE: Record<string, number> = { H1: 36, H2: 30, H3: 24, H4: 20, H5: 18, H6: 16 };

/**
 * Turns HTML pasted from another program or site into builder elements: images become image elements,
 * buttons (and links styled as buttons) button elements, standalone links a text element holding the link,
 * and the text between them text elements with their inline formatting. Scripts, styles and embedded
 * frames are dropped; links and image sources go through the same URL rules as the renderers, so
 * `javascript:` and other schemes never come in (such a link keeps only its text).
 */
export function htmlToClipboardNodes(html: string): ElementNode[] {
  if (typeof DOMParser === 'undefined' || html.trim() === '') return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const out: ElementNode[] = [];
  collectBlocks(doc.body, out);
  return out.slice(0, MAX_PASTED_HTML_ELEMENTS);
}

function tagOf(node: Node): string {
  return node.nodeType === 1 ? (node as Element).tagName.toUpperCase() : '';
}

function isButtonLike(el: Element): boolean {
  const tag = tagOf(el);
  if (tag === 'BUTTON') return true;
  if (tag === 'INPUT') return /^(button|submit|reset)$/i.test(el.getAttribute('type') ?? '');
  if (tag !== 'A') return false;
  return el.getAttribute('role') === 'button' || /(^|[\s_-])(btn|button|cta)([\s_-]|$)/i.test(el.className);
}

/** Elements that become an element of their own (and so break the text around them). */
function isStandalone(node: Node): boolean {
  if (node.nodeType !== 1) return false;
  const el = node as Element;
  const tag = tagOf(el);
  if (SKIPPED.has(tag)) return false;
  return BLOCKS.has(tag) || tag === 'IMG' || isButtonLike(el) || hasStandaloneInside(el);
}

function hasStandaloneInside(el: Element): boolean {
  return [...el.children].some((child) => isStandalone(child));
}

function textOf(node: Node): string {
  return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function collectBlocks(parent: Node, out: ElementNode[]): void {
  let run: Node[] = [];
  const flush = (style?: { fontSize: number; fontWeight: string }) => {
    const content = inlineHtml(run).trim();
    run = [];
    if (content === '' || plainText(content) === '') return;
    out.push({ type: 'text', props: { content: sanitizeHtml(content), ...(style ?? {}) } });
  };
  for (const node of parent.childNodes) {
    if (out.length >= MAX_PASTED_HTML_ELEMENTS) return;
    if (node.nodeType === 3) {
      run.push(node);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const el = node as Element;
    const tag = tagOf(el);
    if (SKIPPED.has(tag)) continue;
    if (!isStandalone(el)) {
      run.push(el);
      continue;
    }
    flush();
    if (tag === 'IMG') {
      const src = safeImageUrl(el.getAttribute('src'));
      if (src) out.push({ type: 'image', props: { imageUrl: src, alt: el.getAttribute('alt') ?? '' } });
    } else if (isButtonLike(el) && !hasStandaloneInside(el)) {
      const label = tag === 'INPUT' ? (el.getAttribute('value') ?? '') : textOf(el);
      if (label !== '') {
        const href = tag === 'A' ? safeUrl(el.getAttribute('href')) : '#';
        out.push({ type: 'button', props: { buttonText: label.slice(0, 200), buttonUrl: href } });
      }
    } else if (HEADING_SIZE[tag] !== undefined && !hasStandaloneInside(el)) {
      run = [...el.childNodes];
      flush({ fontSize: HEADING_SIZE[tag] as number, fontWeight: 'bold' });
    } else if ((tag === 'UL' || tag === 'OL') && !hasStandaloneInside(el)) {
      run = [el];
      flush();
    } else {
      collectBlocks(el, out);
    }
  }
  flush();
}

/** Inline content as safe markup: text escaped, formatting tags kept bare, links kept only with a safe URL. */
function inlineHtml(nodes: Iterable<Node>): string {
  let html = '';
  for (const node of nodes) {
    if (node.nodeType === 3) {
      html += escapeHtml((node.textContent ?? '').replace(/\s+/g, ' '));
      continue;
    }
    if (node.nodeType !== 1) continue;
    const el = node as Element;
    const tag = tagOf(el);
    if (SKIPPED.has(tag)) continue;
    const inner = inlineHtml(el.childNodes);
    if (tag === 'BR') html += '<br>';
    else if (FORMATTING.has(tag)) html += `<${tag.toLowerCase()}>${inner}</${tag.toLowerCase()}>`;
    else if (tag === 'UL' || tag === 'OL') html += `<${tag.toLowerCase()}>${inner}</${tag.toLowerCase()}>`;
    else if (tag === 'LI') html += `<li>${inner}</li>`;
    else if (tag === 'A') {
      const href = safeUrl(el.getAttribute('href'));
      html += href === '#' ? inner : `<a href="${escapeHtml(href)}">${inner}</a>`;
    } else html += inner;
  }
  return html;
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&#?\w+;/g, 'x')
    .trim();
}
