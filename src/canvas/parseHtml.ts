import { isElementType } from './elements/registry.ts';
import type { ElementNode } from './ops/elementOps.ts';
import type { ElementProps } from './siteDoc.ts';

const CONTAINER_TAGS = new Set(['DIV', 'MAIN', 'ARTICLE', 'ASIDE']);

/**
 * Turns a saved site's HTML back into elements (spec §4: a site without pages). Elements exported by
 * the builder keep their type; other markup maps by tag: headings, paragraphs, links and buttons, images,
 * sections, navs, footers, forms. Text is read as text: no markup is carried over.
 */
export function parseHtmlToElements(html: string): ElementNode[] {
  if (typeof DOMParser === 'undefined' || html.trim() === '') return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const root = doc.querySelector('.bz-site') ?? doc.body;
  return [...root.children].flatMap(toNode);
}

function textOf(el: Element): string {
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function toNode(el: Element): ElementNode[] {
  const tag = el.tagName;
  const exported = el.getAttribute('data-element-id');
  const kids = () => [...el.children].flatMap(toNode);
  if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'NOSCRIPT' || tag === 'TEMPLATE') return [];
  if (/^H[1-6]$/.test(tag))
    return [node('header', { content: textOf(el), level: tag === 'H1' ? 'h1' : tag === 'H2' ? 'h2' : 'h3' })];
  if (tag === 'HEADER') {
    const heading = el.querySelector('h1,h2,h3,h4,h5,h6');
    return [
      node('header', {
        content: textOf(heading ?? el),
        subtitle: heading ? textOf(el.querySelector('p') ?? el).slice(0, 500) : '',
      }),
    ];
  }
  if (tag === 'P' || tag === 'SPAN' || tag === 'BLOCKQUOTE' || tag === 'UL' || tag === 'OL')
    return [node('text', { content: textOf(el) })];
  if (tag === 'IMG')
    return [node('image', { imageUrl: el.getAttribute('src') ?? '', alt: el.getAttribute('alt') ?? '' })];
  if (tag === 'FIGURE' && el.querySelector('img')) return toNode(el.querySelector('img') as Element);
  if (tag === 'A' || tag === 'BUTTON')
    return [node('button', { buttonText: textOf(el), buttonUrl: el.getAttribute('href') ?? '#' })];
  if (tag === 'NAV') {
    const links = [...el.querySelectorAll('a')].map((a, i) => ({
      id: `nav-${i}`,
      label: textOf(a),
      url: a.getAttribute('href') ?? '#',
    }));
    return [
      node('navbar', {
        logoText: textOf(el.querySelector('span,strong,b') ?? el).slice(0, 80),
        navItems: links,
      }),
    ];
  }
  if (tag === 'FOOTER') return [node('footer', { content: textOf(el).slice(0, 500) })];
  if (tag === 'FORM') {
    const fields = [...el.querySelectorAll('input,textarea,select')].map((input, i) => ({
      id: `field-${i}`,
      type:
        input.tagName === 'TEXTAREA'
          ? 'textarea'
          : input.tagName === 'SELECT'
            ? 'select'
            : (input.getAttribute('type') ?? 'text'),
      label: input.getAttribute('name') ?? input.getAttribute('placeholder') ?? `Field ${i + 1}`,
      required: input.hasAttribute('required'),
    }));
    return [
      node('form', {
        content: textOf(el.querySelector('h1,h2,h3,h4') ?? el).slice(0, 200),
        formFields: fields,
      }),
    ];
  }
  const children = kids();
  if (tag === 'SECTION') return [node('section', {}, children)];
  if (exported && el.classList.contains('bz-grid')) return [node('grid', {}, children)];
  if (CONTAINER_TAGS.has(tag)) {
    if (children.length === 0) return textOf(el) ? [node('text', { content: textOf(el) })] : [];
    return children.length === 1 ? children : [node('container', {}, children)];
  }
  return textOf(el) ? [node('text', { content: textOf(el) })] : children;
}

function node(type: string, props: ElementProps, children: ElementNode[] = []): ElementNode {
  return { type: isElementType(type) ? type : 'text', props, children };
}
